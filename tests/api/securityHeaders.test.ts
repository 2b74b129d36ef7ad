/**
 * Issue 9 row 12: the protective headers, one policy (server/plugins/securityHeaders.ts), HSTS only
 * over TLS, and admin HTML whose new-tab links always carry rel="noopener noreferrer".
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { ClientApp } from '../../server/client.ts';
import { helpAndAnswers, organizations } from '../../server/db/schema.ts';
import { contentSecurityPolicyWith } from '../../server/plugins/securityHeaders.ts';
import { DEFAULT_ALTCHA, DEFAULT_RECAPTCHA_VERIFY_URL, recaptchaSources } from '../../server/services/captcha.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

let database: TestDatabase;
let direct: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  direct = await buildApp({ db: database.db, client: null, demo: true, serverVersion: '0.0.0-test' });
  proxied = await buildApp({ db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', trustProxy: true });
  await Promise.all([direct.ready(), proxied.ready()]);
});

afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
  await database.drop();
});

describe('the protective headers', () => {
  it.each([
    ['an HTML page (the API viewer)', '/docs'],
    ['a script', '/docs/static/swagger-ui-bundle.js'],
  ])('of a document are on %s', async (_what, url) => {
    const response = await direct.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).not.toMatch(/json/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    // The captcha's proof-of-work worker is a file of the portal's: no blob: workers.
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain('blob:');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
  });

  it.each([
    ['an init call', 'GET', '/rest/init?orgId=acme', 200],
    ['a refusal', 'GET', '/rest/nothing', 404],
    ['a refusal of a hook (a state-changing call without its CSRF token)', 'POST', '/logout/springfield', 403],
    ['a not-found HTML address without the browser app (JSON)', 'GET', '/springfield/somewhere', 404],
  ])('of an API answer are on %s: OWASP\'s REST set, nothing may load in it or frame it', async (_what, method, url, status) => {
    const response = await direct.inject({ method: method as 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The headers that only govern a page a browser renders are left off.
    for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
      expect(response.headers[name], name).toBeUndefined();
    }
  });

  it('keeps the banner its own stricter policy, with the other headers of a document', async () => {
    const response = await direct.inject({ url: '/springfield/banner' });
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('sends Strict-Transport-Security only over TLS', async () => {
    const plain = await direct.inject({ url: '/rest/init?orgId=acme' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const forgedTls = await direct.inject({ url: '/rest/init?orgId=acme', headers: { 'x-forwarded-proto': 'https' } });
    expect(forgedTls.headers['strict-transport-security']).toBeUndefined();
    const proxiedPlain = await proxied.inject({ url: '/rest/init?orgId=acme', headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
    const proxiedTls = await proxied.inject({ url: '/rest/init?orgId=acme', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxiedTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the pages of an organisation whose test notification uses Google reCAPTCHA', () => {
  it('let Google\'s script and frames past the policy, on that organisation\'s pages only', async () => {
    // The browser build stands in as one HTML page: what is tested is the header the server puts on it.
    const page: ClientApp = {
      register: async () => {}, close: async () => {},
      sendApp: async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>portal</title>'),
    };
    const [row] = await database.db.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.orgId, 'acme'));
    await database.db.update(organizations)
      .set({ settings: { ...row!.settings, sendNotificationPermission: { permission: true, recaptchaSiteKey: 'site-key-acme' } } }).where(eq(organizations.orgId, 'acme'));
    const app = await buildApp({
      db: database.db, client: page, demo: true, serverVersion: '0.0.0-test',
      captcha: { altcha: DEFAULT_ALTCHA, recaptcha: { secret: 'recaptcha-secret', verifyUrl: DEFAULT_RECAPTCHA_VERIFY_URL } },
    });
    try {
      const csp = async (url: string) => String((await app.inject({ url, headers: { accept: 'text/html' } })).headers['content-security-policy']);
      const acme = await csp('/acme/home');
      expect(acme).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
      expect(acme).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
      expect(acme).toContain("worker-src 'self';");
      expect(acme).not.toContain('unsafe-eval');
      for (const other of ['/springfield/home', '/', '/admin']) {
        expect(await csp(other), other).toContain("script-src 'self';");
        expect(await csp(other), other).not.toContain('google');
      }
      expect(await csp('/rest/init?orgId=acme')).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await app.close();
      await database.db.update(organizations).set({ settings: row!.settings }).where(eq(organizations.orgId, 'acme'));
    }
  });

  it('names another script address by its origin (RECAPTCHA_SCRIPT_URL: a test\'s loopback server)', () => {
    expect(recaptchaSources('http://127.0.0.1:4321/recaptcha/api.js')).toEqual({ scriptSrc: ['http://127.0.0.1:4321'], frameSrc: ['http://127.0.0.1:4321'] });
    expect(contentSecurityPolicyWith(recaptchaSources('http://127.0.0.1:4321/recaptcha/api.js')))
      .toContain("script-src 'self' http://127.0.0.1:4321;");
  });
});

describe('admin HTML (the help tips)', () => {
  it('forces rel="noopener noreferrer" on every link that opens a new tab, and drops script', async () => {
    await database.db.update(helpAndAnswers).set({
      content: '<p><a href="https://evil.example/" target="_blank">one</a> <a href="https://x.example/" TARGET="_blank" rel="opener">two</a>'
        + ' <a href="/springfield/faq">three</a><script>alert(1)</script></p>',
    }).where(and(eq(helpAndAnswers.orgId, 'springfield'), eq(helpAndAnswers.type, 'login')));
    // Written straight in the database, past the writers that notify: the cache is told here.
    direct.orgCache.invalidate('springfield');
    const response = await direct.inject({ url: '/springfield/helpAndAnswer?type=login' });
    expect(response.statusCode).toBe(200);
    const html: string = response.json().content;
    const newTabLinks = [...html.matchAll(/<a [^>]*target="_blank"[^>]*>/g)].map((m) => m[0]);
    expect(newTabLinks).toHaveLength(2);
    for (const link of newTabLinks) expect(link).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<a href="/springfield/faq">three</a>');
    expect(html).not.toContain('script');
  });
});
