/**
 * Builds the Fastify app from its plugins and never listens (tests use `inject`; only server.ts
 * listens). Everything it needs comes in as options: the database, the browser app, the versions.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { decodeEbBase64, EB_BASE64 } from '../schemas/ebBase64.ts';
import type { MapTiles } from './config.ts';
import type { Db } from './db/client.ts';
import type { ClientApp } from './client.ts';
import { allowCaptchaScript } from './http/appShell.ts';
import type { MemberDomain } from './http/memberDomain.ts';
import type { RouteDeps } from './http/routeDeps.ts';
import { timeoutOptions, type RequestTimeouts } from './http/timeouts.ts';
import { fastifyTrustProxy } from './http/trustProxy.ts';
import errors, { withSafeErrorLogging } from './plugins/errors.ts';
import hashAdmission from './plugins/hashAdmission.ts';
import metrics from './plugins/metrics.ts';
import openApi, { documentedScope } from './plugins/openApi.ts';
import organization from './plugins/organization.ts';
import requestLog, { REQUEST_ID_OPTIONS, withRequestLogging } from './plugins/requestLog.ts';
import requestValidation from './plugins/requestValidation.ts';
import securityHeaders from './plugins/securityHeaders.ts';
import session from './plugins/session.ts';
import accountScope from './routes/account/index.ts';
import adminScope from './routes/admin/index.ts';
import demoScope from './routes/demo/index.ts';
import memberScope from './routes/member/index.ts';
import publicScope from './routes/public/index.ts';
import publishingScope from './routes/publishing/index.ts';
import { createCaptcha, DEFAULT_ALTCHA, type CaptchaOptions } from './services/captcha.ts';
import { createDelivery, type Delivery } from './services/delivery/createDelivery.ts';
import type { HashLimits } from './services/hashAdmission.ts';
import { cachedGeocoder, createGeocoder, type Geocoder } from './services/geocoding/index.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { startOrgCache, type OrgCache, type OrgCacheOptions } from './services/orgCache.ts';
import { startSweeping } from './services/sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the portal's e-mails: an outbox row first, then SMTP when configured (services/mail.ts). */
    mailer: Mailer;
    /** Sends to a contact path through its adapter, or to the delivery outbox (services/delivery/). */
    delivery: Delivery;
    /** Organisation settings, flags, help tips and banners from memory (services/orgCache.ts). */
    orgCache: OrgCache;
  }
}

