/**
 * The second step of a sign-in (issue 15, beyond the spec). A right password of a member who has a
 * second factor, or whose organisation requires one, signs nobody in: it stores a pending sign-in
 * (`pending_sign_ins`, 5 minutes) named by a random token in the browser's HttpOnly SSPPENDING cookie,
 * and the browser goes to `/{orgId}/login/verify`. There the member types a code of their
 * authenticator app or a recovery code, or uses a passkey; where the organisation requires a second
 * factor and they have none, they add one (an app or a passkey) and are shown their recovery codes.
 * Only then is the browser signed in (plugins/session.ts `signIn`: a new session). Any app process
 * can finish it: everything is in the database. It is finished once (deleted in one statement).
 *
 * "Sign in with a passkey" (no username, no password) uses the same pending row before the passkey
 * names its member: the challenge is kept on it, so the answer must come from the browser that asked.
 *
 * Throttling and lock-out are the password's (services/passwordAttempts.ts): every code or passkey
 * tried claims an attempt under the member's account name (and, outside FedRAMP, the address) before
 * it is checked; a wrong one stays counted (FedRAMP: 3 in a row lock the account for 30 minutes,
 * whether passwords or codes), a right one clears the count. The right password before it gave its
 * own attempt back without clearing anything (services/login.ts), so typing the password again does
 * not buy more guesses at the code. Codes typed while adding a factor are not counted: they prove
 * only that the member copied the secret this browser was just given.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  SECOND_FACTOR_LIMITS, type AuthenticationCredential, type PendingSignInAnswer, type RegistrationCredential, type TotpSetupAnswer,
} from '../../schemas/api/secondFactors.ts';
import type { Db } from '../db/client.ts';
import { findContact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import {
  findPendingSignIn, insertPendingSignIn, setPendingChallenge, takePendingChallenge, takePendingSignIn, type NewPendingSignIn, type PendingSignInRow,
} from '../repositories/pendingSignIns.ts';
import { claimTotpStep, factorCounts, findPasskey, findTotp, listPasskeys, markPasskeyUsed, useRecoveryCode } from '../repositories/secondFactors.ts';
import { looksLikeRecoveryCode, looksLikeTotpCode, matchingTotpStep, normalisedCode, recoveryCodeHash } from './oneTimeCodes.ts';
import { claimPasswordCheck, type PasswordAttempt } from './passwordAttempts.ts';
import { refuse, type Refusal } from './results.ts';
import {
  confirmTotpSetup, finishPasskeyRegistration, hasFactor, SECOND_FACTOR_ERRORS, startPasskeyRegistration, startTotpSetup,
} from './secondFactors.ts';
import { hashToken, newToken } from './tokens.ts';
import { authenticationOptions, verifyAuthentication, type RelyingParty } from './webauthn.ts';

/** The cookie naming the browser's pending sign-in (HttpOnly, only under `/{orgId}/signIn`). */
export const PENDING_COOKIE = 'SSPPENDING';
export const pendingCookiePath = (orgId: string) => `/${orgId}/signIn`;

const FAILED = { status: 'failed' } as const;
const ERRORS = {
  pendingExpired: refuse(403, { ...FAILED, errorCode: 'secondFactor.pendingExpired' }),
  codeRequired: refuse(400, { ...FAILED, errorCode: 'secondFactor.codeRequired' }),
  enrolFirst: refuse(409, { ...FAILED, errorCode: 'secondFactor.enrolFirst' }),
  enrolNotAllowed: refuse(403, { ...FAILED, errorCode: 'secondFactor.enrolNotAllowed' }),
  noPasskey: refuse(409, { ...FAILED, errorCode: 'secondFactor.notFound' }),
  passkeyUnknown: refuse(403, { ...FAILED, errorCode: 'passkey.unknown' }),
  passkeyInvalid: refuse(403, { ...FAILED, errorCode: 'passkey.invalid' }),
} as const;

