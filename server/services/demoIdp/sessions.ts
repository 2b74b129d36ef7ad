/**
 * The demo SAML provider's own sign-ins (issue 15): once signed in there, a browser is answered without
 * the form until the request asks for a fresh authentication (ForceAuthn, §8's retry) or it signs out.
 * In this process's memory, bounded, 8 hours each.
 */
import { randomBytes } from 'node:crypto';

const MAX_SESSIONS = 1000;
const SESSION_TTL_MS = 8 * 3600_000;

const sessions = new Map<string, { subject: string; at: number }>();

export const DEMO_IDP_COOKIE = 'DEMOIDP';

/** A new sign-in of `subject`: the cookie's value. */
export function startIdpSession(subject: string): string {
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, { subject, at: Date.now() });
  while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  return id;
}

/** Whom the cookie's sign-in is of, while it lasts. */
export function idpSessionSubject(id: string | undefined): string | null {
  const session = id ? sessions.get(id) : undefined;
  if (!session || Date.now() - session.at > SESSION_TTL_MS) return null;
  return session.subject;
}

export function endIdpSession(id: string | undefined): void {
  if (id) sessions.delete(id);
}
