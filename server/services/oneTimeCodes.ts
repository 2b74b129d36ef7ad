/**
 * The codes a member types at the second step (issue 15): those of their authenticator app (RFC 6238
 * TOTP through otpauth: SHA-1, 6 digits, 30-second steps, the usual settings every app reads from the
 * QR code) and their recovery codes.
 *
 * - A code of the app is taken for the current step or one step either side (clocks drift, typing
 *   takes time: ±30 s), and at most once: the step it matched is recorded, and a code of that step or
 *   an earlier one is refused (repositories/secondFactors.ts claimTotpStep).
 * - A recovery code is 10 characters of a 31-letter alphabet without look-alikes (0/o, 1/l/i), about
 *   50 bits, shown as `xxxxx-xxxxx`; kept only as an HMAC under a server secret, bound to the
 *   organisation and the member, so a copy of the table is no list of codes to try.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/client.ts';
import { hmac } from './serverSecrets.ts';

const PERIOD = 30;
const DIGITS = 6;

/** A new secret for an authenticator app: 20 random bytes (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address of `secret`, labelled with the organisation's name and the member's. */
export function totpUri(secret: string, issuer: string, accountName: string): string {
  return new TOTP({ issuer, label: accountName, secret: Secret.fromBase32(secret), period: PERIOD, digits: DIGITS, algorithm: 'SHA1' }).toString();
}

/** The QR code of `uri` as an SVG data URL (drawn on the server: the pages load no QR library). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** What the member typed, without spaces and dashes, in lower case. */
export const normalisedCode = (typed: string) => typed.replace(/[\s-]+/g, '').toLowerCase();

/** Whether what was typed (normalised) has the shape of an app's code. */
export const looksLikeTotpCode = (code: string) => new RegExp(`^\\d{${DIGITS}}$`).test(code);

/** The time step `code` belongs to (now, or one either side), or null when it is none of them. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!looksLikeTotpCode(code)) return null;
  let key: Secret;
  try {
    key = Secret.fromBase32(secret);
  } catch {
    return null;
  }
  const delta = TOTP.validate({ token: code, secret: key, period: PERIOD, digits: DIGITS, algorithm: 'SHA1', timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** `count` new recovery codes, as shown to the member (`xxxxx-xxxxx`). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const letters = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** Whether what was typed (normalised) has the shape of a recovery code. */
export const looksLikeRecoveryCode = (code: string) => code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c));

/** What is kept of a member's recovery code (normalised): its HMAC, bound to the organisation and the member. */
export function recoveryCodeHash(db: Db, orgId: string, contactId: number, code: string): Promise<string> {
  return hmac(db, 'recovery-code', `${orgId}.${contactId}.${code}`);
}
