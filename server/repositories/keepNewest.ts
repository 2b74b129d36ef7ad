import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Keeps the newest `keep` rows of each organisation in a log table (newest by `created_at`, then by
 * its id) and removes the older ones, in one statement: the bound the sweep puts on the mail and
 * delivery outboxes (services/sweep.ts).
 */
export async function keepNewestPerOrganization(db: Db, table: PgTable, id: PgColumn, keep: number): Promise<void> {
  await db.execute(sql`
    delete from ${table} where (org_id, ${sql.identifier(id.name)}) in (
      select org_id, ${sql.identifier(id.name)} from (
        select org_id, ${sql.identifier(id.name)}, row_number() over (partition by org_id order by created_at desc, ${sql.identifier(id.name)} desc) as newer
        from ${table}
      ) ranked where newer > ${keep}
    )`);
}