/** A new pending sign-in: the browser's token and the row that keeps its hash. */
export function newPendingSignIn(orgId: string, contactId: number | null, challenge: string | null): { token: string; row: NewPendingSignIn } {
  const token = newToken();
  return { token, row: { orgId, tokenHash: hashToken(token), contactId, challenge, expiresAt: new Date(Date.now() + SECOND_FACTOR_LIMITS.pendingSeconds * 1000) } };
}

/** A finished second step: the browser is to be signed in as `contactId` (with the recovery codes an enrolment made). */
export type SecondStepResult = { ok: true; contactId: number; recoveryCodes?: string[] } | Refusal;

interface Pending extends PendingSignInRow {
  contactId: number;
}

/** The live pending sign-in of the password (one with a member) that `token` names. */
async function pendingOf(db: Db, org: Organization, token: string | undefined): Promise<Pending | null> {
  if (!token || token.length > 100) return null;
  const row = await findPendingSignIn(db, org.orgId, hashToken(token));
  return row && row.contactId !== null ? (row as Pending) : null;
}

/** The member must add a factor now: their organisation requires one and they have none. */
async function mustEnrol(db: Db, org: Organization, contactId: number): Promise<boolean> {
  return org.settings.requireSecondFactor && !hasFactor(await factorCounts(db, org.orgId, contactId));
}

/** What the second-step page offers the member (or the enrolment their organisation requires). */
export async function pendingSignInState(db: Db, org: Organization, token: string | undefined): Promise<({ ok: true } & PendingSignInAnswer) | Refusal> {
  const pending = await pendingOf(db, org, token);
  if (!pending) return ERRORS.pendingExpired;
  const counts = await factorCounts(db, org.orgId, pending.contactId);
  return {
    ok: true, enrol: org.settings.requireSecondFactor && !hasFactor(counts), totp: counts.totp, passkey: counts.passkeys > 0,
    recoveryCodes: counts.recoveryCodes > 0, expiresInSeconds: Math.max(0, Math.ceil((pending.expiresAt.getTime() - Date.now()) / 1000)),
  };
}

/** The attempt of the member's account (and the address): the password's counting. */
async function claimAttempt(db: Db, org: Organization, contactId: number, clientAddress: string): Promise<PasswordAttempt | Refusal> {
  const contact = await findContact(db, org.orgId, contactId);
  return claimPasswordCheck(db, org, contact?.username ?? `#${contactId}`, clientAddress);
}

/** A wrong code or passkey: the lock it closed, or `errorCode` with FedRAMP's attempts left. */
function wrong(attempt: PasswordAttempt, errorCode: string): Refusal {
  return attempt.failed() ?? refuse(403, { ...FAILED, errorCode, ...(attempt.remaining === null ? {} : { remainCount: attempt.remaining }) });
}

/** The pending sign-in finished for `contactId`: deleted (once) and its count cleared. */
async function finish(db: Db, org: Organization, pending: Pending, attempt: PasswordAttempt | null, extra: { recoveryCodes?: string[] } = {}): Promise<SecondStepResult> {
  if (!(await takePendingSignIn(db, org.orgId, pending.tokenHash, pending.contactId))) return ERRORS.pendingExpired;
  await attempt?.succeeded();
  return { ok: true, contactId: pending.contactId, ...extra };
}

/** The second step with a code: 6 digits of the member's app, or one of their recovery codes. */
export async function verifySecondStepCode(db: Db, org: Organization, token: string | undefined, typed: string, clientAddress: string): Promise<SecondStepResult> {
  const pending = await pendingOf(db, org, token);
  if (!pending) return ERRORS.pendingExpired;
  const code = normalisedCode(typed);
  if (code === '') return ERRORS.codeRequired;
  if (await mustEnrol(db, org, pending.contactId)) return ERRORS.enrolFirst;
  const attempt = await claimAttempt(db, org, pending.contactId, clientAddress);
  if (!attempt.ok) return attempt;
  if (looksLikeTotpCode(code)) {
    const totp = await findTotp(db, org.orgId, pending.contactId);
    const step = totp ? matchingTotpStep(totp.secret, code) : null;
    if (step === null) return wrong(attempt, 'secondFactor.codeInvalid');
    if (!(await claimTotpStep(db, org.orgId, pending.contactId, step))) return wrong(attempt, 'secondFactor.codeUsed');
    return finish(db, org, pending, attempt);
  }
  if (looksLikeRecoveryCode(code) && (await useRecoveryCode(db, org.orgId, pending.contactId, await recoveryCodeHash(db, org.orgId, pending.contactId, code)))) {
    return finish(db, org, pending, attempt);
  }
  return wrong(attempt, 'secondFactor.codeInvalid');
}

