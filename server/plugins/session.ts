/**
 * Server-side sessions in the database (ARCHITECTURE.md "Stateless app servers"): the browser holds
 * only a random id in an HttpOnly, SameSite=Lax cookie (Secure behind TLS); the database holds its
 * SHA-256, the CSRF token, the chosen language and, per organisation, the signed-in contact.
 * A visitor gets a session row only when something needs storing (a sign-in, a language); until
 * then their CSRF token is a signed double-submit value (services/visitorCsrf.ts), so a visit stores
 * nothing. Expired sessions are deleted by the sweep (services/sweep.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import {
  findSession, findSignedInContact, findSignIn, insertSession, storeSignIn, type NewSignIn, type SessionRow,
} from '../repositories/sessions.ts';
import { hashToken, newToken, sameToken } from '../services/tokens.ts';
import {
  isLiveVisitorCookie, isVisitorCsrfToken, newVisitorCookie, VISITOR_CSRF_COOKIE, visitorCsrfToken,
} from '../services/visitorCsrf.ts';

export const SESSION_COOKIE = 'SSPSESSION';
/** How long a session lives without a new login. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type { SessionRow };

export interface SessionHandle {
  /** The session the cookie names, if it exists and has not expired. */
  current(): Promise<SessionRow | null>;
  /**
   * The current session, or a new one with a new cookie: only for a call that stores something on
   * it. A visitor's CSRF token (their SSPCSRF cookie) carries over as the new session's token.
   */
  ensure(reply: FastifyReply): Promise<SessionRow>;
  /**
   * The CSRF token the browser is to send (`/rest/init/csrf`): the session's, or without a session
   * a visitor's signed double-submit token (its cookie set when missing); stores nothing.
   */
  csrfToken(reply: FastifyReply): Promise<string>;
  /** The contact this session is signed in as in `orgId`, if any. */
  contactId(orgId: string): Promise<number | null>;
  /** The same, with when that sign-in happened (a call that wants a fresh one: account deletion). */
  signedIn(orgId: string): Promise<{ contactId: number; signedInAt: Date } | null>;
  /**
   * Signs the browser in as `contactId` of `orgId` on a NEW session (new cookie, new CSRF token):
   * the old session ends, its language and its sign-ins elsewhere move over (session fixation, §4 login).
   */
  signIn(reply: FastifyReply, orgId: string, contactId: number): Promise<SessionRow>;
  /**
   * signIn in two steps, for a caller that stores the sign-in as part of its own statement (the
   * login: repositories/logins.ts): what to store, nothing stored yet and no cookie set…
   */
  newSignIn(orgId: string, contactId: number): Promise<PendingSignIn>;
  /** …and, once stored (`createdAt` when), the browser's cookie set: the request's session is the new one. */
  adoptSignIn(reply: FastifyReply, signIn: PendingSignIn, createdAt: Date): SessionRow;
}

/** A sign-in on a new session not stored yet: its row's values, and the cookie that will name it. */
export interface PendingSignIn extends NewSignIn {
  cookie: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionHandle;
  }
  interface FastifyInstance {
    /**
     * preHandler for every state-changing call: 403 `csrf.invalid` unless X-CSRF-TOKEN matches the
     * session's, or, without a session, the visitor's double-submit cookie.
     */
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
    const cookieOptions = () => ({
      path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000,
    } as const);
    const create = async (reply: FastifyReply, language: string | null, csrfToken = newToken()) => {
      const fresh = newToken();
      const row = await insertSession(db, {
        sessionHash: hashToken(fresh), csrfToken, language, expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      reply.setCookie(SESSION_COOKIE, fresh, cookieOptions());
      loaded = Promise.resolve(row);
      return row;
    };
    const visitorCookie = request.cookies[VISITOR_CSRF_COOKIE];
    request.session = {
      current,
      async ensure(reply) {
        const row = await current();
        if (row) return row;
        // The page keeps the token it was given: the session takes it over.
        const carried = isLiveVisitorCookie(visitorCookie, SESSION_TTL_MS) ? await visitorCsrfToken(db, visitorCookie) : undefined;
        return create(reply, null, carried);
      },
      async csrfToken(reply) {
        const row = await current();
        if (row) return row.csrfToken;
        if (isLiveVisitorCookie(visitorCookie, SESSION_TTL_MS)) return visitorCsrfToken(db, visitorCookie);
        const cookie = newVisitorCookie();
        reply.setCookie(VISITOR_CSRF_COOKIE, cookie, cookieOptions());
        return visitorCsrfToken(db, cookie);
      },
      async signIn(reply, orgId, contactId) {
        const signIn = await this.newSignIn(orgId, contactId);
        return this.adoptSignIn(reply, signIn, await storeSignIn(db, signIn));
      },
      async newSignIn(orgId, contactId) {
        const old = await current();
        const cookie = newToken();
        return {
          orgId, contactId, cookie, sessionHash: hashToken(cookie), csrfToken: newToken(), language: old?.language ?? null,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS), replaces: old?.sessionHash ?? null,
        };
      },
      adoptSignIn(reply, signIn, createdAt) {
        const row = { sessionHash: signIn.sessionHash, csrfToken: signIn.csrfToken, language: signIn.language, createdAt, expiresAt: signIn.expiresAt };
        reply.setCookie(SESSION_COOKIE, signIn.cookie, cookieOptions());
        loaded = Promise.resolve(row);
        return row;
      },
      async contactId(orgId) {
        const row = await current();
        if (!row) return null;
        return findSignedInContact(db, orgId, row.sessionHash);
      },
      async signedIn(orgId) {
        const row = await current();
        return row ? findSignIn(db, orgId, row.sessionHash) : null;
      },
    };
  });

  app.decorate('requireCsrf', async function requireCsrf(request: FastifyRequest, reply: FastifyReply) {
    const sent = request.headers['x-csrf-token'];
    const row = await request.session.current();
    const valid = typeof sent === 'string' && (row
      ? sameToken(sent, row.csrfToken)
      : await isVisitorCsrfToken(db, request.cookies[VISITOR_CSRF_COOKIE], sent, SESSION_TTL_MS));
    if (!valid) return reply.code(403).send({ errorCode: 'csrf.invalid' });
  });
}, { name: 'session', dependencies: ['@fastify/cookie'] });