export interface AppOptions {
  db: Db;
  /** The browser app; null in API tests (HTML addresses then answer a JSON 404). */
  client: ClientApp | null;
  demo: boolean;
  serverVersion: string;
  /** The maps' tiles (MAP_TILE_URL); none: OpenStreetMap's. */
  mapTiles?: MapTiles | null;
  /**
   * The portal's public address for links in e-mails (PUBLIC_URL); required outside demo mode. In demo
   * mode without it, links use the address the server listens on, never a request's Host header.
   */
  publicUrl?: string | null;
  /**
   * Believe X-Forwarded-* from the reverse proxies of TRUST_PROXY (TLS ends there: session cookies become
   * Secure): a hop count or their addresses/CIDR ranges (config.ts); `true` (every hop) only in tests.
   */
  trustProxy?: boolean | number | string[];
  logger?: FastifyServerOptions['logger'];
  /** The mail adapter; without one, mails stay in the outbox of the same database (no SMTP). */
  mailer?: Mailer;
  /**
   * The delivery layer (SMS, voice, Slack, e-mail through the mailer); without one, every path but
   * e-mail goes to the delivery outbox (no SMS API, no Slack bot).
   */
  delivery?: Delivery;
  /**
   * The test notification's captcha (ALTCHA_MAX_NUMBER, RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL); without
   * it, ALTCHA with its default work and no reCAPTCHA.
   */
  captcha?: CaptchaOptions;
  /** The geocoder (GEOCODER_URL); the offline gazetteer when not given. */
  geocoder?: Geocoder;
  /** The member scope's domains; every folder of routes/member/ when not given (tests add their own). */
  memberDomains?: readonly MemberDomain[];
  /** How long a client may take to send a request (http/timeouts.ts; tests set them low). */
  timeouts?: Partial<RequestTimeouts>;
  /** How often the sweep deletes what has expired (services/sweep.ts); hourly when not given. */
  sweepIntervalMs?: number;
  /** Called with every route as it is registered (the API tests' fuzz table enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** Admission before hashing (services/hashAdmission.ts); DEFAULT_HASH_LIMITS when not given. */
  hashLimits?: Partial<HashLimits>;
  /**
   * Who reads `/metrics` (plugins/metrics.ts): `token` (METRICS_TOKEN) as a bearer token, on this
   * app's port unless `separatePort` (METRICS_PORT: server.ts serves them there). Without a token
   * and a separate port, this app has no `/metrics`.
   */
  metrics?: { token: string | null; separatePort: boolean };
  /** The organisation cache's bound and fallback interval (services/orgCache.ts); ORG_CACHE_DEFAULTS when not given. */
  orgCache?: Partial<OrgCacheOptions>;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (!options.demo && !options.publicUrl) throw new Error('buildApp: publicUrl (PUBLIC_URL) is required outside demo mode');
  const app = Fastify({
    // JSON lines with the request's id, no secret in them (plugins/requestLog.ts); errors without their
    // query's parameters (plugins/errors.ts serializeLoggedError).
    logger: withRequestLogging(withSafeErrorLogging(options.logger ?? false)),
    ...REQUEST_ID_OPTIONS,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Seconds for headers, body and idle sockets, not Node's minutes (http/timeouts.ts).
    ...timeoutOptions(options.timeouts),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const { client, db } = options;
  const mailer = options.mailer ?? createMailer({ db, smtpUrl: null, log: app.log });
  app.decorate('mailer', mailer);
  // Deliveries under way write their outcome to the database: let them finish before it closes.
  app.addHook('onClose', async () => mailer.settle());
  const delivery = options.delivery ?? createDelivery({ db, mailer, log: app.log });
  app.decorate('delivery', delivery);
  // Expired sessions, links, keys, counts and old mails: swept now and then on a schedule, stopped
  // (and a sweep under way awaited) before the database closes.
  const sweeper = startSweeping(db, app.log, options.sweepIntervalMs);
  app.addHook('onClose', async () => sweeper.stop());
  // Every answer names its request (X-Request-Id), first, so refusals by later hooks do too.
  await app.register(requestLog);
  // Requests, latency, logins, throttles, outbox and database, counted from the start of each request.
  const metricsAccess = options.metrics ?? { token: null, separatePort: false };
  await app.register(metrics, { db, mailer, token: metricsAccess.token, route: metricsAccess.token !== null && !metricsAccess.separatePort });
  const captcha = createCaptcha(options.captcha ?? { altcha: DEFAULT_ALTCHA, recaptcha: null });
  await app.register(errors, {
    sendApp: client
      ? async (request, reply) => {
        await allowCaptchaScript(request, reply, captcha);
        return client.sendApp(request, reply);
      }
      : async (_request, reply) => reply.code(404).send({ errorCode: 'request.notFound' }),
  });
  // One validator for every route's schemas: no NUL or lone surrogates, bounded integers, no coercion of bodies.
  await app.register(requestValidation);
  // The protective headers of every answer, one policy (CSP, framing, referrer, HSTS over TLS, …).
  await app.register(securityHeaders);
  // Before anything else is done for a request that may hash: its client's bucket and the queue's room.
  await app.register(hashAdmission, { limits: options.hashLimits });
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

  // Organisation data from memory (issue 10 item 4), kept current by LISTEN/NOTIFY and a fallback
  // check; its LISTEN connection and timer end before the database closes.
  const orgCache = await startOrgCache(db, app.log, options.orgCache);
  app.addHook('onClose', async () => orgCache.stop());
  app.decorate('orgCache', orgCache);
  await app.register(organization, { cache: orgCache });
  // The OpenAPI document and its viewer (/docs): before the routes, so that every route is in it.
  await app.register(openApi, { serverVersion: options.serverVersion });

  // Routes grouped by who may call them (issue 8 item 4): each scope is one registration with its
  // hooks, and lists its domains (server/routes/<scope>/index.ts).
  const deps: RouteDeps = {
    db, mailer, delivery, captcha, metrics: app.metrics, orgCache, geocoder: cachedGeocoder(options.geocoder ?? createGeocoder({ url: null, userAgent: 'member-portal' })), publicUrl: options.publicUrl ?? null, serverVersion: options.serverVersion, mapTiles: options.mapTiles ?? null, demo: options.demo,
  };
  await app.register(documentedScope('public', publicScope), deps);
  await app.register(documentedScope('account', accountScope), deps);
  await app.register(documentedScope('member', memberScope), { ...deps, ...(options.memberDomains ? { domains: options.memberDomains } : {}) });
  await app.register(documentedScope('admin', adminScope), deps);
  await app.register(documentedScope('publishing', publishingScope), deps);
  // Outside demo mode every demo call answers 404: the document leaves them out.
  await app.register(documentedScope('demo', demoScope, { hidden: !options.demo }), deps);
  if (client) await client.register(app);
  return app;
}
