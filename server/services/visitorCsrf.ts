/**
 * The CSRF token of a visitor without a session (issue 9 row 9): a signed double-submit value, so
 * answering `/rest/init/csrf` stores nothing. The cookie holds `{issued}.{nonce}`; the token is the
 * cookie's value followed by an HMAC of it under a server secret. A call is accepted when its
 * X-CSRF-TOKEN is the token of the cookie it came with: another site can neither read the token nor
 * make one without the secret. A session, once stored, has its own token (plugins/session.ts).
 * The administrators' login form (services/admins.ts) uses the same kind of value for another
 * purpose: a token made for one purpose is worth nothing for the other.
 */
import { randomBytes } from 'node:crypto';
import { hmac } from './serverSecrets.ts';
import type { Db } from '../db/client.ts';
import { sameToken } from './tokens.ts';

/** The cookie of the visitor's double-submit value. */
export const VISITOR_CSRF_COOKIE = 'SSPCSRF';

const COOKIE_FORMAT = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

/** A new cookie value: when it was issued and 16 random bytes. */
export function newVisitorCookie(now = Date.now()): string {
  return `${now.toString(36)}.${randomBytes(16).toString('base64url')}`;
}

/** Whether `cookie` is a value newVisitorCookie made no longer than `lifetimeMs` ago. */
export function isLiveVisitorCookie(cookie: string | undefined, lifetimeMs: number, now = Date.now()): cookie is string {
  const issued = cookie ? COOKIE_FORMAT.exec(cookie)?.[1] : undefined;
  if (issued === undefined) return false;
  const age = now - parseInt(issued, 36);
  return age >= 0 && age <= lifetimeMs;
}

/** What a token is for: a visitor's calls ('csrf') or the administrators' login form. */
export type CsrfPurpose = 'csrf' | 'admin-login';

/** The CSRF token that goes with a visitor cookie. */
export async function visitorCsrfToken(db: Db, cookie: string, purpose: CsrfPurpose = 'csrf'): Promise<string> {
  return `${cookie}.${await hmac(db, 'visitor-csrf', `${purpose}|${cookie}`)}`;
}

/** Whether `sent` is the token of `cookie` for `purpose`, and the cookie is live. */
export async function isVisitorCsrfToken(
  db: Db, cookie: string | undefined, sent: string, lifetimeMs: number, purpose: CsrfPurpose = 'csrf',
): Promise<boolean> {
  if (!isLiveVisitorCookie(cookie, lifetimeMs)) return false;
  return sameToken(sent, await visitorCsrfToken(db, cookie, purpose));
}
