/**
 * The administrators of the live preview (issue 3): their own session (cookie SSPADMIN on /admin,
 * argon2id passwords, a CSRF token on every write). `ensureAdmin` creates or updates the
 * administrator `admin` at start (demo mode: the demo password; otherwise ADMIN_PASSWORD).
 */
import type { Db } from '../db/client.ts';
import { deleteAdminSession, findAdmin, findAdminSession, insertAdminSession, upsertAdmin } from '../repositories/admins.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { refuse, type Refusal } from './results.ts';
import { hashToken, newToken, sameToken } from './tokens.ts';

export const ADMIN_COOKIE = 'SSPADMIN';
export const ADMIN_TTL_MS = 8 * 60 * 60 * 1000;
export const DEMO_ADMIN_PASSWORD = 'Demo!Admin2026';

export interface AdminSession {
  username: string;
  csrfToken: string;
  sessionHash: string;
}

/** Creates or updates the administrator `admin` with `password`. */
export async function ensureAdmin(db: Db, password: string): Promise<void> {
  await upsertAdmin(db, 'admin', await hashPassword(password));
}

/** Signs an administrator in: a new session token (the cookie) and its CSRF token, or 401. */
export async function adminLogin(db: Db, username: string, password: string): Promise<{ ok: true; username: string; token: string; csrfToken: string } | Refusal> {
  const admin = await findAdmin(db, username);
  // An unknown name costs the same time as a wrong password.
  const valid = await verifyPassword(admin?.passwordHash, password);
  if (!admin || !valid) return refuse(401, { errorCode: 'admin.login.invalid' });
  const token = newToken();
  const csrfToken = newToken();
  await insertAdminSession(db, { sessionHash: hashToken(token), username: admin.username, csrfToken, expiresAt: new Date(Date.now() + ADMIN_TTL_MS) });
  return { ok: true, username: admin.username, token, csrfToken };
}

/** The administrator session a cookie names, if it exists and has not expired. */
export async function currentAdmin(db: Db, token: string | undefined): Promise<AdminSession | null> {
  if (!token) return null;
  const row = await findAdminSession(db, hashToken(token));
  return row ? { username: row.username, csrfToken: row.csrfToken, sessionHash: row.sessionHash } : null;
}

/**
 * The admin scope's guard: 401 without an administrator session; on writes 403 unless
 * X-CSRF-TOKEN matches the session's. Null when the call may go on.
 */
export function adminRefusal(admin: AdminSession | null, method: string, sentCsrfToken: unknown): Refusal | null {
  if (!admin) return refuse(401, { errorCode: 'admin.signInRequired' });
  if (method !== 'GET' && (typeof sentCsrfToken !== 'string' || !sameToken(sentCsrfToken, admin.csrfToken))) return refuse(403, { errorCode: 'csrf.invalid' });
  return null;
}

export function adminLogout(db: Db, admin: AdminSession): Promise<void> {
  return deleteAdminSession(db, admin.sessionHash);
}
