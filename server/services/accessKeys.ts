/**
 * §5/§6 access keys: a secret handed to one member (a link's `accessKey`, or `Authorization: token …`
 * on the init calls) that signs the browser in as that member of that organisation. The key is 32
 * random bytes (base64url); only its SHA-256 is stored, and it lives 30 days.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessKeys } from '../db/schema.ts';
import { hashToken } from '../plugins/session.ts';

export const ACCESS_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What `issueAccessKey` makes: 32 bytes in base64url are 43 characters of this alphabet. */
const ACCESS_KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new access key for `contactId` of `orgId`; the caller hands it out, the database keeps its hash. */
export async function issueAccessKey(db: Db, orgId: string, contactId: number): Promise<{ accessKey: string; expiresAt: Date }> {
  const accessKey = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ACCESS_KEY_TTL_MS);
  await db.insert(accessKeys).values({ orgId, keyHash: hashToken(accessKey), contactId, expiresAt });
  return { accessKey, expiresAt };
}

/**
 * The contact an access key of `orgId` stands for, or null for anything else: a key of another
 * organisation, an expired one, or text that is not a key at all (refused without a lookup).
 */
export async function resolveAccessKey(db: Db, orgId: string, accessKey: string): Promise<number | null> {
  if (!ACCESS_KEY_SHAPE.test(accessKey)) return null;
  const [row] = await db.select({ contactId: accessKeys.contactId }).from(accessKeys)
    .where(and(eq(accessKeys.orgId, orgId), eq(accessKeys.keyHash, hashToken(accessKey)), gt(accessKeys.expiresAt, new Date())));
  return row?.contactId ?? null;
}
