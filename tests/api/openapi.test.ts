/**
 * Issue 10 item 8: every route's schema feeds the OpenAPI document at /docs/json, the viewer at
 * /docs works under the Content-Security-Policy. The routes are taken from the app itself (the
 * `onRoute` option of buildApp), so a route added later must be in the document without a line here.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { ClientApp } from '../../server/client.ts';
import { memberDomain } from '../../server/http/memberDomain.ts';
import { MEMBER_DOMAINS } from '../../server/routes/member/index.ts';
import { openApiProblems } from '../support/openApiRules.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

interface Route { method: string; url: string; hidden: boolean }
type Operation = { tags?: string[]; security?: Record<string, string[]>[]; responses: Record<string, { description: string }> };
type Document = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

/** A stand-in beside the real member domains: how a member-scope GET and POST are documented, whatever the domains call theirs. */
const probe = memberDomain('probe', async (app) => {
  app.get('/probe', async () => ({}));
  app.post('/probe', async () => ({}));
});

/** The browser app as the not-found handler hands it HTML GETs. */
const APP_HTML = '<!doctype html><title>the browser app</title>';
const fakeClient: ClientApp = {
  register: async () => {},
  sendApp: async (_request, reply) => reply.type('text/html; charset=utf-8').send(APP_HTML),
  close: async () => {},
};

