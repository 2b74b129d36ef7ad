/**
 * Sign-ins waiting for their second step (`pending_sign_ins`, issue 15), found by the SHA-256 of the
 * browser's SSPPENDING cookie, organisation first. A row is live until `expires_at`; finishing it
 * deletes it in one statement, so it signs in once, whichever app process the browser reaches.
 */
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pendingSignIns } from '../db/schema.ts';

export interface PendingSignInRow {
  tokenHash: string;
  /** The member the password named; null for "Sign in with a passkey" until the passkey names one. */
  contactId: number | null;
  challenge: string | null;
  expiresAt: Date;
}

/** A new pending sign-in, as the login's statement writes it (repositories/logins.ts) or on its own. */
export interface NewPendingSignIn {
  orgId: string;
  tokenHash: string;
  contactId: number | null;
  challenge: string | null;
  expiresAt: Date;
}

/** The insert of `pending` as a common table expression `pending_sign_in` of another statement. */
export function pendingSignInParts(pending: NewPendingSignIn): SQL {
  return sql`pending_sign_in as (insert into pending_sign_ins (org_id, token_hash, contact_id, challenge, expires_at)
    values (${pending.orgId}, ${pending.tokenHash}, ${pending.contactId}::int, ${pending.challenge}::text, ${pending.expiresAt}::timestamptz))`;
}

export async function insertPendingSignIn(db: Db, pending: NewPendingSignIn): Promise<void> {
  await db.insert(pendingSignIns).values(pending);
}

const live = (orgId: string, tokenHash: string) =>
  and(eq(pendingSignIns.orgId, orgId), eq(pendingSignIns.tokenHash, tokenHash), gt(pendingSignIns.expiresAt, new Date()));

/** The live pending sign-in of `orgId` whose token hashes to `tokenHash`, or null. */
export async function findPendingSignIn(db: Db, orgId: string, tokenHash: string): Promise<PendingSignInRow | null> {
  const [row] = await db.select({
    tokenHash: pendingSignIns.tokenHash, contactId: pendingSignIns.contactId, challenge: pendingSignIns.challenge, expiresAt: pendingSignIns.expiresAt,
  }).from(pendingSignIns).where(live(orgId, tokenHash));
  return row ?? null;
}

/** Hands out a new WebAuthn challenge for the pending sign-in (the last one handed out is the one answered). */
export async function setPendingChallenge(db: Db, orgId: string, tokenHash: string, challenge: string): Promise<boolean> {
  const rows = await db.update(pendingSignIns).set({ challenge }).where(live(orgId, tokenHash)).returning({ tokenHash: pendingSignIns.tokenHash });
  return rows.length > 0;
}

/** Uses up the pending sign-in's challenge if it is `challenge`: true once, for the one request that answers it. */
export async function takePendingChallenge(db: Db, orgId: string, tokenHash: string, challenge: string): Promise<boolean> {
  const rows = await db.update(pendingSignIns).set({ challenge: null })
    .where(and(live(orgId, tokenHash), eq(pendingSignIns.challenge, challenge)))
    .returning({ tokenHash: pendingSignIns.tokenHash });
  return rows.length > 0;
}

/**
 * Finishes the pending sign-in: deleted if still live (for `contactId`, or for nobody yet when null).
 * True for the one request that finishes it.
 */
export async function takePendingSignIn(db: Db, orgId: string, tokenHash: string, contactId: number | null): Promise<boolean> {
  const rows = await db.delete(pendingSignIns)
    .where(and(live(orgId, tokenHash), contactId === null ? isNull(pendingSignIns.contactId) : eq(pendingSignIns.contactId, contactId)))
    .returning({ tokenHash: pendingSignIns.tokenHash });
  return rows.length > 0;
}

/** The sweep: pending sign-ins past their end. */
export async function deleteExpiredPendingSignIns(db: Db, now: Date): Promise<void> {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
}
