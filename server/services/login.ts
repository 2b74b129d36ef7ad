/**
 * Login (§4, §5, §6): the form is the login builder's (same schema as the browser); the password is
 * checked against its argon2id hash. FedRAMP organisations count failed attempts (`remainCount` →
 * 'ssp.request.account.error.fedRamp') and lock the account (`fedrampLockTime` minutes →
 * 'ssp.request.account.locked.fedRamp'); other organisations throttle repeated failures per account
 * name and per address. Unknown usernames go through the same counting and the same answers, so
 * nobody learns which usernames exist. Every refusal carries §7's `status: 'failed'` (or 'locked').
 */
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { clearLoginFailures, findContactByUsername, lockContact, recordFailedLogin } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { clearFailures, countFailure, countedFailures } from '../repositories/throttle.ts';
import { checkSubmission } from './formSubmissions.ts';
import { spendVerificationTime, verifyPassword } from './passwords.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

/** FedRAMP (NIST AC-7): three consecutive failures lock the account for 30 minutes. */
export const FEDRAMP_MAX_ATTEMPTS = 3;
export const FEDRAMP_LOCK_MINUTES = 30;
/** Elsewhere: at most 10 failures per account name, 50 per address, in 15 minutes (THROTTLE_WINDOW_MS). */
export const THROTTLE_PER_ACCOUNT = 10;
export const THROTTLE_PER_ADDRESS = 50;

export type LoginResult =
  /** The password is right: sign the browser in as `contactId`. */
  | { ok: true; outcome: 'signIn'; contactId: number }
  /** §4 "status '-1' goes to reset-password (sets p_expired marker)": nothing is signed in yet. */
  | { ok: true; outcome: 'passwordExpired' }
  | Refusal;

const FAILED = { status: 'failed' } as const;
const locked = (minutes: number) => refuse(403, { status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: minutes });

export async function login(db: Db, org: Organization, form: { username?: string; password?: string }, clientAddress: string): Promise<LoginResult> {
  const checked = checkSubmission(org, 'login', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { username: form.username, password: form.password });
  if (!checked.ok) return refuseValidation(checked.errors, FAILED);
  const { username, password } = checked.data as { username: string; password: string };

  const orgId = org.orgId;
  const accountKey = `user:${username.toLowerCase()}`;
  const addressKey = `ip:${clientAddress}`;
  const fedRamp = org.settings.isFedRAMPCustomer;
  const contact = await findContactByUsername(db, orgId, username);

  if (fedRamp) {
    const lockedFor = contact?.lockedUntil ? contact.lockedUntil.getTime() - Date.now() : 0;
    const unknownLocked = !contact && (await countedFailures(db, orgId, accountKey)) >= FEDRAMP_MAX_ATTEMPTS;
    if (lockedFor > 0 || unknownLocked) {
      await spendVerificationTime(password);
      return locked(lockedFor > 0 ? Math.ceil(lockedFor / 60000) : FEDRAMP_LOCK_MINUTES);
    }
  } else if ((await countedFailures(db, orgId, accountKey)) >= THROTTLE_PER_ACCOUNT || (await countedFailures(db, orgId, addressKey)) >= THROTTLE_PER_ADDRESS) {
    return refuse(429, { ...FAILED, errorCode: 'login.throttled' });
  }

  const valid = await verifyPassword(contact?.passwordHash, password);
  if (!contact || !valid) {
    if (fedRamp) {
      const failures = contact ? await recordFailedLogin(db, orgId, contact.contactId) : await countFailure(db, orgId, accountKey);
      if (failures >= FEDRAMP_MAX_ATTEMPTS) {
        if (contact) await lockContact(db, orgId, contact.contactId, new Date(Date.now() + FEDRAMP_LOCK_MINUTES * 60000));
        return locked(FEDRAMP_LOCK_MINUTES);
      }
      return refuse(403, { ...FAILED, errorCode: 'ssp.request.account.error.fedRamp', remainCount: FEDRAMP_MAX_ATTEMPTS - failures });
    }
    await countFailure(db, orgId, accountKey);
    await countFailure(db, orgId, addressKey);
    return refuse(403, { ...FAILED, errorCode: 'login.failed' });
  }

  await clearFailures(db, orgId, accountKey);
  if (contact.failedLogins > 0 || contact.lockedUntil) await clearLoginFailures(db, orgId, contact.contactId);
  if (contact.passwordExpired) return { ok: true, outcome: 'passwordExpired' };
  return { ok: true, outcome: 'signIn', contactId: contact.contactId };
}
