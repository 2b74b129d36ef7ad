/**
 * Changing a password (§4 change password and expired mode): a signed-in member changes their own
 * password; without a session only an expired password may be changed (p_expired = Y), and only
 * with the `expiredToken` the login that found it expired handed out (single use, 10 minutes: a
 * password_resets row, only its hash kept; issue 9 row 2). Anything else answers status 'timeout'
 * (§8: back to login) without checking a password. The current password is checked through the one
 * throttle and lock-out of every password check (passwordAttempts.ts). The new password follows the
 * organisation's policy (the change-password builder's schema) and is not the username nor a common
 * password. A change ends every sign-in of the member (issue 9 row 10); the route signs the browser
 * that changed it in again.
 */
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { isPasswordAllowed, passwordPolicyOf } from '../../schemas/rules/passwordPolicy.ts';
import type { Db } from '../db/client.ts';
import { findContactByUsername, setPassword } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { completePasswordReset, findUsableReset, insertPasswordReset } from '../repositories/passwordResets.ts';
import { checkSubmission } from './formSubmissions.ts';
import { accountThrottleKey, claimPasswordCheck } from './passwordAttempts.ts';
import { passwordRefusal } from './passwordChecks.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long the proof of an expired-password login lets the password be changed. */
export const EXPIRED_TOKEN_TTL_MS = 10 * 60 * 1000;

/** §7 validatePassword: truthy when `password` may be used by `userName` in `org`. */
export function isPasswordUsable(org: Organization, userName: string, password: string): boolean {
  const trimmed = password.trim();
  return isPasswordAllowed(trimmed, passwordPolicyOf(org.settings)) && passwordRefusal(trimmed, userName) === null;
}

/**
 * The proof of a login that answered status '-1' (§4 expired password), for the change that follows
 * without a session: a random token, only its hash kept, single use, EXPIRED_TOKEN_TTL_MS.
 */
export async function issueExpiredToken(db: Db, orgId: string, contactId: number): Promise<string> {
  const token = newToken();
  await insertPasswordReset(db, orgId, { tokenHash: hashToken(token), contactId, expiresAt: new Date(Date.now() + EXPIRED_TOKEN_TTL_MS) });
  return token;
}

export type ChangePasswordResult =
  | { ok: true; outcome: 'changed'; contactId: number }
  /** §8: the caller may not change this password (no session, and not an expired one): back to login. */
  | { ok: true; outcome: 'timeout' }
  | Refusal;

const FAILED = { status: 'failed' } as const;
const TIMEOUT = { ok: true, outcome: 'timeout' } as const;

export async function changePassword(
  db: Db, org: Organization, signedInContactId: number | null,
  form: { loginId?: string; oldPassword?: string; newPassword?: string; expiredToken?: string }, clientAddress: string,
): Promise<ChangePasswordResult> {
  const orgId = org.orgId;
  const loginId = (form.loginId ?? '').trim();
  const contact = loginId ? await findContactByUsername(db, orgId, loginId) : null;
  // A member changes only their own password; without a session only an expired one, with the proof
  // of the login that found it expired.
  let expiredTokenHash: string | null = null;
  if (signedInContactId !== null) {
    if (contact?.contactId !== signedInContactId) return TIMEOUT;
  } else {
    const sent = (form.expiredToken ?? '').trim();
    const proof = sent && contact?.passwordExpired ? await findUsableReset(db, orgId, hashToken(sent)) : null;
    if (!proof || proof.contactId !== contact!.contactId) return TIMEOUT;
    expiredTokenHash = proof.tokenHash;
  }

  const checked = checkSubmission(org, 'changePassword', 'edit', { featureFlags: FEATURE_FLAGS_OFF }, {
    currentPassword: form.oldPassword ?? '', newPassword: form.newPassword ?? '', confirmPassword: form.newPassword ?? '',
  });
  if (!checked.ok) return refuseValidation(checked.errors, FAILED);
  const { currentPassword, newPassword } = checked.data;
  const { passwordHash, username } = contact!;
  // A public-portal account (new-profile) has no password here: it signs in at the portal.
  if (passwordHash === null || username === null) return refuse(403, { ...FAILED, errorCode: 'ssp.password.change.failed' });

  const attempt = await claimPasswordCheck(db, org, username, clientAddress);
  if (!attempt.ok) return attempt;
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    return attempt.failed() ?? refuseField('/currentPassword', 'ssp.password.current.invalid', FAILED, 403);
  }
  await attempt.succeeded();
  const refusal = newPassword === currentPassword ? 'ssp.password.same.as.old' : passwordRefusal(newPassword, username);
  if (refusal) return refuseField('/newPassword', refusal, FAILED);

  const newHash = await hashPassword(newPassword);
  if (expiredTokenHash === null) await setPassword(db, orgId, contact!.contactId, newHash);
  // Used up in the same transaction as the change: of two changes with one token, one finds it used.
  else if (!(await completePasswordReset(db, orgId, expiredTokenHash, newHash, [accountThrottleKey(username)]))) return TIMEOUT;
  return { ok: true, outcome: 'changed', contactId: contact!.contactId };
}
