/** The organisation's keys to the publishing API (`publishing_keys`; services/publishing.ts says what a key is). */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { publishingKeys } from '../db/schema.ts';

export type PublishingKeyRow = typeof publishingKeys.$inferSelect;

/**
 * Adds a key unless the organisation has `limit` already: when it was made, or null. Count and insert
 * run in one transaction holding an advisory lock on the organisation's keys, so two admins at once
 * (in one process or many) cannot pass the limit: a single `insert … where (select count(*)) < limit`
 * cannot promise that, since under READ COMMITTED each of two concurrent statements counts without
 * the other's row.
 */
export async function insertPublishingKey(db: Db, orgId: string, key: { keyId: string; name: string; secretHash: string }, limit: number): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${orgId}))`);
    const [counted] = await tx.select({ keys: count() }).from(publishingKeys).where(eq(publishingKeys.orgId, orgId));
    if ((counted?.keys ?? 0) >= limit) return null;
    const [row] = await tx.insert(publishingKeys).values({ orgId, ...key }).returning({ createdAt: publishingKeys.createdAt });
    return row!.createdAt;
  });
}

/** The first key of the publishing keys' advisory locks (an arbitrary constant: "mpk" in ASCII). */
const KEY_LOCK_CLASS = 0x6d706b;

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
