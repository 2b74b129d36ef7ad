/**
 * Queries on `sessions` and `session_logins` (ARCHITECTURE.md "Stateless app servers"): a browser's
 * session spans organisations (no org_id); its sign-ins are per organisation. Sessions are found by
 * the SHA-256 of their cookie, never by the cookie itself.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionLogins, sessions } from '../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** The unexpired session whose cookie hashes to `sessionHash`, or null. */
export async function findSession(db: Db, sessionHash: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(and(eq(sessions.sessionHash, sessionHash), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

export async function insertSession(db: Db, session: { sessionHash: string; csrfToken: string; language: string | null; expiresAt: Date }): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  return row!;
}

/**
 * Moves a browser to a new session at sign-in (session fixation, §4 login): the old session's
 * sign-ins in other organisations move over, the old session ends, and the new one is signed in as
 * `contactId` of `orgId`, all in one transaction.
 */
export async function signInOnNewSession(db: Db, orgId: string, contactId: number, oldSessionHash: string | null, newSessionHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (oldSessionHash !== null) {
      const elsewhere = await tx.select().from(sessionLogins).where(eq(sessionLogins.sessionHash, oldSessionHash));
      const keep = elsewhere.filter((login) => login.orgId !== orgId);
      if (keep.length) await tx.insert(sessionLogins).values(keep.map((login) => ({ ...login, sessionHash: newSessionHash })));
      await tx.delete(sessions).where(eq(sessions.sessionHash, oldSessionHash));
    }
    await tx.insert(sessionLogins).values({ orgId, sessionHash: newSessionHash, contactId });
  });
}

/** Ends every session sign-in of a contact (a new password: issue 9 row 10); the sessions stay, signed in elsewhere. */
export async function deleteSignInsOf(db: Db, orgId: string, contactId: number): Promise<void> {
  await db.delete(sessionLogins).where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.contactId, contactId)));
}

/** The contact a session is signed in as in `orgId`, or null. */
export async function findSignedInContact(db: Db, orgId: string, sessionHash: string): Promise<number | null> {
  const [login] = await db.select({ contactId: sessionLogins.contactId }).from(sessionLogins)
    .where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.sessionHash, sessionHash)));
  return login?.contactId ?? null;
}

/** Whom a session is signed in as in `orgId` and since when (a new sign-in is a new row: §4 login rotates), or null. */
export async function findSignIn(db: Db, orgId: string, sessionHash: string): Promise<{ contactId: number; signedInAt: Date } | null> {
  const [login] = await db.select({ contactId: sessionLogins.contactId, signedInAt: sessionLogins.createdAt }).from(sessionLogins)
    .where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.sessionHash, sessionHash)));
  return login ?? null;
}

/** Ends a session's sign-in in one organisation (logout); its sign-ins elsewhere stay. */
export async function deleteSignIn(db: Db, orgId: string, sessionHash: string): Promise<void> {
  await db.delete(sessionLogins).where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.sessionHash, sessionHash)));
}

/** §4 language change: stored on the session. */
export async function setSessionLanguage(db: Db, sessionHash: string, language: string): Promise<void> {
  await db.update(sessions).set({ language }).where(eq(sessions.sessionHash, sessionHash));
}

/** Removes expired sessions (their sign-ins cascade). */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
