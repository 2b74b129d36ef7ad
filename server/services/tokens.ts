/**
 * The random secrets the portal hands out (session cookies, CSRF tokens, reset links, access keys,
 * public-profile tokens, admin sessions) and how they are kept and compared: the database holds only
 * a SHA-256 of a secret, never the secret itself (ARCHITECTURE.md "Security defaults").
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 32 random bytes in base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: its SHA-256, never the secret itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Compares two secrets in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
