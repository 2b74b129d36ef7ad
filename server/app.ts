/**
 * Builds the Fastify app from its plugins and never listens (tests use `inject`; only server.ts
 * listens). Everything it needs comes in as options: the database, the browser app, the versions.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { decodeEbBase64, EB_BASE64 } from '../schemas/ebBase64.ts';
import type { Db } from './db/client.ts';
import type { ClientApp } from './client.ts';
import errors from './plugins/errors.ts';
import session from './plugins/session.ts';
import accountRoutes from './routes/account.ts';
import adminRoutes from './routes/admin.ts';
import adminAccessKeyRoutes from './routes/adminAccessKeys.ts';
import adminInvitationRoutes from './routes/adminInvitations.ts';
import demoRoutes from './routes/demo.ts';
import forgotPasswordRoutes from './routes/forgotPassword.ts';
import featureFlagRoutes from './routes/featureFlags.ts';
import healthRoutes from './routes/health.ts';
import i18nRoutes from './routes/i18n.ts';
import initRoutes from './routes/init.ts';
import loginRoutes from './routes/login.ts';
import pageRoutes from './routes/pages.ts';
import publicProfileRoutes from './routes/publicProfile.ts';
import recoveryRoutes from './routes/recovery.ts';
import registrationRoutes from './routes/registration.ts';
import passwordRoutes from './routes/password.ts';
import { createMailer, type Mailer } from './services/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the portal's e-mails: an outbox row first, then SMTP when configured (services/mail.ts). */
    mailer: Mailer;
  }
}

export interface AppOptions {
  db: Db;
  /** The browser app; null in API tests (HTML addresses then answer a JSON 404). */
  client: ClientApp | null;
  demo: boolean;
  serverVersion: string;
  /** The portal's public address for links in e-mails (PUBLIC_URL); the request's own address when absent. */
  publicUrl?: string | null;
  /** Believe X-Forwarded-* from a reverse proxy (TLS ends there): session cookies become Secure. */
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The mail adapter; without one, mails stay in the outbox of the same database (no SMTP). */
  mailer?: Mailer;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const { client, db } = options;
  const mailer = options.mailer ?? createMailer({ db, smtpUrl: null, log: app.log });
  app.decorate('mailer', mailer);
  // Deliveries under way write their outcome to the database: let them finish before it closes.
  app.addHook('onClose', async () => mailer.settle());
  await app.register(errors, {
    sendApp: client ? client.sendApp : async (_request, reply) => reply.code(404).send({ errorCode: 'request.notFound' }),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
  await app.register(cookie);
  await app.register(formbody);
  // §7 eb-base64 bodies: base64 of UTF-8 JSON, sent as application/javascript with Encode-Type.
  app.addContentTypeParser(EB_BASE64.contentType, { parseAs: 'string' }, (request, body, done) => {
    if (request.headers[EB_BASE64.header.toLowerCase()] !== EB_BASE64.value) {
      return done(Object.assign(new Error('application/javascript bodies must be eb-base64 encoded'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
    }
    try {
      done(null, decodeEbBase64(body as string));
    } catch {
      done(Object.assign(new Error('the eb-base64 body is not base64 of JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
    }
  });
  await app.register(session, { db });

  await app.register(healthRoutes, { db });
  await app.register(initRoutes, { db, serverVersion: options.serverVersion });
  await app.register(featureFlagRoutes, { db });
  await app.register(i18nRoutes, { db });
  await app.register(pageRoutes, { db });
  await app.register(loginRoutes, { db });
  await app.register(passwordRoutes, { db });
  await app.register(accountRoutes, { db });
  await app.register(registrationRoutes, { db });
  await app.register(recoveryRoutes, { db, publicUrl: options.publicUrl ?? null });
  await app.register(demoRoutes, { db, demo: options.demo, mailer });
  await app.register(forgotPasswordRoutes, { db, publicUrl: options.publicUrl ?? null });
  await app.register(publicProfileRoutes, { db, publicUrl: options.publicUrl ?? null });
  await app.register(adminRoutes, { db });
  await app.register(adminInvitationRoutes, { db, publicUrl: options.publicUrl ?? null });
  await app.register(adminAccessKeyRoutes, { db, publicUrl: options.publicUrl ?? null });
  if (client) await client.register(app);
  return app;
}
