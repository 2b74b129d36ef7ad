/**
 * §5/§6 access keys: a secret handed to one member (a link's `accessKey`, or `Authorization: token …`
 * on the init calls) that signs the browser in as that member of that organisation. The key is 32
 * random bytes (base64url); only its SHA-256 is stored, and it lives 30 days.
 */
import type { Db } from '../db/client.ts';
import { findAccessKeyHolder, insertAccessKey } from '../repositories/accessKeys.ts';
import { findContactByUsername } from '../repositories/contacts.ts';
import { refuse, type Refusal } from './results.ts';
import { hashToken, newToken } from './tokens.ts';

export const ACCESS_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What `issueAccessKey` makes: 32 bytes in base64url are 43 characters of this alphabet. */
const ACCESS_KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new access key for `contactId` of `orgId`; the caller hands it out, the database keeps its hash. */
export async function issueAccessKey(db: Db, orgId: string, contactId: number): Promise<{ accessKey: string; expiresAt: Date }> {
  const accessKey = newToken();
  const expiresAt = new Date(Date.now() + ACCESS_KEY_TTL_MS);
  await insertAccessKey(db, orgId, { keyHash: hashToken(accessKey), contactId, expiresAt });
  return { accessKey, expiresAt };
}

/**
 * The contact an access key of `orgId` stands for, or null for anything else: a key of another
 * organisation, an expired one, or text that is not a key at all (refused without a lookup).
 */
export async function resolveAccessKey(db: Db, orgId: string, accessKey: string): Promise<number | null> {
  if (!ACCESS_KEY_SHAPE.test(accessKey)) return null;
  return findAccessKeyHolder(db, orgId, hashToken(accessKey));
}

/** An administrator hands a member (by username, without regard to case) a link that signs them in. */
export async function issueAccessKeyFor(db: Db, orgId: string, username: string): Promise<{ ok: true; accessKey: string; url: string } | Refusal> {
  const contact = await findContactByUsername(db, orgId, username.trim());
  if (!contact) return refuse(404, { errorCode: 'member.notFound' });
  const { accessKey } = await issueAccessKey(db, orgId, contact.contactId);
  return { ok: true, accessKey, url: `/${encodeURIComponent(orgId)}/home?accessKey=${encodeURIComponent(accessKey)}` };
}
