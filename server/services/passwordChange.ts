/**
 * Changing a password (§4 change password and expired mode): a signed-in member changes their own
 * password; without a session only an expired password may be changed (p_expired = Y), and anything
 * else answers status 'timeout' (§8: back to login). The new password follows the organisation's
 * policy (the change-password builder's schema) and is not the username nor a common password.
 */
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { isPasswordAllowed, passwordPolicyOf } from '../../schemas/rules/passwordPolicy.ts';
import type { Db } from '../db/client.ts';
import { findContactByUsername, setPassword } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { checkSubmission } from './formSubmissions.ts';
import { passwordRefusal } from './passwordChecks.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';

/** §7 validatePassword: truthy when `password` may be used by `userName` in `org`. */
export function isPasswordUsable(org: Organization, userName: string, password: string): boolean {
  const trimmed = password.trim();
  return isPasswordAllowed(trimmed, passwordPolicyOf(org.settings)) && passwordRefusal(trimmed, userName) === null;
}

export type ChangePasswordResult =
  | { ok: true; outcome: 'changed' }
  /** §8: the caller may not change this password (no session, and not an expired one): back to login. */
  | { ok: true; outcome: 'timeout' }
  | Refusal;

const FAILED = { status: 'failed' } as const;

export async function changePassword(
  db: Db, org: Organization, signedInContactId: number | null, form: { loginId?: string; oldPassword?: string; newPassword?: string },
): Promise<ChangePasswordResult> {
  const loginId = (form.loginId ?? '').trim();
  const contact = loginId ? await findContactByUsername(db, org.orgId, loginId) : null;
  // A member changes only their own password; without a session only an expired one may be changed.
  if (signedInContactId !== null ? contact?.contactId !== signedInContactId : !contact?.passwordExpired) return { ok: true, outcome: 'timeout' };

  const checked = checkSubmission(org, 'changePassword', 'edit', { featureFlags: FEATURE_FLAGS_OFF }, {
    currentPassword: form.oldPassword ?? '', newPassword: form.newPassword ?? '', confirmPassword: form.newPassword ?? '',
  });
  if (!checked.ok) return refuseValidation(checked.errors, FAILED);
  const { currentPassword, newPassword } = checked.data;
  const { passwordHash, username } = contact!;
  // A public-portal account (new-profile) has no password here: it signs in at the portal.
  if (passwordHash === null || username === null) return refuse(403, { ...FAILED, errorCode: 'ssp.password.change.failed' });

  if (!(await verifyPassword(passwordHash, currentPassword))) {
    return refuseField('/currentPassword', 'ssp.password.current.invalid', FAILED, 403);
  }
  const refusal = newPassword === currentPassword ? 'ssp.password.same.as.old' : passwordRefusal(newPassword, username);
  if (refusal) return refuseField('/newPassword', refusal, FAILED);

  await setPassword(db, org.orgId, contact!.contactId, await hashPassword(newPassword));
  return { ok: true, outcome: 'changed' };
}
