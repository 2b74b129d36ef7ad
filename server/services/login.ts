/**
 * Login (§4, §5, §6): the form is the login builder's (same schema as the browser); the password is
 * checked against its argon2id hash, only after an attempt was claimed from the one throttle and
 * lock-out of every password check (passwordAttempts.ts: FedRAMP counts down `remainCount` →
 * 'ssp.request.account.error.fedRamp' and locks → 'ssp.request.account.locked.fedRamp'; others are
 * throttled per account name and per address). Unknown usernames go through the same counting and
 * the same answers, so nobody learns which usernames exist. Every refusal carries §7's
 * `status: 'failed'` (or 'locked').
 *
 * A member who has a second factor, or whose organisation requires one (`requireSecondFactor`), is not
 * signed in by the password alone (issue 15): a right password stores a sign-in waiting for its second
 * step (services/secondStep.ts), and the attempt it claimed is given back without clearing the count,
 * so wrong codes stay counted until the second step is done.
 */
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { claimLogin, completeLogin } from '../repositories/logins.ts';
import type { Organization } from '../repositories/organizations.ts';
import type { NewSignIn } from '../repositories/sessions.ts';
import { checkSubmission } from './formSubmissions.ts';
import { passwordCheckClaims, passwordCheckOf } from './passwordAttempts.ts';
import { issueExpiredToken } from './passwordChange.ts';
import { newPendingSignIn } from './secondStep.ts';
import { upgradedHash, verifyPassword } from './passwords.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

export { FEDRAMP_LOCK_MINUTES, FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT, THROTTLE_PER_ADDRESS } from './passwordAttempts.ts';

export type LoginResult<S extends NewSignIn = NewSignIn> =
  /** The password is right: `signIn` (the browser signed in on a new session) was stored at `createdAt`. */
  | { ok: true; outcome: 'signIn'; signIn: S; createdAt: Date }
  /**
   * §4 "status '-1' goes to reset-password (sets p_expired marker)": nothing is signed in yet; the
   * change that follows carries `expiredToken` (passwordChange.ts), the proof of this login.
   */
  | { ok: true; outcome: 'passwordExpired'; expiredToken: string }
  /**
   * The password is right and a second step is needed (issue 15): nothing is signed in; the browser's
   * SSPPENDING cookie is to hold `pendingToken` (the stored sign-in waits for it until `expiresAt`).
   */
  | { ok: true; outcome: 'secondStep'; pendingToken: string; expiresAt: Date }
  | Refusal;

const FAILED = { status: 'failed' } as const;

/** How a login ended, as the metrics count it (plugins/metrics.ts `portal_login_outcomes_total`). */
export type LoginOutcome = 'success' | 'expired' | 'secondStep' | 'wrong' | 'locked' | 'throttled' | 'invalid' | 'refused';

export function loginOutcomeOf(result: LoginResult): LoginOutcome {
  if (result.ok) return result.outcome === 'signIn' ? 'success' : result.outcome === 'secondStep' ? 'secondStep' : 'expired';
  switch ((result.body as { errorCode?: unknown }).errorCode) {
    case 'login.failed': case 'ssp.request.account.error.fedRamp': return 'wrong';
    case 'ssp.request.account.locked.fedRamp': return 'locked';
    case 'login.throttled': return 'throttled';
    case 'validation': return 'invalid';
    default: return 'refused';
  }
}

/**
 * `newSignIn` makes the sign-in a right password stores (plugins/session.ts `newSignIn`): it is
 * stored in the statement that gives the attempt back and replaces an old hash (repositories/logins.ts),
 * so a login writes all of it or nothing; the caller sets the cookie.
 */
export async function login<S extends NewSignIn>(
  db: Db, org: Organization, form: { username?: string; password?: string }, clientAddress: string,
  newSignIn: (contactId: number) => Promise<S>,
): Promise<LoginResult<S>> {
  const checked = checkSubmission(org, 'login', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { username: form.username, password: form.password });
  if (!checked.ok) return refuseValidation(checked.errors, FAILED);
  const { username, password } = checked.data as { username: string; password: string };

  // The attempt is claimed and the contact read in one statement, before any verification.
  const claims = passwordCheckClaims(org, username, clientAddress);
  const { claimed, contact } = await claimLogin(db, org.orgId, username, claims.account, claims.address);
  const attempt = await passwordCheckOf(db, org.orgId, claims, claimed);
  if (!attempt.ok) return attempt;
  // Verified even for an unknown name (against the dummy hash): the same time either way.
  const valid = await verifyPassword(contact?.passwordHash, password);
  if (!contact || !valid) {
    const lockRefusal = attempt.failed();
    if (lockRefusal) return lockRefusal;
    return attempt.remaining === null
      ? refuse(403, { ...FAILED, errorCode: 'login.failed' })
      : refuse(403, { ...FAILED, errorCode: 'ssp.request.account.error.fedRamp', remainCount: attempt.remaining });
  }
  // A hash of older parameters is replaced by one of today's (issue 10 item 5), in the statement
  // that gives the attempt back (and signs the browser in).
  const passwordHash = contact.passwordHash!;
  const upgraded = await upgradedHash(passwordHash, password);
  const rehash = upgraded ? { contactId: contact.contactId, from: passwordHash, to: upgraded } : null;
  if (contact.passwordExpired) {
    await completeLogin(db, org.orgId, { ...attempt.release, rehash, signIn: null });
    return { ok: true, outcome: 'passwordExpired', expiredToken: await issueExpiredToken(db, org.orgId, contact.contactId) };
  }
  if (contact.hasSecondFactor || org.settings.requireSecondFactor) {
    const { token, row } = newPendingSignIn(org.orgId, contact.contactId, null);
    await completeLogin(db, org.orgId, { ...attempt.release, rehash, signIn: null, pending: row });
    return { ok: true, outcome: 'secondStep', pendingToken: token, expiresAt: row.expiresAt };
  }
  const signIn = await newSignIn(contact.contactId);
  const createdAt = await completeLogin(db, org.orgId, { ...attempt.release, rehash, signIn });
  return { ok: true, outcome: 'signIn', signIn, createdAt: createdAt! };
}
