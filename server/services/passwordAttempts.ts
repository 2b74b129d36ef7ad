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
import { claimAttempt, clearFailures, refundAttempt, THROTTLE_WINDOW_MS, windowOpenedAt } from '../repositories/throttle.ts';
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
  /** The password was right: the attempt is given back and the account's count cleared (in `tx` when given). */
  succeeded(tx?: Db): Promise<void>;
}

/**
 * Claims one check of `username`'s password from `clientAddress`; answers the refusal when the
 * account (or, outside FedRAMP, the address) may not be checked now. Verify only after `ok`.
 */
export async function claimPasswordCheck(db: Db, org: Organization, username: string, clientAddress: string): Promise<PasswordAttempt | Refusal> {
  const orgId = org.orgId;
  const accountKey = accountThrottleKey(username);
  if (org.settings.isFedRAMPCustomer) {
    const count = await claimAttempt(db, orgId, accountKey, FEDRAMP_MAX_ATTEMPTS, FEDRAMP_WINDOW_MS);
    if (count === null) {
      const shutAt = (await windowOpenedAt(db, orgId, accountKey))?.getTime() ?? Date.now();
      return locked(Math.max(1, Math.ceil((shutAt + FEDRAMP_WINDOW_MS - Date.now()) / 60_000)));
    }
    return {
      ok: true,
      remaining: FEDRAMP_MAX_ATTEMPTS - count,
      failed: () => (count >= FEDRAMP_MAX_ATTEMPTS ? locked(FEDRAMP_LOCK_MINUTES) : null),
      succeeded: (tx = db) => clearFailures(tx, orgId, accountKey),
    };
  }

  const addressKey = `ip:${clientAddress}`;
  if ((await claimAttempt(db, orgId, accountKey, THROTTLE_PER_ACCOUNT, THROTTLE_WINDOW_MS)) === null) return THROTTLED;
  if ((await claimAttempt(db, orgId, addressKey, THROTTLE_PER_ADDRESS, THROTTLE_WINDOW_MS)) === null) {
    await refundAttempt(db, orgId, accountKey);
    return THROTTLED;
  }
  return {
    ok: true,
    remaining: null,
    failed: () => null,
    async succeeded(tx = db) {
      await clearFailures(tx, orgId, accountKey);
      await refundAttempt(tx, orgId, addressKey);
    },
  };
}
