/**
 * Server-side sessions in the database (ARCHITECTURE.md "Stateless app servers"): the browser holds
 * only a random id in an HttpOnly, SameSite=Lax cookie (Secure behind TLS); the database holds its
 * SHA-256, the CSRF token, the chosen language and, per organisation, the signed-in contact.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessionLogins, sessions } from '../db/schema.ts';

export const SESSION_COOKIE = 'SSPSESSION';
/** How long a session lives without a new login. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

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

/** What the database keeps of a session cookie: its SHA-256, never the cookie itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Compares two secrets in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export default fp<{ db: Db }>(async function session(app: FastifyInstance, { db }) {
  app.decorateRequest('session', null as unknown as SessionHandle);

  app.addHook('onRequest', async (request) => {
    let loaded: Promise<SessionRow | null> | undefined;
    const token = request.cookies[SESSION_COOKIE];
    const current = () => {
      loaded ??= token
        ? db.select().from(sessions)
          .where(and(eq(sessions.sessionHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
          .then((rows) => rows[0] ?? null)
        : Promise.resolve(null);
      return loaded;
    };
    const create = async (reply: FastifyReply, language: string | null) => {
      const fresh = randomBytes(32).toString('base64url');
      const [row] = await db.insert(sessions).values({
        sessionHash: hashToken(fresh),
        csrfToken: randomBytes(32).toString('base64url'),
        language,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      }).returning();
      reply.setCookie(SESSION_COOKIE, fresh, {
        path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000,
      });
      loaded = Promise.resolve(row!);
      return row!;
    };
    request.session = {
      current,
      async ensure(reply) {
        return (await current()) ?? create(reply, null);
      },
      async signIn(reply, orgId, contactId) {
        const old = await current();
        const fresh = await create(reply, old?.language ?? null);
        await db.transaction(async (tx) => {
          if (old) {
            const elsewhere = await tx.select().from(sessionLogins).where(eq(sessionLogins.sessionHash, old.sessionHash));
            const keep = elsewhere.filter((login) => login.orgId !== orgId);
            if (keep.length) await tx.insert(sessionLogins).values(keep.map((login) => ({ ...login, sessionHash: fresh.sessionHash })));
            await tx.delete(sessions).where(eq(sessions.sessionHash, old.sessionHash));
          }
          await tx.insert(sessionLogins).values({ orgId, sessionHash: fresh.sessionHash, contactId });
        });
        return fresh;
      },
      async contactId(orgId) {
        const row = await current();
        if (!row) return null;
        const [login] = await db.select({ contactId: sessionLogins.contactId }).from(sessionLogins)
          .where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.sessionHash, row.sessionHash)));
        return login?.contactId ?? null;
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
  const sweep = () => db.delete(sessions).where(lt(sessions.expiresAt, new Date())).then(() => undefined, (err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  await sweep();
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'session', dependencies: ['@fastify/cookie'] });
