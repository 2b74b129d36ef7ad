/**
 * A member's second factors (issue 15, beyond the spec): an authenticator app (one), passkeys (at most
 * MAX_PASSKEYS) and the recovery codes that stand in for a lost one. Added from the member's sign-in
 * security page, or at the sign-in itself where the organisation requires a second factor and the
 * member has none (services/secondStep.ts, the same functions).
 *
 * Rules:
 * - An app is added in two steps: a secret is handed out (kept 10 minutes as an enrolment), and only a
 *   right code of it stores it; its step is then taken, so that code cannot sign in again.
 * - A passkey is added by answering the registration challenge handed out for it (once, 10 minutes)
 *   from the portal's origin, with user verification; the member's passkeys share one random user handle.
 * - The member's first factor comes with 10 recovery codes, shown once; setting up an app makes new
 *   ones too (it is where members expect them), and the member may make new ones at any time (the
 *   old ones are void). Removing the last factor removes them.
 * - Where the organisation requires a second factor, the last one cannot be removed (409 `secondFactor.required`).
 * - On the sign-in security page, a change (an app or a passkey added or removed, new recovery codes)
 *   needs a recent sign-in (services/recentSignIn.ts; else 403 `secondFactor.signInAgain`): a session
 *   someone else holds could otherwise add its own passkey or app, which would still sign in after
 *   the member changed the password, or remove the member's own.
 */