/** `/:orgId/x/:lang.json` as OpenAPI writes it: `/{orgId}/x/{lang}.json`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

let database: TestDatabase;
let demoApp: FastifyInstance;
let liveApp: FastifyInstance;
const routes: Route[] = [];
let document: Document;

beforeAll(async () => {
  database = await createTestDatabase();
  demoApp = await buildApp({
    db: database.db, client: null, demo: true, serverVersion: '1.2.3-test', memberDomains: [...MEMBER_DOMAINS, probe],
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
      }
    },
  });
  liveApp = await buildApp({ db: database.db, client: fakeClient, demo: false, publicUrl: 'https://alerts.example.org', serverVersion: '1.2.3-test' });
  await Promise.all([demoApp.ready(), liveApp.ready()]);
  const response = await demoApp.inject({ url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await Promise.all([demoApp?.close(), liveApp?.close()]);
  await database?.drop();
});

const operation = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()];

describe('the OpenAPI document at /docs/json', () => {
  it('lists every registered route with its method', () => {
    const documented = routes.filter((route) => !route.hidden);
    expect(documented.length).toBeGreaterThan(40);
    const missing = documented.filter((route) => !operation(route.method, openApiPath(route.url))).map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // …and nothing that is not a route.
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(documented.map((route) => `${route.method} ${openApiPath(route.url)}`).sort());
  });

  it('leaves out only the viewer’s own routes (the document, the page and its files)', () => {
    const hidden = routes.filter((route) => route.hidden).map((route) => route.url);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((url) => url !== '/docs' && !url.startsWith('/docs/'))).toEqual([]);
  });

  it('is valid OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.2.3-test');
    expect(openApiProblems(document)).toEqual([]);
  });

  it('tells a broken document from a valid one (the check checks)', () => {
    const broken = structuredClone(document) as Document & { info: Record<string, unknown> };
    delete broken.info.title;
    const healthz = broken.paths['/healthz']!.get! as Operation & { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> };
    // A custom ajv keyword, as plugins/requestValidation.ts names one, is not JSON Schema.
    healthz.responses['2XX']!.content!['application/json']!.schema.wellFormedString = true;
    healthz.security = [{ sessionCookie: [] }];
    broken.paths['/rest/nothing/{id}'] = { get: { responses: { 200: { description: 'x' } } } };
    const problems = openApiProblems(broken).join('\n');
    expect(problems).toContain("must have required property 'title'");
    expect(problems).toContain('unknown keyword: "wellFormedString"');
    expect(problems).toContain('security scheme sessionCookie is not declared');
    expect(problems).toContain('{id} has no path parameter');
  });

  it('tags each route with its scope and names what the scope requires', () => {
    expect(document.tags.map((tag) => tag.name)).toEqual(['public', 'account', 'member', 'admin', 'publishing', 'demo']);
    const cases: [string, string, string, Record<string, string[]>[] | undefined][] = [
      ['GET', '/healthz', 'public', undefined],
      ['POST', '/changeLanguage/{lang}', 'public', [{ csrfToken: [] }]],
      ['POST', '/manage/login', 'account', [{ csrfToken: [] }]],
      ['GET', '/logout/{orgId}', 'account', undefined],
      ['GET', '/{orgId}/{contactId}/probe', 'member', [{ memberSession: [] }]],
      ['POST', '/{orgId}/{contactId}/probe', 'member', [{ memberSession: [], csrfToken: [] }]],
      ['GET', '/{orgId}/{contactId}/contactPaths', 'member', [{ memberSession: [] }]],
      ['POST', '/{orgId}/{contactId}/profile', 'member', [{ memberSession: [], csrfToken: [] }]],
      ['GET', '/admin/api/session', 'admin', undefined],
      ['POST', '/admin/api/login', 'admin', [{ csrfToken: [] }]],
      ['GET', '/admin/api/orgs', 'admin', [{ adminSession: [] }]],
      ['PUT', '/admin/api/orgs/{orgId}/settings', 'admin', [{ adminSession: [], csrfToken: [] }]],
      ['POST', '/api/v1/{orgId}/notifications', 'publishing', [{ publishingKey: [] }]],
      ['GET', '/rest/demo/mails', 'demo', undefined],
      ['GET', '/rest/demo/deliveries', 'demo', undefined],
    ];
    for (const [method, path, tag, security] of cases) {
      const op = operation(method, path);
      expect(op?.tags, `${method} ${path}`).toEqual([tag]);
      expect(op?.security, `${method} ${path}`).toEqual(security);
    }
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, { in: string; name: string }> } }).components.securitySchemes;
    expect(schemes).toMatchObject({
      memberSession: { in: 'cookie', name: 'SSPSESSION' }, csrfToken: { in: 'header', name: 'X-CSRF-TOKEN' }, adminSession: { in: 'cookie', name: 'SSPADMIN' },
    });
    // Every operation's answers say what they are (§8), never swagger's "Default Response".
    const descriptions = Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.values(op.responses).map((r) => r.description)));
    expect(descriptions).not.toContain('Default Response');
  });

  it('leaves the demo calls out outside demo mode, where they answer 404', async () => {
    const response = await liveApp.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const live = response.json() as Document;
    expect(Object.keys(live.paths).filter((path) => path.startsWith('/rest/demo/'))).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/rest/demo/')).sort()).toEqual(['/rest/demo/deliveries', '/rest/demo/mails', '/rest/demo/organizations']);
    expect(live.tags.map((tag) => tag.name)).toContain('account');
    expect(openApiProblems(live)).toEqual([]);
  });
});

describe('the viewer at /docs', () => {
  it('answers HTML under the app’s policy: its own scripts only, no inline script, no eval', async () => {
    const response = await liveApp.inject({ url: '/docs', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="swagger-ui">');
    expect(response.body).not.toBe(APP_HTML);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Every script of the page is a file of this server: nothing inline for a nonce or hash to allow.
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/docs\/static\//);
      expect(body!.trim()).toBe('');
    }
    expect(response.body).not.toMatch(/\son[a-z]+=/i);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('loads every file its page names, and the page script asks for the document next to it', async () => {
    const page = await liveApp.inject({ url: '/docs' });
    const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      const response = await liveApp.inject({ url: asset });
      expect(response.statusCode, asset).toBe(200);
      const type = String(response.headers['content-type']);
      if (asset.endsWith('.js')) expect(type, asset).toMatch(/^(application|text)\/javascript/);
      if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/);
      if (asset.endsWith('.png')) expect(type, asset).toBe('image/png');
      expect(response.headers['x-content-type-options'], asset).toBe('nosniff');
    }
    const initializer = await liveApp.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');
  });

  it('is the viewer, not the browser app, under /docs; an unknown address there is a JSON 404', async () => {
    for (const url of ['/docs', '/docs/']) {
      const response = await liveApp.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('swagger-ui');
    }
    const unknown = await liveApp.inject({ url: '/docs/nothing', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorCode: 'request.notFound' });
    // The browser app still answers the organisations' addresses.
    const app = await liveApp.inject({ url: '/springfield/login', headers: { accept: 'text/html' } });
    expect(app.body).toBe(APP_HTML);
    // The document is read-only.
    const write = await liveApp.inject({ method: 'POST', url: '/docs/json' });
    expect(write.statusCode).toBe(405);
  });
});
