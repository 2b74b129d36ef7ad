/** Queries on `access_keys` (§5/§6): kept as the SHA-256 of the key. */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessKeys } from '../db/schema.ts';

export async function insertAccessKey(db: Db, orgId: string, key: { keyHash: string; contactId: number; expiresAt: Date }): Promise<void> {
  await db.insert(accessKeys).values({ orgId, ...key });
}

/** Revokes every access key of a contact (a new password ends what the old one let in: issue 9 row 16). */
export async function deleteAccessKeysOf(db: Db, orgId: string, contactId: number): Promise<void> {
  await db.delete(accessKeys).where(and(eq(accessKeys.orgId, orgId), eq(accessKeys.contactId, contactId)));
}

/** The contact an unexpired key of `orgId` stands for, or null. */
export async function findAccessKeyHolder(db: Db, orgId: string, keyHash: string): Promise<number | null> {
  const [row] = await db.select({ contactId: accessKeys.contactId }).from(accessKeys)
    .where(and(eq(accessKeys.orgId, orgId), eq(accessKeys.keyHash, keyHash), gt(accessKeys.expiresAt, new Date())));
  return row?.contactId ?? null;
}

/** Removes expired keys (the sweep, services/sweep.ts): an expired key signs nobody in. */
export async function deleteExpiredAccessKeys(db: Db): Promise<void> {
  await db.delete(accessKeys).where(lt(accessKeys.expiresAt, new Date()));
}
