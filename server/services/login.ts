/**
 * Login (§4, §5, §6): the form is the login builder's (same schema as the browser); the password is
 * checked against its argon2id hash, only after an attempt was claimed from the one throttle and
 * lock-out of every password check (passwordAttempts.ts: FedRAMP counts down `remainCount` →
 * 'ssp.request.account.error.fedRamp' and locks → 'ssp.request.account.locked.fedRamp'; others are
 * throttled per account name and per address). Unknown usernames go through the same counting and
 * the same answers, so nobody learns which usernames exist. Every refusal carries §7's
 * `status: 'failed'` (or 'locked').
 */
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { findContactByUsername, replacePasswordHash } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { checkSubmission } from './formSubmissions.ts';
import { claimPasswordCheck } from './passwordAttempts.ts';
import { issueExpiredToken } from './passwordChange.ts';
import { upgradedHash, verifyPassword } from './passwords.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

export { FEDRAMP_LOCK_MINUTES, FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT, THROTTLE_PER_ADDRESS } from './passwordAttempts.ts';

export type LoginResult =
  /** The password is right: sign the browser in as `contactId`. */
  | { ok: true; outcome: 'signIn'; contactId: number }
  /**
   * §4 "status '-1' goes to reset-password (sets p_expired marker)": nothing is signed in yet; the
   * change that follows carries `expiredToken` (passwordChange.ts), the proof of this login.
   */
  | { ok: true; outcome: 'passwordExpired'; expiredToken: string }
  | Refusal;

const FAILED = { status: 'failed' } as const;

/** How a login ended, as the metrics count it (plugins/metrics.ts `portal_login_outcomes_total`). */
export type LoginOutcome = 'success' | 'expired' | 'wrong' | 'locked' | 'throttled' | 'invalid' | 'refused';

export function loginOutcomeOf(result: LoginResult): LoginOutcome {
  if (result.ok) return result.outcome === 'signIn' ? 'success' : 'expired';
  switch ((result.body as { errorCode?: unknown }).errorCode) {
    case 'login.failed': case 'ssp.request.account.error.fedRamp': return 'wrong';
    case 'ssp.request.account.locked.fedRamp': return 'locked';
    case 'login.throttled': return 'throttled';
    case 'validation': return 'invalid';
    default: return 'refused';
  }
}

export async function login(db: Db, org: Organization, form: { username?: string; password?: string }, clientAddress: string): Promise<LoginResult> {
  const checked = checkSubmission(org, 'login', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { username: form.username, password: form.password });
  if (!checked.ok) return refuseValidation(checked.errors, FAILED);
  const { username, password } = checked.data as { username: string; password: string };

  const attempt = await claimPasswordCheck(db, org, username, clientAddress);
  if (!attempt.ok) return attempt;
  const contact = await findContactByUsername(db, org.orgId, username);
  // Verified even for an unknown name (against the dummy hash): the same time either way.
  const valid = await verifyPassword(contact?.passwordHash, password);
  if (!contact || !valid) {
    const lockRefusal = attempt.failed();
    if (lockRefusal) return lockRefusal;
    return attempt.remaining === null
      ? refuse(403, { ...FAILED, errorCode: 'login.failed' })
      : refuse(403, { ...FAILED, errorCode: 'ssp.request.account.error.fedRamp', remainCount: attempt.remaining });
  }
  // A hash of older parameters is replaced by one of today's (issue 10 item 5), in the transaction
  // that gives the attempt back.
  const upgraded = await upgradedHash(contact.passwordHash!, password);
  await inTransaction(db, async (tx) => {
    await attempt.succeeded(tx);
    if (upgraded) await replacePasswordHash(tx, org.orgId, contact.contactId, contact.passwordHash!, upgraded);
  });
  if (contact.passwordExpired) return { ok: true, outcome: 'passwordExpired', expiredToken: await issueExpiredToken(db, org.orgId, contact.contactId) };
  return { ok: true, outcome: 'signIn', contactId: contact.contactId };
}
