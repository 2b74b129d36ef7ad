/**
 * One throttle and one lock-out for every check of a member's password (issue 9 rows 1 and 2): the
 * login, the expired-password change and the signed-in change all claim an attempt here BEFORE the
 * password is verified, so concurrent attempts cannot verify more than the limit, and a shut
 * account verifies nothing. Counts are kept under the account name (`user:{lower(username)}`,
 * login_throttle), whether the account exists or not: an unknown name is counted, locked and
 * counted down exactly as a known one, so no answer tells which names exist.
 *
 * - FedRAMP organisations (§6, NIST AC-7): 3 failures within 30 minutes lock the account for 30
 *   minutes from the third ('ssp.request.account.error.fedRamp' with `remainCount`, then
 *   'ssp.request.account.locked.fedRamp' with the minutes left in `fedrampLockTime`).
 * - Elsewhere: 10 failures per account name and 50 per address in 15 minutes, then 429
 *   'login.throttled' until the window is over.
 *
 * A right password gives its attempt back: the account's count is cleared, the address's refunded.
 */
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import {
  claimAttempts, refundAttempt, releaseAttempts, THROTTLE_WINDOW_MS, windowOpenedAt, type AttemptClaim,
} from '../repositories/throttle.ts';
import { refuse, type Refusal } from './results.ts';

/** FedRAMP (NIST AC-7): three failures in a row lock the account for 30 minutes. */
export const FEDRAMP_MAX_ATTEMPTS = 3;
export const FEDRAMP_LOCK_MINUTES = 30;
/** Elsewhere: at most 10 failures per account name, 50 per address, in 15 minutes (THROTTLE_WINDOW_MS). */
export const THROTTLE_PER_ACCOUNT = 10;
export const THROTTLE_PER_ADDRESS = 50;

const FEDRAMP_WINDOW_MS = FEDRAMP_LOCK_MINUTES * 60_000;
const FAILED = { status: 'failed' } as const;

/** The key every password check of `username` counts under (a reset link clears it too). */
export const accountThrottleKey = (username: string) => `user:${username.trim().toLowerCase()}`;

const locked = (minutes: number) => refuse(403, { status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: minutes });
const THROTTLED = refuse(429, { ...FAILED, errorCode: 'login.throttled' });

export interface PasswordAttempt {
  ok: true;
  /** FedRAMP: the attempts left after this one, should it fail; null elsewhere. */
  remaining: number | null;
  /**
   * The password was wrong (the attempt stays counted): the lock refusal when this failure shut a
   * FedRAMP account, otherwise null and the caller answers its own wrong-password refusal.
   */
  failed(): Refusal | null;
  /** The password was right: the attempt is given back and the account's count cleared, in one statement. */
  succeeded(): Promise<void>;
  /**
   * What `succeeded` writes, for a caller that writes it as part of its own statement (the login:
   * repositories/logins.ts): the account's count to clear and the address's attempt to give back.
   */
  release: { clearKey: string; refundKey: string | null };
}

/** What a check of a password claims: the account's attempt, and outside FedRAMP then the address's. */
export interface PasswordCheckClaims {
  account: AttemptClaim;
  address: AttemptClaim | null;
}

/** The claims of a check of `username`'s password from `clientAddress` in `org`. */
export function passwordCheckClaims(org: Organization, username: string, clientAddress: string): PasswordCheckClaims {
  const account = accountThrottleKey(username);
  return org.settings.isFedRAMPCustomer
    ? { account: { key: account, limit: FEDRAMP_MAX_ATTEMPTS, windowMs: FEDRAMP_WINDOW_MS }, address: null }
    : {
      account: { key: account, limit: THROTTLE_PER_ACCOUNT, windowMs: THROTTLE_WINDOW_MS },
      address: { key: `ip:${clientAddress}`, limit: THROTTLE_PER_ADDRESS, windowMs: THROTTLE_WINDOW_MS },
    };
}

/**
 * Claims one check of `username`'s password from `clientAddress`; answers the refusal when the
 * account (or, outside FedRAMP, the address) may not be checked now. Verify only after `ok`.
 */
export async function claimPasswordCheck(db: Db, org: Organization, username: string, clientAddress: string): Promise<PasswordAttempt | Refusal> {
  const claims = passwordCheckClaims(org, username, clientAddress);
  return passwordCheckOf(db, org.orgId, claims, await claimAttempts(db, org.orgId, claims.account, claims.address));
}

/**
 * The attempt, or the refusal, of `claims` once claimed (claimAttempts, or the login's claimLogin):
 * the account's count, then the address's, null where refused.
 */
export async function passwordCheckOf(
  db: Db, orgId: string, claims: PasswordCheckClaims, claimed: { first: number | null; second: number | null },
): Promise<PasswordAttempt | Refusal> {
  const accountKey = claims.account.key;
  const count = claimed.first;
  if (claims.address === null) {
    // FedRAMP (claims of passwordCheckClaims): the account alone, locked when full.
    if (count === null) {
      const shutAt = (await windowOpenedAt(db, orgId, accountKey))?.getTime() ?? Date.now();
      return locked(Math.max(1, Math.ceil((shutAt + FEDRAMP_WINDOW_MS - Date.now()) / 60_000)));
    }
    const release = { clearKey: accountKey, refundKey: null };
    return {
      ok: true,
      remaining: FEDRAMP_MAX_ATTEMPTS - count,
      failed: () => (count >= FEDRAMP_MAX_ATTEMPTS ? locked(FEDRAMP_LOCK_MINUTES) : null),
      succeeded: () => releaseAttempts(db, orgId, release.clearKey, release.refundKey),
      release,
    };
  }

  if (count === null) return THROTTLED;
  if (claimed.second === null) {
    await refundAttempt(db, orgId, accountKey);
    return THROTTLED;
  }
  const release = { clearKey: accountKey, refundKey: claims.address.key };
  return {
    ok: true,
    remaining: null,
    failed: () => null,
    succeeded: () => releaseAttempts(db, orgId, release.clearKey, release.refundKey),
    release,
  };
}