import { randomBytes } from 'node:crypto';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  SECOND_FACTOR_LIMITS, type PasskeyAddedAnswer, type PasskeyItem, type RegistrationCredential, type SecondFactorsAnswer, type TotpSetupAnswer,
} from '../../schemas/api/secondFactors.ts';
import type { Db } from '../db/client.ts';
import { findContact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import {
  factorCounts, findEnrolment, findTotp, insertPasskey, insertTotp, listPasskeys, putEnrolment, removeFactor, renamePasskey as storeName,
  replaceRecoveryCodes, takeEnrolment, userHandleOf, type FactorCounts, type PasskeyRow,
} from '../repositories/secondFactors.ts';
import {
  matchingTotpStep, newRecoveryCodes, newTotpSecret, normalisedCode, qrCodeDataUrl, recoveryCodeHash, totpUri,
} from './oneTimeCodes.ts';
import { isRecentSignIn } from './recentSignIn.ts';
import { refuse, type Refusal } from './results.ts';
import { registrationOptions, verifyRegistration, type RelyingParty } from './webauthn.ts';

/** How long a factor being added waits for its code or its passkey. */
const ENROLMENT_MS = 10 * 60 * 1000;

export const SECOND_FACTOR_ERRORS = {
  totpExists: refuse(409, { errorCode: 'secondFactor.totpExists' }),
  setupExpired: refuse(409, { errorCode: 'secondFactor.setupExpired' }),
  codeInvalid: refuse(400, { errorCode: 'secondFactor.codeInvalid' }),
  notFound: refuse(404, { errorCode: 'secondFactor.notFound' }),
  required: refuse(409, { errorCode: 'secondFactor.required' }),
  none: refuse(409, { errorCode: 'secondFactor.none' }),
  passkeyLimit: refuse(409, { errorCode: 'passkey.limit' }),
  passkeyExists: refuse(409, { errorCode: 'passkey.exists' }),
  passkeyInvalid: refuse(400, { errorCode: 'passkey.invalid' }),
  passkeyUnavailable: refuse(403, { errorCode: 'passkey.unavailable' }),
  signInAgain: refuse(403, { errorCode: 'secondFactor.signInAgain' }),
} as const;
const E = SECOND_FACTOR_ERRORS;

/** The refusal of a change to the member's factors when their sign-in (`signedInAt`) is not recent enough, else null. */
export const staleSignInRefusal = (signedInAt: Date | null): Refusal | null => (isRecentSignIn(signedInAt) ? null : E.signInAgain);

/** Whether the member has a factor (recovery codes are none). */
export const hasFactor = (counts: FactorCounts) => counts.totp || counts.passkeys > 0;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function passkeyItem(row: PasskeyRow): PasskeyItem {
  return { id: row.credentialId, name: row.name, deviceType: row.deviceType, backedUp: row.backedUp, createdAt: row.createdAt.toISOString(), lastUsedAt: iso(row.lastUsedAt) };
}

/** What the member's page shows. */
export async function listSecondFactors(db: Db, org: Organization, contactId: number): Promise<{ ok: true } & SecondFactorsAnswer> {
  const [totp, passkeys, counts] = await Promise.all([findTotp(db, org.orgId, contactId), listPasskeys(db, org.orgId, contactId), factorCounts(db, org.orgId, contactId)]);
  return {
    ok: true, required: org.settings.requireSecondFactor,
    totp: totp ? { createdAt: totp.createdAt.toISOString(), lastUsedAt: iso(totp.lastUsedAt) } : null,
    passkeys: passkeys.map(passkeyItem), recoveryCodesLeft: counts.recoveryCodes, maxPasskeys: SECOND_FACTOR_LIMITS.maxPasskeys,
  };
}

/** The member's name in their authenticator app and passkey list: their username, else their name. */
async function accountNames(db: Db, orgId: string, contactId: number): Promise<{ userName: string; displayName: string }> {
  const contact = await findContact(db, orgId, contactId);
  const displayName = contact ? `${contact.firstName} ${contact.lastName}`.trim() : '';
  return { userName: contact?.username || displayName || String(contactId), displayName: displayName || contact?.username || '' };
}

/** Hands out a new secret for the member's authenticator app (refused when they have one). */
export async function startTotpSetup(db: Db, org: Organization, contactId: number): Promise<({ ok: true } & TotpSetupAnswer) | Refusal> {
  if (await findTotp(db, org.orgId, contactId)) return E.totpExists;
  const secret = newTotpSecret();
  await putEnrolment(db, org.orgId, contactId, 'totp', secret, new Date(Date.now() + ENROLMENT_MS));
  const uri = totpUri(secret, org.settings.orgName || org.orgId, (await accountNames(db, org.orgId, contactId)).userName);
  return { ok: true, secret, uri, qrCode: await qrCodeDataUrl(uri) };
}

/**
 * Stores the app handed out by startTotpSetup once `code` is one of its codes; answers new recovery
 * codes. A wrong code leaves the setup as it was (the member may type again).
 */
export async function confirmTotpSetup(db: Db, org: Organization, contactId: number, code: string): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  const secret = await findEnrolment(db, org.orgId, contactId, 'totp');
  if (!secret) return E.setupExpired;
  const step = matchingTotpStep(secret, normalisedCode(code));
  if (step === null) return E.codeInvalid;
  if ((await takeEnrolment(db, org.orgId, contactId, 'totp')) !== secret) return E.setupExpired;
  if (!(await insertTotp(db, org.orgId, contactId, secret, step))) return E.totpExists;
  return { ok: true, recoveryCodes: await issueRecoveryCodes(db, org.orgId, contactId) };
}

/** 10 new recovery codes for the member (the old ones void); shown once. */
export async function issueRecoveryCodes(db: Db, orgId: string, contactId: number): Promise<string[]> {
  const codes = newRecoveryCodes(SECOND_FACTOR_LIMITS.recoveryCodes);
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(db, orgId, contactId, normalisedCode(code))));
  await replaceRecoveryCodes(db, orgId, contactId, hashes);
  return codes;
}

/** New recovery codes on the member's asking: only with a factor they stand in for. */
export async function renewRecoveryCodes(db: Db, org: Organization, contactId: number): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  if (!hasFactor(await factorCounts(db, org.orgId, contactId))) return E.none;
  return { ok: true, recoveryCodes: await issueRecoveryCodes(db, org.orgId, contactId) };
}

