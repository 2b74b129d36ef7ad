import { and, eq } from 'drizzle-orm';
import type { Account } from '../../schemas/account.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';

/** §3 Account of a contact in one organisation, as the boot calls return it. */
export async function findAccount(db: Db, orgId: string, contactId: number): Promise<Account | null> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId)));
  if (!row) return null;
  return {
    id: row.contactId,
    name: `${row.firstName} ${row.lastName}`.trim() || (row.username ?? ''),
    username: row.username,
    timeZone: row.timeZone,
    registered: row.registered,
    isMigrated: row.isMigrated,
    showEvent: row.showEvent,
    showOnCallSchedule: row.showOnCallSchedule,
    showDirectoryChat: row.showDirectoryChat,
  };
}
