/**
 * Issue 10 item 9: `/metrics` in Prometheus's text format. Who may read it (a bearer METRICS_TOKEN,
 * or a separate METRICS_PORT serving nothing else; otherwise it does not exist), and what it counts:
 * requests and latency by route pattern and status, login outcomes, throttled requests, the mail
 * outbox and its deliveries, the database, the process.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { startMetricsServer, type MetricsServer } from '../../server/metricsServer.ts';
import { bearerMatches } from '../../server/plugins/metrics.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { createMailer } from '../../server/services/mail.ts';
import { UNLIMITED_ADDRESSES } from '../support/testApp.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const TOKEN = 'scraper-token-0123456789abcdef';
const opened: { app: FastifyInstance; database: TestDatabase }[] = [];

async function appWith(options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  await seedDemo(database.db);
  const app = await buildApp({ db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', hashLimits: UNLIMITED_ADDRESSES, ...options });
  await app.ready();
  opened.push({ app, database });
  return app;
}

afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.drop();
  }
});

/** The value of the series `name` whose labels include `labels`, summed over the rest; undefined when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

const scrape = async (app: FastifyInstance) => {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** A visitor's form POST with its cookie and CSRF token. */
async function postForm(app: FastifyInstance, url: string, payload: Record<string, string>, extra: Partial<InjectOptions> = {}) {
  const init = await app.inject({ url: '/rest/init/csrf?orgId=springfield' });
  const cookie = init.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return app.inject({ method: 'POST', url, headers: { cookie, 'x-csrf-token': init.json().csrfToken as string }, payload, ...extra });
}

/** The app of the access rules and the counts (METRICS_TOKEN on its own port). */
let app: FastifyInstance;
beforeAll(async () => {
  // Buckets of 40 requests an address: the throttle test below empties one, the login storm stays within another.
  app = await appWith({ metrics: { token: TOKEN, separatePort: false }, hashLimits: { addressBurst: 40, addressPerSecond: 0.001 } });
});