export async function removeTotp(db: Db, org: Organization, contactId: number): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return removed(await removeFactor(db, org.orgId, contactId, { kind: 'totp' }, org.settings.requireSecondFactor));
}

export async function removePasskey(db: Db, org: Organization, contactId: number, credentialId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return removed(await removeFactor(db, org.orgId, contactId, { kind: 'passkey', credentialId }, org.settings.requireSecondFactor));
}

function removed(outcome: 'removed' | 'notFound' | 'lastRequired'): { ok: true; status: 'ok' } | Refusal {
  return outcome === 'removed' ? { ok: true, status: 'ok' } : outcome === 'notFound' ? E.notFound : E.required;
}

export async function renamePasskey(db: Db, org: Organization, contactId: number, credentialId: string, name: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await storeName(db, org.orgId, contactId, credentialId, name.trim())) ? { ok: true, status: 'ok' } : E.notFound;
}

/** What a passkey registration keeps until it is answered: the challenge and the user handle it was made for. */
interface PasskeyEnrolment {
  challenge: string;
  userHandle: string;
}

/** Options for adding a passkey (the member's own excluded, so a device is not registered twice). */
export async function startPasskeyRegistration(
  db: Db, org: Organization, contactId: number, rp: RelyingParty | null,
): Promise<{ ok: true; options: Record<string, unknown>; origin: string } | Refusal> {
  if (!rp) return E.passkeyUnavailable;
  const existing = await listPasskeys(db, org.orgId, contactId);
  if (existing.length >= SECOND_FACTOR_LIMITS.maxPasskeys) return E.passkeyLimit;
  const userHandle = existing[0]?.userHandle ?? (await userHandleOf(db, org.orgId, contactId)) ?? randomBytes(16).toString('base64url');
  const names = await accountNames(db, org.orgId, contactId);
  const options = await registrationOptions(rp, {
    rpName: org.settings.orgName || org.orgId, userName: names.userName, displayName: names.displayName, userHandle,
    exclude: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  const enrolment: PasskeyEnrolment = { challenge: options.challenge, userHandle };
  await putEnrolment(db, org.orgId, contactId, 'passkey', JSON.stringify(enrolment), new Date(Date.now() + ENROLMENT_MS));
  return { ok: true, options: options as unknown as Record<string, unknown>, origin: rp.origin };
}

/**
 * Stores the passkey that answers the registration challenge handed out (used up either way). With
 * the member's first factor, answers their recovery codes too.
 */
export async function finishPasskeyRegistration(
  db: Db, org: Organization, contactId: number, rp: RelyingParty | null, credential: RegistrationCredential, name: string | undefined,
): Promise<({ ok: true } & PasskeyAddedAnswer) | Refusal> {
  if (!rp) return E.passkeyUnavailable;
  const stored = await takeEnrolment(db, org.orgId, contactId, 'passkey');
  if (!stored) return E.setupExpired;
  const enrolment = JSON.parse(stored) as PasskeyEnrolment;
  const verified = await verifyRegistration(rp, credential as unknown as RegistrationResponseJSON, enrolment.challenge);
  if (!verified.ok) return E.passkeyInvalid;
  const before = await factorCounts(db, org.orgId, contactId);
  const { credential: made } = verified;
  const row = {
    orgId: org.orgId, contactId, credentialId: made.id, userHandle: enrolment.userHandle, publicKey: made.publicKey, counter: made.counter,
    transports: made.transports, name: (name ?? '').trim(), deviceType: made.deviceType, backedUp: made.backedUp,
  };
  const outcome = await insertPasskey(db, row, SECOND_FACTOR_LIMITS.maxPasskeys);
  if (outcome === 'limit') return E.passkeyLimit;
  if (outcome === 'exists') return E.passkeyExists;
  const now = new Date();
  const passkey = passkeyItem({ ...row, createdAt: now, lastUsedAt: null });
  return hasFactor(before) ? { ok: true, passkey } : { ok: true, passkey, recoveryCodes: await issueRecoveryCodes(db, org.orgId, contactId) };
}
