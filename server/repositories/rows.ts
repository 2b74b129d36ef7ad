/**
 * The rows of a statement written with Drizzle's `sql` (a statement its query builder cannot say, or
 * one whose building would cost more than running it: the login's). Both drivers answer `{ rows }`;
 * timestamps come back as text, so such statements answer none.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}