/** Options for the second step with one of the member's passkeys (user verification preferred: the password was the first factor). */
export async function secondStepPasskeyOptions(
  db: Db, org: Organization, token: string | undefined, rp: RelyingParty | null,
): Promise<{ ok: true; options: Record<string, unknown>; origin: string } | Refusal> {
  const pending = await pendingOf(db, org, token);
  if (!pending) return ERRORS.pendingExpired;
  if (!rp) return SECOND_FACTOR_ERRORS.passkeyUnavailable;
  const passkeys = await listPasskeys(db, org.orgId, pending.contactId);
  if (passkeys.length === 0) return ERRORS.noPasskey;
  const options = await authenticationOptions(rp, passkeys.map((row) => ({ id: row.credentialId, transports: row.transports })), 'preferred');
  if (!(await setPendingChallenge(db, org.orgId, pending.tokenHash, options.challenge))) return ERRORS.pendingExpired;
  return { ok: true, options: options as unknown as Record<string, unknown>, origin: rp.origin };
}

/** The second step with a passkey of the member's: its signature over the challenge handed out. */
export async function verifySecondStepPasskey(
  db: Db, org: Organization, token: string | undefined, rp: RelyingParty | null, credential: AuthenticationCredential, clientAddress: string,
): Promise<SecondStepResult> {
  const pending = await pendingOf(db, org, token);
  if (!pending) return ERRORS.pendingExpired;
  if (!rp) return SECOND_FACTOR_ERRORS.passkeyUnavailable;
  if (!pending.challenge || !(await takePendingChallenge(db, org.orgId, pending.tokenHash, pending.challenge))) return ERRORS.passkeyInvalid;
  const attempt = await claimAttempt(db, org, pending.contactId, clientAddress);
  if (!attempt.ok) return attempt;
  const passkey = await findPasskey(db, org.orgId, credential.id);
  if (!passkey || passkey.contactId !== pending.contactId) return wrong(attempt, 'passkey.invalid');
  const verified = await verifyAuthentication(rp, credential as unknown as AuthenticationResponseJSON, pending.challenge, {
    id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports,
  }, false);
  if (!verified.ok) return wrong(attempt, 'passkey.invalid');
  await markPasskeyUsed(db, org.orgId, passkey.credentialId, verified.newCounter);
  return finish(db, org, pending, attempt);
}

/** The pending sign-in of a member who must add a factor now, or the refusal. */
async function enrolling(db: Db, org: Organization, token: string | undefined): Promise<Pending | Refusal> {
  const pending = await pendingOf(db, org, token);
  if (!pending) return ERRORS.pendingExpired;
  if (!(await mustEnrol(db, org, pending.contactId))) return ERRORS.enrolNotAllowed;
  return pending;
}

const isRefusal = (value: Pending | Refusal): value is Refusal => 'ok' in value && value.ok === false;

/** Enrolment at the sign-in: a secret for the member's new authenticator app. */
export async function enrolTotpSetup(db: Db, org: Organization, token: string | undefined): Promise<({ ok: true } & TotpSetupAnswer) | Refusal> {
  const pending = await enrolling(db, org, token);
  return isRefusal(pending) ? pending : startTotpSetup(db, org, pending.contactId);
}

