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

/**
 * A request's session (SessionHandle), one object per request with its methods on the prototype: it
 * reads nothing until asked, and a request that never asks (a visitor's /rest/init) costs no closure.
 */
class RequestSession implements SessionHandle {
  #loaded: Promise<SessionRow | null> | undefined;

  constructor(private readonly db: Db, private readonly request: FastifyRequest) {}

  private get visitorCookie(): string | undefined {
    return this.request.cookies[VISITOR_CSRF_COOKIE];
  }

  private cookieOptions() {
    return { path: '/', httpOnly: true, sameSite: 'lax', secure: this.request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000 } as const;
  }

  private async create(reply: FastifyReply, language: string | null, csrfToken = newToken()): Promise<SessionRow> {
    const fresh = newToken();
    const row = await insertSession(this.db, {
      sessionHash: hashToken(fresh), csrfToken, language, expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    reply.setCookie(SESSION_COOKIE, fresh, this.cookieOptions());
    this.#loaded = Promise.resolve(row);
    return row;
  }

  current(): Promise<SessionRow | null> {
    if (this.#loaded === undefined) {
      const token = this.request.cookies[SESSION_COOKIE];
      this.#loaded = token ? findSession(this.db, hashToken(token)) : Promise.resolve(null);
    }
    return this.#loaded;
  }

  async ensure(reply: FastifyReply): Promise<SessionRow> {
    const row = await this.current();
    if (row) return row;
    // The page keeps the token it was given: the session takes it over.
    const visitorCookie = this.visitorCookie;
    const carried = isLiveVisitorCookie(visitorCookie, SESSION_TTL_MS) ? await visitorCsrfToken(this.db, visitorCookie) : undefined;
    return this.create(reply, null, carried);
  }

  async csrfToken(reply: FastifyReply): Promise<string> {
    const row = await this.current();
    if (row) return row.csrfToken;
    const visitorCookie = this.visitorCookie;
    if (isLiveVisitorCookie(visitorCookie, SESSION_TTL_MS)) return visitorCsrfToken(this.db, visitorCookie);
    const cookie = newVisitorCookie();
    reply.setCookie(VISITOR_CSRF_COOKIE, cookie, this.cookieOptions());
    return visitorCsrfToken(this.db, cookie);
  }

  async signIn(reply: FastifyReply, orgId: string, contactId: number): Promise<SessionRow> {
    const signIn = await this.newSignIn(orgId, contactId);
    return this.adoptSignIn(reply, signIn, await storeSignIn(this.db, signIn));
  }

  async newSignIn(orgId: string, contactId: number): Promise<PendingSignIn> {
    const old = await this.current();
    const cookie = newToken();
    return {
      orgId, contactId, cookie, sessionHash: hashToken(cookie), csrfToken: newToken(), language: old?.language ?? null,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS), replaces: old?.sessionHash ?? null,
    };
  }

  adoptSignIn(reply: FastifyReply, signIn: PendingSignIn, createdAt: Date): SessionRow {
    const row = { sessionHash: signIn.sessionHash, csrfToken: signIn.csrfToken, language: signIn.language, createdAt, expiresAt: signIn.expiresAt };
    reply.setCookie(SESSION_COOKIE, signIn.cookie, this.cookieOptions());
    this.#loaded = Promise.resolve(row);
    return row;
  }

  async contactId(orgId: string): Promise<number | null> {
    const row = await this.current();
    if (!row) return null;
    return findSignedInContact(this.db, orgId, row.sessionHash);
  }

  async signedIn(orgId: string): Promise<{ contactId: number; signedInAt: Date } | null> {
    const row = await this.current();
    return row ? findSignIn(this.db, orgId, row.sessionHash) : null;
  }
}

export default fp<{ db: Db }>(async function session(app: FastifyInstance, { db }) {
  app.decorateRequest('session', null as unknown as SessionHandle);

  app.addHook('onRequest', (request, _reply, done) => {
    request.session = new RequestSession(db, request);
    done();
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
