/**
 * One transaction around several repository calls, for a service whose writes belong together (a
 * login's count given back and its password hash upgraded). The calls take `tx` as their Db.
 */
import type { Db } from '../db/client.ts';

export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
