/** The organisation's keys to the publishing API (`publishing_keys`; services/publishing.ts says what a key is). */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { publishingKeys } from '../db/schema.ts';

export type PublishingKeyRow = typeof publishingKeys.$inferSelect;

/** Adds a key unless the organisation has `limit` already: when it was made, or null. */
export async function insertPublishingKey(db: Db, orgId: string, key: { keyId: string; name: string; secretHash: string }, limit: number): Promise<Date | null> {
  // Counted in the statement that adds, so two admins at once cannot pass the limit.
  const added = await db.execute(sql`
    insert into publishing_keys (org_id, key_id, name, secret_hash)
    select ${orgId}, ${key.keyId}, ${key.name}, ${key.secretHash}
    where (select count(*) from publishing_keys where org_id = ${orgId}) < ${limit}
    returning created_at`);
  const [row] = (added as unknown as { rows: { created_at: string | Date }[] }).rows;
  return row ? new Date(row.created_at) : null;
}

export async function selectPublishingKeys(db: Db, orgId: string, limit: number): Promise<PublishingKeyRow[]> {
  return db.select().from(publishingKeys).where(eq(publishingKeys.orgId, orgId)).orderBy(publishingKeys.createdAt).limit(limit);
}

export async function deletePublishingKey(db: Db, orgId: string, keyId: string): Promise<boolean> {
  const removed = await db.delete(publishingKeys).where(and(eq(publishingKeys.orgId, orgId), eq(publishingKeys.keyId, keyId))).returning({ keyId: publishingKeys.keyId });
  return removed.length === 1;
}

/** The stored hash of key `keyId` of `orgId`, or null. */
export async function findPublishingKeyHash(db: Db, orgId: string, keyId: string): Promise<string | null> {
  const [row] = await db.select({ secretHash: publishingKeys.secretHash }).from(publishingKeys)
    .where(and(eq(publishingKeys.orgId, orgId), eq(publishingKeys.keyId, keyId)));
  return row?.secretHash ?? null;
}

export async function touchPublishingKey(db: Db, orgId: string, keyId: string): Promise<void> {
  await db.update(publishingKeys).set({ lastUsedAt: sql`now()` }).where(and(eq(publishingKeys.orgId, orgId), eq(publishingKeys.keyId, keyId)));
}
