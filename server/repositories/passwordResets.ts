/** Queries on `password_resets` (§4 forgot password): single-use reset links, kept as the SHA-256 of their token. */
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contacts, loginThrottle, passwordResets } from '../db/schema.ts';
import { deleteAccessKeysOf } from './accessKeys.ts';
import { deleteSignInsOf } from './sessions.ts';

export type PasswordReset = typeof passwordResets.$inferSelect;

const usable = (orgId: string, tokenHash: string) =>
  and(eq(passwordResets.orgId, orgId), eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));

export async function insertPasswordReset(db: Db, orgId: string, reset: { tokenHash: string; contactId: number; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResets).values({ orgId, ...reset });
}

/** The unused, unexpired reset whose token hashes to `tokenHash`, or null. */
export async function findUsableReset(db: Db, orgId: string, tokenHash: string): Promise<PasswordReset | null> {
  const [row] = await db.select().from(passwordResets).where(usable(orgId, tokenHash));
  return row ?? null;
}

/**
 * Uses a reset link, in one transaction: claims the token (of two uses at once, one finds it already
 * used and nothing happens: answers false), sets the new password (the expired marker and a FedRAMP
 * lock clear), ends the contact's other reset links and every session sign-in, revokes their access
 * keys (issue 9 row 16), and forgets the failures counted under `throttleKeys`.
 */
export async function completePasswordReset(
  db: Db, orgId: string, tokenHash: string, passwordHash: string, throttleKeys: string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.update(passwordResets).set({ usedAt: new Date() }).where(usable(orgId, tokenHash))
      .returning({ contactId: passwordResets.contactId });
    if (!claimed) return false;
    const { contactId } = claimed;
    await tx.update(contacts).set({ passwordHash, passwordExpired: false })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId)));
    await tx.delete(passwordResets).where(and(eq(passwordResets.orgId, orgId), eq(passwordResets.contactId, contactId), ne(passwordResets.tokenHash, tokenHash)));
    await deleteSignInsOf(tx, orgId, contactId);
    await deleteAccessKeysOf(tx, orgId, contactId);
    if (throttleKeys.length) await tx.delete(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), inArray(loginThrottle.key, throttleKeys)));
    return true;
  });
}

/** Removes reset links that can no longer be used, used or expired (the sweep, services/sweep.ts). */
export async function deleteSpentResets(db: Db): Promise<void> {
  await db.delete(passwordResets).where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, new Date())));
}
