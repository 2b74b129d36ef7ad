/**
 * Issue 10 item 9: `/metrics` in Prometheus's text format (prom-client), each app on its own
 * registry (the tests build many apps in one process), the process's own metrics once per process:
 *
 * - `portal_http_requests_total` and `portal_http_request_duration_seconds`, by method, route
 *   pattern (`/:orgId/forgotPassword`, never the address asked for: a bounded set; `unmatched` for
 *   addresses no route has) and status;
 * - `portal_login_outcomes_total` by outcome (services/login.ts `loginOutcomeOf`);
 * - `portal_throttled_requests_total` by route and reason: every 429 and every 503 `service.busy`,
 *   the reason being the answer's `errorCode` (`request.throttled`, `login.throttled`, …);
 * - `portal_mail_outbox_mails` (unsent, failed: counted when scraped) and
 *   `portal_mail_deliveries_total` (sent, failed: services/mail.ts counts them);
 * - `portal_database_up` (a ping within SCRAPE_DEADLINE_MS when scraped), and with PostgreSQL
 *   `portal_database_pool_connections` (total, idle, waiting);
 * - prom-client's default process and Node.js metrics (`process_*`, `nodejs_*`).
 *
 * Who may read them: with METRICS_TOKEN, `Authorization: Bearer <token>` (401 `metrics.unauthorized`
 * otherwise); with METRICS_PORT they are served on that port only (server/metricsServer.ts, the
 * token asked for there too when set), and PORT has no `/metrics` (404), as when neither is set.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStatsOf, type Db } from '../db/client.ts';
import { pingDatabase } from '../repositories/health.ts';
import { countOutbox } from '../repositories/mailOutbox.ts';
import type { LoginOutcome } from '../services/login.ts';
import type { Mailer } from '../services/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics: what routes record, and the text `/metrics` answers. */
    metrics: PortalMetrics;
  }
}

export interface PortalMetrics {
  /** Counts one answered member login (routes/account/login). */
  loginOutcome(outcome: LoginOutcome): void;
  /** Every metric in Prometheus's text format, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsOptions {
  db: Db;
  mailer: Mailer;
  /** METRICS_TOKEN: `/metrics` asks for it as a bearer token; null asks for none. */
  token: string | null;
  /** Whether PORT serves `/metrics` (METRICS_TOKEN set and no METRICS_PORT). */
  route: boolean;
}

/** How long a scrape waits for the database's counts (a scrape must answer, whatever the database does). */
const SCRAPE_DEADLINE_MS = 1_500;
const UNMATCHED = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ERROR_CODE = /^[A-Za-z][\w.]{0,63}$/;

/** Process and Node.js metrics: one process, one set (and one event-loop monitor), however many apps it builds. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  if (!sent) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** The `errorCode` of a refusal's JSON body, or 'unknown'. */
function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'string') return 'unknown';
  try {
    const code = (JSON.parse(payload) as { errorCode?: unknown }).errorCode;
    return typeof code === 'string' && ERROR_CODE.test(code) ? code : 'unknown';
  } catch {
    return 'unknown';
  }
}

function withinDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${SCRAPE_DEADLINE_MS} ms`)), SCRAPE_DEADLINE_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function metrics(app: FastifyInstance, { db, mailer, token, route }: MetricsOptions) {
  const registry = new Registry();
  const processWide = processMetrics();
  const httpLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'portal_http_requests_total', help: 'Answered HTTP requests', labelNames: httpLabels, registers: [registry] });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer', labelNames: httpLabels, registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  const logins = new Counter({ name: 'portal_login_outcomes_total', help: 'Member logins by outcome', labelNames: ['outcome'], registers: [registry] });
  const throttled = new Counter({
    name: 'portal_throttled_requests_total', help: 'Requests refused by a throttle or a full queue (429, 503 service.busy)', labelNames: ['route', 'reason'], registers: [registry],
  });
  new Gauge({
    name: 'portal_mail_outbox_mails', help: 'Mails in the outbox not delivered: unsent (waiting, or kept without SMTP_URL) and failed', labelNames: ['state'], registers: [registry],
    async collect() {
      this.reset();
      const outbox = await withinDeadline(countOutbox(db)).catch(() => null);
      if (!outbox) return;
      this.set({ state: 'unsent' }, outbox.unsent);
      this.set({ state: 'failed' }, outbox.failed);
    },
  });
  new Counter({
    name: 'portal_mail_deliveries_total', help: 'SMTP deliveries by outcome since the process started', labelNames: ['outcome'], registers: [registry],
    collect() {
      const deliveries = mailer.deliveries();
      this.reset();
      this.inc({ outcome: 'sent' }, deliveries.sent);
      this.inc({ outcome: 'failed' }, deliveries.failed);
    },
  });
  new Gauge({
    name: 'portal_database_up', help: `1 when the database answered a ping within ${SCRAPE_DEADLINE_MS} ms of the scrape`, registers: [registry],
    async collect() {
      this.set(await withinDeadline(pingDatabase(db)).then(() => 1, () => 0));
    },
  });
  new Gauge({
    name: 'portal_database_pool_connections', help: 'PostgreSQL pool connections (DATABASE_URL only): total, idle, and requests waiting for one', labelNames: ['state'], registers: [registry],
    collect() {
      this.reset();
      const pool = poolStatsOf(db);
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  const portalMetrics: PortalMetrics = {
    loginOutcome: (outcome) => logins.inc({ outcome }),
    async scrape() {
      return { contentType: registry.contentType, body: await Registry.merge([processWide, registry]).metrics() };
    },
  };
  app.decorate('metrics', portalMetrics);

  // Callback hooks: they run on every request, and an async one costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 429 || reply.statusCode === 503) {
      const reason = errorCodeOf(payload);
      if (reply.statusCode === 429 || reason === 'service.busy') throttled.inc({ route: request.routeOptions.url ?? UNMATCHED, reason });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: METHODS.has(request.method) ? request.method : 'other', route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  if (route) {
    app.get('/metrics', async (request, reply) => {
      if (token !== null && !bearerMatches(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ errorCode: 'metrics.unauthorized' });
      }
      const { contentType, body } = await portalMetrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  }
}

export default fp(metrics, { name: 'metrics' });