/** Enrolment at the sign-in: the app confirmed by one of its codes; signed in, with the recovery codes. */
export async function enrolTotpConfirm(db: Db, org: Organization, token: string | undefined, code: string): Promise<SecondStepResult> {
  const pending = await enrolling(db, org, token);
  if (isRefusal(pending)) return pending;
  const confirmed = await confirmTotpSetup(db, org, pending.contactId, code);
  if (!confirmed.ok) return confirmed;
  return finish(db, org, pending, null, { recoveryCodes: confirmed.recoveryCodes });
}

/** Enrolment at the sign-in: options for the member's first passkey. */
export async function enrolPasskeyOptions(
  db: Db, org: Organization, token: string | undefined, rp: RelyingParty | null,
): Promise<{ ok: true; options: Record<string, unknown>; origin: string } | Refusal> {
  const pending = await enrolling(db, org, token);
  return isRefusal(pending) ? pending : startPasskeyRegistration(db, org, pending.contactId, rp);
}

/** Enrolment at the sign-in: the member's first passkey stored; signed in, with the recovery codes. */
export async function enrolPasskey(
  db: Db, org: Organization, token: string | undefined, rp: RelyingParty | null, credential: RegistrationCredential, name: string | undefined,
): Promise<SecondStepResult> {
  const pending = await enrolling(db, org, token);
  if (isRefusal(pending)) return pending;
  const added = await finishPasskeyRegistration(db, org, pending.contactId, rp, credential, name);
  if (!added.ok) return added;
  return finish(db, org, pending, null, added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {});
}

/** "Sign in with a passkey": a pending sign-in for nobody yet, holding the challenge (user verification required). */
export async function startPasskeySignIn(
  db: Db, org: Organization, rp: RelyingParty | null,
): Promise<{ ok: true; token: string; expiresAt: Date; options: Record<string, unknown>; origin: string } | Refusal> {
  if (!rp) return SECOND_FACTOR_ERRORS.passkeyUnavailable;
  const options = await authenticationOptions(rp, null, 'required');
  const { token, row } = newPendingSignIn(org.orgId, null, options.challenge);
  await insertPendingSignIn(db, row);
  return { ok: true, token, expiresAt: row.expiresAt, options: options as unknown as Record<string, unknown>, origin: rp.origin };
}

/**
 * "Sign in with a passkey" answered: the passkey the browser chose names the member (its user handle
 * must be theirs); its signature over this browser's challenge, with user verification, signs them in.
 * A locked account (FedRAMP) stays locked.
 */
export async function finishPasskeySignIn(
  db: Db, org: Organization, token: string | undefined, rp: RelyingParty | null, credential: AuthenticationCredential, clientAddress: string,
): Promise<SecondStepResult> {
  if (!rp) return SECOND_FACTOR_ERRORS.passkeyUnavailable;
  if (!token || token.length > 100) return ERRORS.pendingExpired;
  const tokenHash = hashToken(token);
  const pending = await findPendingSignIn(db, org.orgId, tokenHash);
  if (!pending || pending.contactId !== null) return ERRORS.pendingExpired;
  if (!pending.challenge || !(await takePendingChallenge(db, org.orgId, tokenHash, pending.challenge))) return ERRORS.passkeyInvalid;
  const passkey = await findPasskey(db, org.orgId, credential.id);
  const userHandle = credential.response.userHandle;
  if (!passkey || (userHandle !== undefined && userHandle !== passkey.userHandle)) return ERRORS.passkeyUnknown;
  const attempt = await claimAttempt(db, org, passkey.contactId, clientAddress);
  if (!attempt.ok) return attempt;
  const verified = await verifyAuthentication(rp, credential as unknown as AuthenticationResponseJSON, pending.challenge, {
    id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports,
  }, true);
  if (!verified.ok) return wrong(attempt, 'passkey.invalid');
  await markPasskeyUsed(db, org.orgId, passkey.credentialId, verified.newCounter);
  if (!(await takePendingSignIn(db, org.orgId, tokenHash, null))) return ERRORS.pendingExpired;
  await attempt.succeeded();
  return { ok: true, contactId: passkey.contactId };
}
