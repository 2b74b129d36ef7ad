/** The organisation's communications (`communications`, issue 14): one by its id, written, removed. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { communications } from '../db/schema.ts';

export type CommunicationRow = typeof communications.$inferSelect;

/** The communication of this id in any organisation (its address names none). */
export async function findCommunication(db: Db, commsId: string): Promise<CommunicationRow | null> {
  const [row] = await db.select().from(communications).where(eq(communications.commsId, commsId));
  return row ?? null;
}

export async function insertCommunication(db: Db, row: typeof communications.$inferInsert): Promise<void> {
  await db.insert(communications).values(row);
}

export async function deleteCommunication(db: Db, orgId: string, commsId: string): Promise<boolean> {
  const removed = await db.delete(communications).where(and(eq(communications.orgId, orgId), eq(communications.commsId, commsId)))
    .returning({ commsId: communications.commsId });
  return removed.length === 1;
}

/** Whether a communication of `orgId` shows the document (its readers may download it). */
export async function isInCommunication(db: Db, orgId: string, fileId: string): Promise<boolean> {
  const [row] = await db.select({ id: communications.commsId }).from(communications)
    .where(and(eq(communications.orgId, orgId), sql`${communications.attachmentFileIds} @> ${JSON.stringify([fileId])}::jsonb`)).limit(1);
  return row !== undefined;
}
