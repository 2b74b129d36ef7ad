/**
 * Server-side sessions in the database (ARCHITECTURE.md "Stateless app servers"): the browser holds
 * only a random id in an HttpOnly, SameSite=Lax cookie (Secure behind TLS); the database holds its
 * SHA-256, the CSRF token, the chosen language and, per organisation, the signed-in contact.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import {
  deleteExpiredSessions, findSession, findSignedInContact, insertSession, signInOnNewSession, type SessionRow,
} from '../repositories/sessions.ts';
import { hashToken, newToken, sameToken } from '../services/tokens.ts';

export const SESSION_COOKIE = 'SSPSESSION';
/** How long a session lives without a new login. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type { SessionRow };

export interface SessionHandle {
  /** The session the cookie names, if it exists and has not expired. */
  current(): Promise<SessionRow | null>;
  /** The current session, or a new one with a new cookie. */
  ensure(reply: FastifyReply): Promise<SessionRow>;
  /** The contact this session is signed in as in `orgId`, if any. */
  contactId(orgId: string): Promise<number | null>;
  /**
   * Signs the browser in as `contactId` of `orgId` on a NEW session (new cookie, new CSRF token):
   * the old session ends, its language and its sign-ins elsewhere move over (session fixation, §4 login).
   */
  signIn(reply: FastifyReply, orgId: string, contactId: number): Promise<SessionRow>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionHandle;
  }
  interface FastifyInstance {
    /** preHandler for every state-changing call: 403 `csrf.invalid` unless X-CSRF-TOKEN matches the session's. */
    requireCsrf: preHandlerAsyncHookHandler;
  }
}

export default fp<{ db: Db }>(async function session(app: FastifyInstance, { db }) {
  app.decorateRequest('session', null as unknown as SessionHandle);

  app.addHook('onRequest', async (request) => {
    let loaded: Promise<SessionRow | null> | undefined;
    const token = request.cookies[SESSION_COOKIE];
    const current = () => {
      loaded ??= token ? findSession(db, hashToken(token)) : Promise.resolve(null);
      return loaded;
    };
    const create = async (reply: FastifyReply, language: string | null) => {
      const fresh = newToken();
      const row = await insertSession(db, {
        sessionHash: hashToken(fresh), csrfToken: newToken(), language, expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      reply.setCookie(SESSION_COOKIE, fresh, {
        path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000,
      });
      loaded = Promise.resolve(row);
      return row;
    };
    request.session = {
      current,
      async ensure(reply) {
        return (await current()) ?? create(reply, null);
      },
      async signIn(reply, orgId, contactId) {
        const old = await current();
        const fresh = await create(reply, old?.language ?? null);
        await signInOnNewSession(db, orgId, contactId, old?.sessionHash ?? null, fresh.sessionHash);
        return fresh;
      },
      async contactId(orgId) {
        const row = await current();
        if (!row) return null;
        return findSignedInContact(db, orgId, row.sessionHash);
      },
    };
  });

  app.decorate('requireCsrf', async function requireCsrf(request: FastifyRequest, reply: FastifyReply) {
    const sent = request.headers['x-csrf-token'];
    const row = await request.session.current();
    if (!row || typeof sent !== 'string' || !sameToken(sent, row.csrfToken)) {
      return reply.code(403).send({ errorCode: 'csrf.invalid' });
    }
  });

  // Expired sessions are removed at start and then hourly; nothing depends on it but disk space.
  const sweep = () => deleteExpiredSessions(db).then(() => undefined, (err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  await sweep();
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'session', dependencies: ['@fastify/cookie'] });
