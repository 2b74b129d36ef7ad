/**
 * Counting failures in a window (`login_throttle`): failed logins (non-FedRAMP), wrong forgot-password
 * answers and unknown forgot-username addresses, each under its own keys (`user:…`, `fp:user:…`,
 * `ip:…` …). A count starts afresh once its window is over; the counts live in the database, so every
 * app process sees the same.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottle } from '../db/schema.ts';

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

/** Forgets the failures counted for `keys`. */
export async function clearFailures(db: Db, orgId: string, ...keys: string[]): Promise<void> {
  if (keys.length) await db.delete(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), inArray(loginThrottle.key, keys)));
}
