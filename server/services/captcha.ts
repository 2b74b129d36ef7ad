/**
 * The captcha of the test notification (issue 12; §6 "Test notification needs permission and a
 * captcha token"; ARCHITECTURE.md "captcha (self-hosted proof-of-work, reCAPTCHA when a site key is
 * set)").
 *
 * - **ALTCHA** (default, nothing from a third party): altcha-lib v2's proof of work (the protocol of
 *   the `altcha` v3 widget), SHA-256, a secret counter between `maxNumber / 2` and `maxNumber` the
 *   browser must find; the challenge is signed with an HMAC key kept in `server_secrets`
 *   (`altcha-hmac`), expires after `expiresInSeconds`, and names the organisation and the member it
 *   was made for (`parameters.data`), so it is no good to anyone else.
 * - **reCAPTCHA**, only when the organisation set `sendNotificationPermission.recaptchaSiteKey` and
 *   the server has RECAPTCHA_SECRET: the browser loads Google's script (RECAPTCHA_SCRIPT_URL; that
 *   organisation's pages alone let it past the Content-Security-Policy, `recaptchaSources`) and the
 *   token is checked with siteverify (RECAPTCHA_VERIFY_URL).
 *
 * Either way a solution is used once: its SHA-256 is stored in `captcha_uses` until it would have
 * expired anyway, and a second use is refused (`captcha.replayed`). `verify` never throws.
 */
import { createHash, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { TEST_NOTIFICATION_ERRORS as ERRORS } from '../../schemas/api/testNotification.ts';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { claimCaptchaUse } from '../repositories/testNotifications.ts';
import { serverSecret } from './serverSecrets.ts';

export interface CaptchaOptions {
  /** The proof of work: the counter the browser must find is at most `maxNumber` (ALTCHA_MAX_NUMBER). */
  altcha: { maxNumber: number; expiresInSeconds: number };
  /** Google reCAPTCHA (RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL, RECAPTCHA_SCRIPT_URL); null: ALTCHA for every organisation. */
  recaptcha: { secret: string; verifyUrl: string; scriptUrl?: string } | null;
  /** Per siteverify request (10 s). */
  timeoutMs?: number;
}

export const DEFAULT_ALTCHA = { maxNumber: 50_000, expiresInSeconds: 5 * 60 } as const;
export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const DEFAULT_RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/**
 * What a page that draws reCAPTCHA must let past its Content-Security-Policy: Google's script and
 * frames as Google documents them (the script loads more from www.gstatic.com, the checkbox is a
 * frame of www.google.com), or, for another script address (a test's loopback server), its origin.
 */
export function recaptchaSources(scriptUrl: string): { scriptSrc: string[]; frameSrc: string[] } {
  const origin = new URL(scriptUrl).origin;
  if (origin === 'https://www.google.com') {
    return {
      scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    };
  }
  return { scriptSrc: [origin], frameSrc: [origin] };
}
/** A reCAPTCHA token lives 2 minutes at Google; its use is remembered longer. */
const RECAPTCHA_KEPT_MS = 10 * 60 * 1000;
const ALGORITHM = 'SHA-256';

export type CaptchaKind = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string; scriptUrl: string };
export type CaptchaVerdict = { ok: true } | { ok: false; errorCode: string; status: 400 | 503 };

export interface Captcha {
  /** The captcha the organisation's members solve. */
  kindFor(org: Organization): CaptchaKind;
  /** A new ALTCHA challenge for this member. */
  challenge(db: Db, orgId: string, contactId: number): Promise<Challenge>;
  /** Checks `solution` (the form's `g-recaptcha-response`) for this member and uses it up. */
  verify(db: Db, org: Organization, contactId: number, solution: string, remoteIp: string): Promise<CaptchaVerdict>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const refuse = (errorCode: string, status: 400 | 503 = 400): CaptchaVerdict => ({ ok: false, errorCode, status });

/** The altcha widget's payload: base64 of `{challenge: {parameters, signature}, solution: {counter, derivedKey}}`. */
function readAltchaPayload(solution: string): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  try {
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object') return null;
    const { challenge, solution: solved } = payload as Record<string, unknown>;
    if (!challenge || typeof challenge !== 'object' || !solved || typeof solved !== 'object') return null;
    const { parameters, signature } = challenge as Record<string, unknown>;
    if (!parameters || typeof parameters !== 'object' || typeof signature !== 'string') return null;
    const { counter, derivedKey } = solved as Record<string, unknown>;
    if (typeof counter !== 'number' || typeof derivedKey !== 'string') return null;
    return { challenge: { parameters: parameters as Challenge['parameters'], signature }, solution: { counter, derivedKey } };
  } catch {
    return null;
  }
}

