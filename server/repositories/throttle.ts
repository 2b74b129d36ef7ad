/**
 * Counting failures in a window (`login_throttle`): failed logins (non-FedRAMP), wrong forgot-password
 * answers and unknown forgot-username addresses, each under its own keys (`user:…`, `fp:user:…`,
 * `ip:…` …); the administrators' sign-in in `admin_login_throttle`. A count starts afresh once its window is over; the counts live in the database, so every
 * app process sees the same.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { adminLoginThrottle, loginThrottle } from '../db/schema.ts';

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
 * Removes the counts whose window started before `before` (the sweep, services/sweep.ts): past its
 * window a count is read as 0 and the next failure starts a new one, so the row only takes space.
 */
export async function deleteThrottlesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStart, before));
  await db.delete(adminLoginThrottle).where(lt(adminLoginThrottle.windowStart, before));
}
