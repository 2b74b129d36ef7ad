/**
 * The administrators of the live preview (issue 3): their own session (cookie SSPADMIN on /admin,
 * argon2id passwords, a CSRF token on every write). `ensureAdmin` creates or updates the
 * administrator `admin` at start (demo mode: the demo password; otherwise ADMIN_PASSWORD).
 *
 * Signing in (issue 9 row 3) is throttled like a member's: every attempt is claimed before the
 * password is verified, at most ADMIN_THROTTLE_PER_NAME per administrator name (known or not) and
 * ADMIN_THROTTLE_PER_ADDRESS per client address in the throttle window, then 429
 * 'admin.login.throttled' until it is over. The login form carries a CSRF token bound to a
 * pre-session cookie (SSPADMINLOGIN, a signed double-submit value as services/visitorCsrf.ts makes),
 * so no other site can sign a browser in as an administrator of its choosing.
 */
import type { Db } from '../db/client.ts';
import { deleteAdminSession, findAdmin, findAdminSession, insertAdminSession, replaceAdminPasswordHash, upsertAdmin } from '../repositories/admins.ts';
import { claimAdminAttempt, clearAdminFailures, refundAdminAttempt, THROTTLE_WINDOW_MS } from '../repositories/throttle.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { hashPassword, upgradedHash, verifyPassword } from './passwords.ts';
import { refuse, type Refusal } from './results.ts';
import { hashToken, newToken, sameToken } from './tokens.ts';
import { isLiveVisitorCookie, isVisitorCsrfToken, newVisitorCookie, visitorCsrfToken } from './visitorCsrf.ts';

export const ADMIN_COOKIE = 'SSPADMIN';
export const ADMIN_TTL_MS = 8 * 60 * 60 * 1000;
export const DEMO_ADMIN_PASSWORD = 'Demo!Admin2026';
/** The login form's pre-session cookie (path /admin/api/login) and how long its token serves. */
export const ADMIN_LOGIN_COOKIE = 'SSPADMINLOGIN';
export const ADMIN_LOGIN_FORM_TTL_MS = 60 * 60 * 1000;
/** Sign-in attempts per administrator name and per client address in the throttle window (15 minutes). */
export const ADMIN_THROTTLE_PER_NAME = 10;
export const ADMIN_THROTTLE_PER_ADDRESS = 50;
const THROTTLED = refuse(429, { errorCode: 'admin.login.throttled' });

export interface AdminSession {
  username: string;
  csrfToken: string;
  sessionHash: string;
}

/** Creates or updates the administrator `admin` with `password`. */
export async function ensureAdmin(db: Db, password: string): Promise<void> {
  await upsertAdmin(db, 'admin', await hashPassword(password));
}

/**
 * Signs an administrator in: a new session token (the cookie) and its CSRF token; 401 for a wrong
 * name or password, 429 once the name or the address has used its attempts.
 */
export async function adminLogin(
  db: Db, username: string, password: string, clientAddress: string,
): Promise<{ ok: true; username: string; token: string; csrfToken: string } | Refusal> {
  const nameKey = `admin:${username.trim().toLowerCase()}`;
  const addressKey = `ip:${clientAddress}`;
  if ((await claimAdminAttempt(db, nameKey, ADMIN_THROTTLE_PER_NAME, THROTTLE_WINDOW_MS)) === null) return THROTTLED;
  if ((await claimAdminAttempt(db, addressKey, ADMIN_THROTTLE_PER_ADDRESS, THROTTLE_WINDOW_MS)) === null) {
    await refundAdminAttempt(db, nameKey);
    return THROTTLED;
  }
  const admin = await findAdmin(db, username);
  // An unknown name costs the same time as a wrong password.
  const valid = await verifyPassword(admin?.passwordHash, password);
  if (!admin || !valid) return refuse(401, { errorCode: 'admin.login.invalid' });
  const upgraded = await upgradedHash(admin.passwordHash, password);
  await inTransaction(db, async (tx) => {
    await clearAdminFailures(tx, nameKey);
    await refundAdminAttempt(tx, addressKey);
    if (upgraded) await replaceAdminPasswordHash(tx, admin.username, admin.passwordHash, upgraded);
  });
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

/**
 * The login form's pre-session: the cookie value to set (a new one unless `cookie` is still live)
 * and the CSRF token POST /admin/api/login must carry with it.
 */
export async function adminLoginForm(db: Db, cookie: string | undefined): Promise<{ cookie: string; csrfToken: string }> {
  const live = isLiveVisitorCookie(cookie, ADMIN_LOGIN_FORM_TTL_MS) ? cookie : newVisitorCookie();
  return { cookie: live, csrfToken: await visitorCsrfToken(db, live, 'admin-login') };
}

/** 403 'csrf.invalid' unless `sent` is the login-form token of the pre-session cookie. */
export async function adminLoginCsrfRefusal(db: Db, cookie: string | undefined, sent: unknown): Promise<Refusal | null> {
  const valid = typeof sent === 'string' && await isVisitorCsrfToken(db, cookie, sent, ADMIN_LOGIN_FORM_TTL_MS, 'admin-login');
  return valid ? null : refuse(403, { errorCode: 'csrf.invalid' });
}
