/** Queries on `admins` and `admin_sessions`: the installation's administrators (no organisation). */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminSessions, admins } from '../db/schema.ts';

export type AdminRow = typeof admins.$inferSelect;
export type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function findAdmin(db: Db, username: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.username, username));
  return row ?? null;
}

/** Creates the administrator or gives them a new password hash. */
export async function upsertAdmin(db: Db, username: string, passwordHash: string): Promise<void> {
  await db.insert(admins).values({ username, passwordHash }).onConflictDoUpdate({ target: admins.username, set: { passwordHash } });
}

/** Replaces an administrator's password hash with the same password's at today's parameters, if still `oldHash`. */
export async function replaceAdminPasswordHash(db: Db, username: string, oldHash: string, newHash: string): Promise<void> {
  await db.update(admins).set({ passwordHash: newHash }).where(and(eq(admins.username, username), eq(admins.passwordHash, oldHash)));
}

export async function insertAdminSession(db: Db, session: { sessionHash: string; username: string; csrfToken: string; expiresAt: Date }): Promise<void> {
  await db.insert(adminSessions).values(session);
}

/** The unexpired administrator session whose cookie hashes to `sessionHash`, or null. */
export async function findAdminSession(db: Db, sessionHash: string): Promise<AdminSessionRow | null> {
  const [row] = await db.select().from(adminSessions).where(and(eq(adminSessions.sessionHash, sessionHash), gt(adminSessions.expiresAt, new Date())));
  return row ?? null;
}

export async function deleteAdminSession(db: Db, sessionHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.sessionHash, sessionHash));
}

/** Removes expired administrator sessions (the sweep, services/sweep.ts). */
export async function deleteExpiredAdminSessions(db: Db): Promise<void> {
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
}