export function createCaptcha(options: CaptchaOptions): Captcha {
  const { altcha, recaptcha } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const altchaKey = async (db: Db) => (await serverSecret(db, 'altcha-hmac')).toString('base64url');

  function kindFor(org: Organization): CaptchaKind {
    const siteKey = org.settings.sendNotificationPermission.recaptchaSiteKey;
    return siteKey && recaptcha ? { kind: 'recaptcha', siteKey, scriptUrl: recaptcha.scriptUrl ?? DEFAULT_RECAPTCHA_SCRIPT_URL } : { kind: 'altcha' };
  }

  async function verifyAltcha(db: Db, org: Organization, contactId: number, solution: string): Promise<CaptchaVerdict> {
    const payload = readAltchaPayload(solution);
    if (!payload) return refuse(ERRORS.captchaInvalid);
    let verdict;
    try {
      verdict = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: await altchaKey(db) });
    } catch {
      return refuse(ERRORS.captchaInvalid);
    }
    // altcha-lib looks at the expiry before the signature: a forged challenge in the past is only told
    // "expired" too, and nothing is done for either.
    if (verdict.expired) return refuse(ERRORS.captchaExpired);
    if (!verdict.verified) return refuse(ERRORS.captchaInvalid);
    const { data, expiresAt } = payload.challenge.parameters;
    if (data?.orgId !== org.orgId || data?.contactId !== String(contactId) || typeof expiresAt !== 'number') return refuse(ERRORS.captchaInvalid);
    const fresh = await claimCaptchaUse(db, org.orgId, sha256(`altcha:${payload.challenge.signature}`), new Date(expiresAt * 1000));
    return fresh ? { ok: true } : refuse(ERRORS.captchaReplayed);
  }

  async function verifyRecaptcha(db: Db, org: Organization, token: string, remoteIp: string, secret: string, verifyUrl: string): Promise<CaptchaVerdict> {
    if (!/^[\x21-\x7e]{1,4000}$/.test(token)) return refuse(ERRORS.captchaInvalid);
    // Used once here too (siteverify also refuses a second check, but only when it is asked).
    if (!(await claimCaptchaUse(db, org.orgId, sha256(`recaptcha:${token}`), new Date(Date.now() + RECAPTCHA_KEPT_MS)))) return refuse(ERRORS.captchaReplayed);
    let answer: { success?: unknown; 'error-codes'?: unknown };
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return refuse(ERRORS.captchaUnavailable, 503);
      answer = (await response.json()) as typeof answer;
    } catch {
      return refuse(ERRORS.captchaUnavailable, 503);
    }
    if (answer.success === true) return { ok: true };
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
    return refuse(codes.includes('timeout-or-duplicate') ? ERRORS.captchaExpired : ERRORS.captchaInvalid);
  }

  return {
    kindFor,
    async challenge(db, orgId, contactId) {
      const low = Math.max(1, Math.floor(altcha.maxNumber / 2));
      return createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(low, Math.max(low, altcha.maxNumber) + 1),
        deriveKey,
        data: { orgId, contactId: String(contactId) },
        expiresAt: Math.floor(Date.now() / 1000) + altcha.expiresInSeconds,
        hmacSignatureSecret: await altchaKey(db),
      });
    },
    async verify(db, org, contactId, solution, remoteIp) {
      if (!solution) return refuse(ERRORS.captchaMissing);
      const kind = kindFor(org);
      if (kind.kind === 'recaptcha' && recaptcha) return verifyRecaptcha(db, org, solution, remoteIp, recaptcha.secret, recaptcha.verifyUrl);
      return verifyAltcha(db, org, contactId, solution);
    },
  };
}
