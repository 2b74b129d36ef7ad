/**
 * Queries on `sessions` and `session_logins` (ARCHITECTURE.md "Stateless app servers"): a browser's
 * session spans organisations (no org_id); its sign-ins are per organisation. Sessions are found by
 * the SHA-256 of their cookie, never by the cookie itself.
 */
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionLogins, sessions } from '../db/schema.ts';
import { runStatement } from '../db/runStatement.ts';

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

/** A sign-in on a new session (plugins/session.ts makes it), to be stored by storeSignIn or as part of the login's statement. */
export interface NewSignIn {
  orgId: string;
  contactId: number;
  sessionHash: string;
  csrfToken: string;
  language: string | null;
  expiresAt: Date;
  /** The session it replaces (its sign-ins elsewhere move over, it ends), or null. */
  replaces: string | null;
}

/**
 * A browser moved to a new session at sign-in, as one statement's parts: the new session, the old
 * session's sign-ins in other organisations moved over, the old session ended (its own sign-in in
 * `orgId` with it, by cascade), the new sign-in. The foreign keys are checked at the statement's end,
 * when the new session is there. The statement may select `created_ms` from `new_session`.
 */
export function signInParts(signIn: NewSignIn): SQL {
  const { orgId, sessionHash, replaces } = signIn;
  const parts = [
    sql`new_session as (insert into sessions (session_hash, csrf_token, language, expires_at)
      values (${sessionHash}, ${signIn.csrfToken}, ${signIn.language}::text, ${signIn.expiresAt}::timestamptz)
      returning (extract(epoch from created_at) * 1000)::float8 as created_ms)`,
    sql`new_sign_in as (insert into session_logins (org_id, session_hash, contact_id) values (${orgId}, ${sessionHash}, ${signIn.contactId}))`,
  ];
  if (replaces !== null) {
    parts.push(
      sql`moved_sign_ins as (insert into session_logins (org_id, session_hash, contact_id, created_at)
        select org_id, ${sessionHash}, contact_id, created_at from session_logins where session_hash = ${replaces} and org_id <> ${orgId})`,
      // A moved sign-in made through single sign-on keeps what its single logout needs (issue 15).
      sql`moved_sso_sign_ins as (insert into sso_sign_ins (org_id, session_hash, provider_id, name_id, name_id_format, session_index, id_token)
        select org_id, ${sessionHash}, provider_id, name_id, name_id_format, session_index, id_token from sso_sign_ins
        where session_hash = ${replaces} and org_id <> ${orgId})`,
      sql`ended_session as (delete from sessions where session_hash = ${replaces})`,
    );
  }
  return sql.join(parts, sql`, `);
}

/**
 * Moves a browser to a new session at sign-in (session fixation, §4 login) in one statement
 * (signInParts), all or nothing. Answers when the session was made.
 */
export async function storeSignIn(db: Db, signIn: NewSignIn): Promise<Date> {
  const [row] = await runStatement<{ created_ms: number }>(db, sql`with ${signInParts(signIn)} select created_ms from new_session`);
  return new Date(row!.created_ms);
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
