/** Queries on `access_keys` (§5/§6): kept as the SHA-256 of the key. */
import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessKeys, contacts } from '../db/schema.ts';
import { deleteSignInsOf } from './sessions.ts';

/**
 * The id an administrator sees for a key (issue 9 row 16): the SHA-256, in hex, of a fixed prefix
 * and the stored hash. The table has no id column of its own (one would need a migration); this one
 * names a row without telling anything of the key or of its stored hash: it is a one-way function
 * of that hash, which is itself one of 32 random bytes. Computed by the database, so a revocation
 * finds its row in one statement (sha256() is PostgreSQL 11 and later, PGlite included).
 */
const keyId = sql<string>`encode(sha256(convert_to('access-key-id:' || ${accessKeys.keyHash}, 'UTF8')), 'hex')`;

/** An access key as the admin page lists it: never the key, never its hash. */
export interface AccessKeyListing {
  keyId: string;
  contactId: number;
  username: string | null;
  firstName: string;
  lastName: string;
  createdAt: Date;
  expiresAt: Date;
}

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

/**
 * One page of the unexpired keys of `orgId`, newest first, with their holders; only those of the
 * member named `username` (without regard to case) when it is given. `total` counts every page.
 */
export async function listLiveAccessKeys(
  db: Db, orgId: string, page: { username: string | null; limit: number; offset: number },
): Promise<{ total: number; keys: AccessKeyListing[] }> {
  const where = and(
    eq(accessKeys.orgId, orgId),
    gt(accessKeys.expiresAt, new Date()),
    page.username === null ? undefined : sql`lower(${contacts.username}) = ${page.username.toLowerCase()}`,
  );
  const holder = and(eq(contacts.orgId, accessKeys.orgId), eq(contacts.contactId, accessKeys.contactId));
  const [counted] = await db.select({ total: count() }).from(accessKeys).innerJoin(contacts, holder).where(where);
  const keys = await db.select({
    keyId, contactId: accessKeys.contactId, username: contacts.username, firstName: contacts.firstName, lastName: contacts.lastName,
    createdAt: accessKeys.createdAt, expiresAt: accessKeys.expiresAt,
  }).from(accessKeys).innerJoin(contacts, holder).where(where)
    .orderBy(desc(accessKeys.createdAt), asc(keyId)).limit(page.limit).offset(page.offset);
  return { total: counted?.total ?? 0, keys };
}

/**
 * Revokes the unexpired key of `orgId` whose id (see keyId) is `id`, and ends every sign-in of its
 * member, in one transaction: a session the key opened cannot be told from the member's others.
 * False when `orgId` has no such key; nothing changes then.
 */
export async function revokeAccessKey(db: Db, orgId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx.delete(accessKeys)
      .where(and(eq(accessKeys.orgId, orgId), gt(accessKeys.expiresAt, new Date()), sql`${keyId} = ${id}`))
      .returning({ contactId: accessKeys.contactId });
    if (!revoked) return false;
    await deleteSignInsOf(tx, orgId, revoked.contactId);
    return true;
  });
}

/** Removes expired keys (the sweep, services/sweep.ts): an expired key signs nobody in. */
export async function deleteExpiredAccessKeys(db: Db): Promise<void> {
  await db.delete(accessKeys).where(lt(accessKeys.expiresAt, new Date()));
}
