/**
 * Counting failures in a window (`login_throttle`): failed logins (non-FedRAMP), wrong forgot-password
 * answers and unknown forgot-username addresses, each under its own keys (`user:…`, `fp:user:…`,
 * `ip:…` …); the administrators' sign-in in `admin_login_throttle`. A count starts afresh once its window is over; the counts live in the database, so every
 * app process sees the same.
 */
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { adminLoginThrottle, loginThrottle } from '../db/schema.ts';
import { runStatement } from '../db/runStatement.ts';

/** Every throttle counts in windows of 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/** Failures counted for `key` within the window. */
export async function countedFailures(db: Db, orgId: string, key: string): Promise<number> {
  const [row] = await db.select().from(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), eq(loginThrottle.key, key)));
  return !row || Date.now() - row.windowStart.getTime() > THROTTLE_WINDOW_MS ? 0 : row.failures;
}

/** Counts one more failure for `key` (a new window once the old one is over); answers the count. */
export async function countFailure(db: Db, orgId: string, key: string): Promise<number> {
  const windowOpen = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const [row] = await db.insert(loginThrottle).values({ orgId, key, failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.orgId, loginThrottle.key],
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < ${windowOpen} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < ${windowOpen} then now() else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row!.failures;
}

/**
 * Claims one password check for `key` BEFORE the password is verified (issue 9 row 1): one
 * conditional upsert, so of any number of concurrent attempts at most `limit` are claimed in a
 * window. Answers the count with this attempt, or null when the limit is reached (nothing claimed,
 * nothing to verify). A window over starts afresh at 1; the attempt that reaches the limit starts
 * the window again, so the account stays shut a whole window after it (the FedRAMP lock).
 */
export async function claimAttempt(db: Db, orgId: string, key: string, limit: number, windowMs: number): Promise<number | null> {
  const now = new Date();
  const [row] = await db.insert(loginThrottle).values({ orgId, key, failures: 1, windowStart: now })
    .onConflictDoUpdate({ target: [loginThrottle.orgId, loginThrottle.key], ...claimUpdate(loginThrottle, now, limit, windowMs) })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? null;
}

/** One claim of claimAttempts: `limit` checks of `key` per window of `windowMs`. */
export interface AttemptClaim {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * claimAttempt's upsert for `claim`, as a statement's part (`… returning failures`). With `onlyIf`
 * (a condition on the statement's other parts) nothing is claimed unless it holds.
 */
function claimUpsert(orgId: string, claim: AttemptClaim, now: Date, onlyIf?: SQL): SQL {
  const windowOver = sql`login_throttle.window_start < ${new Date(now.getTime() - claim.windowMs)}`;
  const row = sql`${orgId}::text, ${claim.key}::text, 1, ${now}::timestamptz`;
  return sql`insert into login_throttle (org_id, key, failures, window_start) ${onlyIf ? sql`select ${row} where ${onlyIf}` : sql`values (${row})`}
    on conflict (org_id, key) do update set
      failures = case when ${windowOver} then 1 else login_throttle.failures + 1 end,
      window_start = case when ${windowOver} or login_throttle.failures + 1 >= ${claim.limit} then ${now} else login_throttle.window_start end
    where ${windowOver} or login_throttle.failures < ${claim.limit}
    returning failures`;
}

/**
 * The common table expressions `first_claim` and `second_claim` of claimAttempts, for a statement
 * that reads something else along (the login reads its contact: repositories/logins.ts).
 */
export function claimAttemptsParts(orgId: string, first: AttemptClaim, second: AttemptClaim | null): SQL {
  const now = new Date();
  const firstClaim = sql`first_claim as (${claimUpsert(orgId, first, now)})`;
  // Claimed only when the first was: a refused account spends nothing of its address.
  return second ? sql`${firstClaim}, second_claim as (${claimUpsert(orgId, second, now, sql`exists (select from first_claim)`)})` : firstClaim;
}

/** What claimAttemptsParts's statement selects: each claim's count, null when refused (or not tried). */
export const claimedCounts = (second: AttemptClaim | null): SQL =>
  sql`(select failures from first_claim) as first, ${second ? sql`(select failures from second_claim)` : sql`null::int`} as second`;

/**
 * claimAttempt of `first` and then, when it was claimed, of `second`, in ONE statement (each costs
 * the one JS thread a round through PGlite: issue 10 item 5). Answers both counts; when `second` is
 * refused, `first` stays claimed: the caller gives it back (refundAttempt), as it would after two calls.
 */
export async function claimAttempts(db: Db, orgId: string, first: AttemptClaim, second: AttemptClaim | null): Promise<{ first: number | null; second: number | null }> {
  const [row] = await runStatement<{ first: number | null; second: number | null }>(db,
    sql`with ${claimAttemptsParts(orgId, first, second)} select ${claimedCounts(second)}`);
  return { first: row?.first ?? null, second: row?.second ?? null };
}

/** claimAttempt for the administrators' sign-in (admin_login_throttle, no organisation). */
export async function claimAdminAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<number | null> {
  const now = new Date();
  const [row] = await db.insert(adminLoginThrottle).values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({ target: adminLoginThrottle.key, ...claimUpdate(adminLoginThrottle, now, limit, windowMs) })
    .returning({ failures: adminLoginThrottle.failures });
  return row?.failures ?? null;
}

/** The conditional update of a claim, the same for both tables (see claimAttempt). */
function claimUpdate(table: { failures: PgColumn; windowStart: PgColumn }, now: Date, limit: number, windowMs: number) {
  const windowOver = sql`${table.windowStart} < ${new Date(now.getTime() - windowMs)}`;
  return {
    set: {
      failures: sql`case when ${windowOver} then 1 else ${table.failures} + 1 end`,
      windowStart: sql`case when ${windowOver} or ${table.failures} + 1 >= ${limit} then ${now} else ${table.windowStart} end`,
    },
    setWhere: sql`${windowOver} or ${table.failures} < ${limit}`,
  };
}

/** When the window of `key` opened (for a full one: when it shut), or null without a count. */
export async function windowOpenedAt(db: Db, orgId: string, key: string): Promise<Date | null> {
  const [row] = await db.select({ windowStart: loginThrottle.windowStart }).from(loginThrottle)
    .where(and(eq(loginThrottle.orgId, orgId), eq(loginThrottle.key, key)));
  return row?.windowStart ?? null;
}

/** Gives back one claimed attempt of `key` (it turned out right, or another key refused it). */
export async function refundAttempt(db: Db, orgId: string, key: string): Promise<void> {
  await db.update(loginThrottle).set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(and(eq(loginThrottle.orgId, orgId), eq(loginThrottle.key, key)));
}

/** refundAttempt and clearFailures of the administrators' counts. */
export async function refundAdminAttempt(db: Db, key: string): Promise<void> {
  await db.update(adminLoginThrottle).set({ failures: sql`greatest(${adminLoginThrottle.failures} - 1, 0)` }).where(eq(adminLoginThrottle.key, key));
}

export async function clearAdminFailures(db: Db, key: string): Promise<void> {
  await db.delete(adminLoginThrottle).where(eq(adminLoginThrottle.key, key));
}

/** Forgets the failures counted for `keys`. */
export async function clearFailures(db: Db, orgId: string, ...keys: string[]): Promise<void> {
  if (keys.length) await db.delete(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), inArray(loginThrottle.key, keys)));
}

/**
 * A right password's release, as a statement's parts: the count of `clearKey` forgotten and one
 * attempt of `refundKey` (when given) given back: clearFailures and refundAttempt in one statement.
 */
export function releaseAttemptsParts(orgId: string, clearKey: string, refundKey: string | null): SQL {
  const cleared = sql`cleared_attempts as (delete from login_throttle where org_id = ${orgId} and key = ${clearKey})`;
  return refundKey === null ? cleared : sql`${cleared}, refunded_attempt as (
    update login_throttle set failures = greatest(failures - 1, 0) where org_id = ${orgId} and key = ${refundKey})`;
}

/**
 * A right password whose sign-in still waits for its second step (issue 15), as a statement's parts:
 * its attempt is given back under every key of `keys`, and nothing is cleared, so wrong codes counted
 * before are still counted (only a finished second step clears the account's count).
 */
export function refundAttemptsParts(orgId: string, keys: readonly string[]): SQL {
  return sql`refunded_attempts as (update login_throttle set failures = greatest(failures - 1, 0)
    where org_id = ${orgId} and key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}))`;
}

/** releaseAttemptsParts on its own (a password check other than the login's). */
export async function releaseAttempts(db: Db, orgId: string, clearKey: string, refundKey: string | null): Promise<void> {
  await runStatement(db, sql`with ${releaseAttemptsParts(orgId, clearKey, refundKey)} select 1`);
}

/**
 * Removes the counts whose window started before `before` (the sweep, services/sweep.ts): past its
 * window a count is read as 0 and the next failure starts a new one, so the row only takes space.
 */
export async function deleteThrottlesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStart, before));
  await db.delete(adminLoginThrottle).where(lt(adminLoginThrottle.windowStart, before));
}