describe('who may read /metrics', () => {
  it('does not exist without METRICS_TOKEN or METRICS_PORT: 404 like any unknown address', async () => {
    const bare = await appWith();
    for (const request of [{ url: '/metrics' }, { url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }, { method: 'POST' as const, url: '/metrics' }]) {
      const response = await bare.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'request.notFound' });
    }
  });

  it('with METRICS_TOKEN answers only `Authorization: Bearer <token>`, 401 metrics.unauthorized otherwise', async () => {
    for (const authorization of [undefined, 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, `token ${TOKEN}`]) {
      const response = await app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ errorCode: 'metrics.unauthorized' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const response = await app.inject({ url: '/metrics', headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE portal_http_requests_total counter');
    }
  });

  it('compares the token in constant time, whatever the lengths', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer x', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe('what /metrics counts', () => {
  it('requests and latency by method, route pattern and status; unknown addresses as one route', async () => {
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/springfield/forgotPassword/validateEmail?loginId=demo.member&email=nobody@example.org' });
    await app.inject({ url: '/acme/forgotPassword/validateEmail?loginId=demo.member&email=nobody@example.org' });
    await app.inject({ url: '/rest/no-such-call/12345' });
    await app.inject({ url: '/rest/no-such-call/67890' });
    const text = await scrape(app);
    expect(valueOf(text, 'portal_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(2);
    expect(valueOf(text, 'portal_http_requests_total', { method: 'GET', route: '/:orgId/forgotPassword/validateEmail' })).toBe(2);
    expect(valueOf(text, 'portal_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
    expect(valueOf(text, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status: '200' })).toBe(2);
    expect(valueOf(text, 'portal_http_request_duration_seconds_bucket', { route: '/healthz', le: '+Inf' })).toBe(2);
    // Never the address asked for: no orgId, query or unknown path in a label.
    expect(text).not.toMatch(/route="[^"]*(springfield|acme|no-such-call|\?)/);
  });

  it('login outcomes: success, wrong, locked (FedRAMP) and throttled', async () => {
    const login = (orgId: string, username: string, password: string) =>
      postForm(app, '/manage/login', { orgId, username, password }, { remoteAddress: '10.1.0.1' });
    expect((await login('springfield', 'demo.member', 'Demo!Member2026')).statusCode).toBe(200);
    // Ten failures per account name in 15 minutes, then throttled (unknown names alike).
    for (let i = 0; i < 10; i++) expect((await login('springfield', 'storm.user', `Wrong${i}`)).statusCode).toBe(403);
    expect((await login('springfield', 'storm.user', 'Wrong10')).statusCode).toBe(429);
    // FedRAMP: the third failure locks, and the account stays locked.
    for (let i = 0; i < 4; i++) await login('fedagency', 'storm.user', `Wrong${i}`);
    expect((await login('springfield', 'demo.member', '')).statusCode).toBe(400);
    const text = await scrape(app);
    expect(valueOf(text, 'portal_login_outcomes_total', { outcome: 'success' })).toBe(1);
    expect(valueOf(text, 'portal_login_outcomes_total', { outcome: 'wrong' })).toBe(12);
    expect(valueOf(text, 'portal_login_outcomes_total', { outcome: 'locked' })).toBe(2);
    expect(valueOf(text, 'portal_login_outcomes_total', { outcome: 'throttled' })).toBe(1);
    expect(valueOf(text, 'portal_login_outcomes_total', { outcome: 'invalid' })).toBe(1);
    expect(valueOf(text, 'portal_throttled_requests_total', { route: '/manage/login', reason: 'login.throttled' })).toBe(1);
  });

  it('throttled requests: an address whose bucket is empty (429 request.throttled) before anything is read', async () => {
    const post = () => app.inject({ method: 'POST', url: '/manage/login', remoteAddress: '10.2.0.2', payload: {} });
    const statuses = [];
    for (let i = 0; i < 41; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 40).every((status) => status === 400)).toBe(true);
    expect(statuses[40]).toBe(429);
    const text = await scrape(app);
    expect(valueOf(text, 'portal_throttled_requests_total', { route: '/manage/login', reason: 'request.throttled' })).toBe(1);
    expect(valueOf(text, 'portal_http_requests_total', { method: 'POST', route: '/manage/login', status: '429' })).toBe(2);
  });

  it('the outbox: a forgot-username mail waits unsent (no SMTP_URL)', async () => {
    const before = valueOf(await scrape(app), 'portal_mail_outbox_mails', { state: 'unsent' }) ?? 0;
    const response = await postForm(app, '/springfield/forgotUsername/sendEmail', { email: 'demo.member@example.org' });
    expect(response.statusCode).toBe(200);
    const text = await scrape(app);
    expect(valueOf(text, 'portal_mail_outbox_mails', { state: 'unsent' })).toBe(before + 1);
    expect(valueOf(text, 'portal_mail_outbox_mails', { state: 'failed' })).toBe(0);
    expect(valueOf(text, 'portal_mail_deliveries_total', { outcome: 'failed' })).toBe(0);
  });

  it('the database (up; the pool with PostgreSQL) and the process', async () => {
    const text = await scrape(app);
    expect(valueOf(text, 'portal_database_up')).toBe(1);
    if (process.env.DATABASE_URL) expect(valueOf(text, 'portal_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(valueOf(text, 'portal_database_pool_connections')).toBeUndefined();
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });
});

describe('METRICS_PORT: a listener of its own, serving /metrics and nothing else', () => {
  let portApp: FastifyInstance;
  let server: MetricsServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase();
    await seedDemo(database.db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    portApp = await buildApp({
      db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', hashLimits: UNLIMITED_ADDRESSES,
      // An SMTP server nobody listens on: the delivery fails, and says so under the request's id.
      mailer: createMailer({ db: database.db, smtpUrl: 'smtp://127.0.0.1:1', log: { error: (details, message) => portApp.log.error(details, message) } }),
      logger: { level: 'info', stream }, metrics: { token: TOKEN, separatePort: true },
    });
    await portApp.ready();
    opened.push({ app: portApp, database });
    // server.ts hands METRICS_TOKEN to both; here the listener without it, and one with it below.
    server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: null, metrics: portApp.metrics });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers GET /metrics on its port without a token, and 404 for every other address', async () => {
    expect(server.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const metrics = await fetch(`${server.address}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await metrics.text()).toContain('portal_database_up 1');
    for (const path of ['/', '/healthz', '/rest/init?orgId=springfield', '/metrics/x', '/admin']) {
      const response = await fetch(`${server.address}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ errorCode: 'request.notFound' });
    }
    expect((await fetch(`${server.address}/metrics`, { method: 'POST' })).status).toBe(405);
    // …and the app's own port has none, token or not.
    expect((await portApp.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await portApp.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('asks for METRICS_TOKEN too when it is set', async () => {
    const guarded = await startMetricsServer({ host: '127.0.0.1', port: 0, token: TOKEN, metrics: portApp.metrics });
    try {
      expect((await fetch(`${guarded.address}/metrics`)).status).toBe(401);
      expect((await fetch(`${guarded.address}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect((await fetch(`${guarded.address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('counts a failed delivery, logged under the id of the request that sent the mail', async () => {
    const response = await postForm(portApp, '/springfield/forgotUsername/sendEmail', { email: 'demo.member@example.org' });
    expect(response.statusCode).toBe(200);
    await portApp.mailer.settle();
    const text = await (await fetch(`${server.address}/metrics`)).text();
    expect(valueOf(text, 'portal_mail_deliveries_total', { outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'portal_mail_deliveries_total', { outcome: 'sent' })).toBe(0);
    expect(valueOf(text, 'portal_mail_outbox_mails', { state: 'failed' })).toBe(1);
    const failed = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string }).find((line) => line.msg === 'mail not delivered');
    expect(failed?.reqId).toBe(response.headers['x-request-id']);
  });
});
