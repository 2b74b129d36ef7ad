/**
 * §5/§6 access keys: a secret handed to one member (a link's `accessKey`, or `Authorization: token …`
 * on the init calls) that signs the browser in as that member of that organisation. The key is 32
 * random bytes (base64url); only its SHA-256 is stored, and it lives 30 days. An administrator lists
 * the live keys (who, since when, until when; never a key or its hash) and revokes one (issue 9 row 16).
 */
import { ACCESS_KEY_PAGE_SIZE, type AccessKeyList, type AccessKeyListQuery } from '../../schemas/api/admin.ts';
import type { Db } from '../db/client.ts';
import { findAccessKeyHolder, insertAccessKey, listLiveAccessKeys, revokeAccessKey as revokeAccessKeyRow } from '../repositories/accessKeys.ts';
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

/** A page of the organisation's live access keys, newest first; only one member's when `username` is given. */
export async function listAccessKeys(db: Db, orgId: string, query: AccessKeyListQuery): Promise<{ ok: true } & AccessKeyList> {
  const page = query.page ?? 1;
  const pageSize = Math.min(query.pageSize ?? ACCESS_KEY_PAGE_SIZE.default, ACCESS_KEY_PAGE_SIZE.max);
  const username = query.username?.trim() || null;
  const { total, keys } = await listLiveAccessKeys(db, orgId, { username, limit: pageSize, offset: (page - 1) * pageSize });
  return {
    ok: true,
    accessKeys: keys.map((key) => ({
      id: key.keyId,
      username: key.username,
      name: `${key.firstName} ${key.lastName}`,
      createdAt: key.createdAt.toISOString(),
      expiresAt: key.expiresAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/**
 * Revokes one live key of `orgId` by its listed id; the member's sign-ins end with it (the sessions
 * the key opened among them). An unknown id, an expired key's or another organisation's: 404, nothing changes.
 */
export async function revokeAccessKey(db: Db, orgId: string, keyId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  if (!(await revokeAccessKeyRow(db, orgId, keyId))) return refuse(404, { errorCode: 'accessKey.notFound' });
  return { ok: true, status: 'ok' };
}
