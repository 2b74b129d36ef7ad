/**
 * A member's login in two statements (issue 10 item 5): on embedded PGlite every statement runs on
 * the process's one JS thread, which a login storm shares with the argon2 threads, so the login's
 * database work is what kept logins/s under argon2's verifications/s. Before argon2: the attempt
 * claimed and the contact read; after a right password: the attempt given back, an old hash replaced
 * and the browser signed in on a new session, in one statement, so all of it happens or none.
 * Measured on the 2-core build machine, in a loop and under its other load, one after the other: the
 * seven statements of before (two claims, the contact, then a transaction of the release's two, the
 * session, and a transaction of its sign-in) cost the thread 3.9–5.2 ms per login through Drizzle's
 * query builder, these two 0.4–0.7 ms (written with `sql`, run by db/runStatement.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { runStatement } from '../db/runStatement.ts';
import { pendingSignInParts, type NewPendingSignIn } from './pendingSignIns.ts';
import { signInParts, type NewSignIn } from './sessions.ts';
import { claimAttemptsParts, claimedCounts, refundAttemptsParts, releaseAttemptsParts, type AttemptClaim } from './throttle.ts';

/** What the login needs of the contact whose username it was given. */
export interface LoginContact {
  contactId: number;
  passwordHash: string | null;
  passwordExpired: boolean;
  /** The member has a second factor (an authenticator app or a passkey): a right password waits for it (issue 15). */
  hasSecondFactor: boolean;
}

/**
 * claimAttempts(`first`, `second`) and the contact of `orgId` named `username` (without regard to
 * case, as findContactByUsername) in one statement. The contact is read whatever the claims answer:
 * a refused claim verifies nothing, so nothing is learnt from it.
 */
export async function claimLogin(
  db: Db, orgId: string, username: string, first: AttemptClaim, second: AttemptClaim | null,
): Promise<{ claimed: { first: number | null; second: number | null }; contact: LoginContact | null }> {
  const [row] = await runStatement<{
    first: number | null; second: number | null; contact_id: number | null; password_hash: string | null; password_expired: boolean | null; second_factor: boolean | null;
  }>(db, sql`
    with ${claimAttemptsParts(orgId, first, second)}
    select ${claimedCounts(second)}, contact.contact_id, contact.password_hash, contact.password_expired,
      (exists (select from member_totp where org_id = ${orgId} and contact_id = contact.contact_id)
        or exists (select from member_passkeys where org_id = ${orgId} and contact_id = contact.contact_id)) as second_factor
    from (select) as one
    left join lateral (select contact_id, password_hash, password_expired from contacts
      where org_id = ${orgId} and lower(username) = ${username.toLowerCase()} limit 1) as contact on true`);
  return {
    claimed: { first: row?.first ?? null, second: row?.second ?? null },
    contact: row?.contact_id == null ? null : {
      contactId: row.contact_id, passwordHash: row.password_hash, passwordExpired: !!row.password_expired, hasSecondFactor: !!row.second_factor,
    },
  };
}

/** What a right password writes (completeLogin). */
export interface LoginWrites {
  /** The password check's counts: `clearKey`'s forgotten, one of `refundKey`'s given back (releaseAttempts). */
  clearKey: string;
  refundKey: string | null;
  /** An old hash replaced by `to`, only if `from` is still the stored one: a password changed meanwhile is never overwritten. */
  rehash: { contactId: number; from: string; to: string } | null;
  /** The browser's new session and its sign-in (storeSignIn), or null (an expired password signs nobody in). */
  signIn: NewSignIn | null;
  /**
   * Instead of a sign-in, one waiting for its second step (issue 15): the attempt is given back under
   * both keys, nothing cleared (refundAttemptsParts), and the pending sign-in stored.
   */
  pending?: NewPendingSignIn;
}

/** The writes of a right password in one statement; answers when the new session was made (null without one). */
export async function completeLogin(db: Db, orgId: string, writes: LoginWrites): Promise<Date | null> {
  const { rehash, signIn, pending } = writes;
  const parts = [pending
    ? refundAttemptsParts(orgId, writes.refundKey === null ? [writes.clearKey] : [writes.clearKey, writes.refundKey])
    : releaseAttemptsParts(orgId, writes.clearKey, writes.refundKey)];
  if (pending) parts.push(pendingSignInParts(pending));
  if (rehash) {
    parts.push(sql`rehashed as (update contacts set password_hash = ${rehash.to}
      where org_id = ${orgId} and contact_id = ${rehash.contactId} and password_hash = ${rehash.from})`);
  }
  if (signIn) parts.push(signInParts(signIn));
  const [row] = await runStatement<{ created_ms: number | null }>(db,
    sql`with ${sql.join(parts, sql`, `)} select ${signIn ? sql`(select created_ms from new_session)` : sql`null::float8`} as created_ms`);
  return row?.created_ms == null ? null : new Date(row.created_ms);
}
