/**
 * One sweep at a time over every app process sharing the database (services/sweep.ts): a
 * transaction-scoped advisory lock, taken without waiting and released when the transaction ends,
 * so it never outlives a process that dies and needs no connection of its own (PGlite the same).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The advisory lock key of the sweep (an arbitrary constant: "sweep" in ASCII). */
const SWEEP_LOCK_KEY = 0x7377656570;

/**
 * Runs `work` in one transaction holding the sweep lock, and answers true; answers false without
 * running it when another process holds the lock.
 */
export async function withSweepLock(db: Db, work: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}::bigint) as locked`);
    const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return false;
    await work(tx as unknown as Db);
    return true;
  });
}
