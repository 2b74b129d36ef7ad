/**
 * Organisation data from memory (issue 10 item 4): a visitor's boot calls, feature flags, help tips,
 * banner and catalogues ask the database nothing once the organisation is cached; an admin's save
 * shows at once in the same app, and in another app on the same database through LISTEN/NOTIFY
 * within 2 s; a change made straight in the database shows after the fallback check; the cache
 * keeps at most its bound of organisations.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { organizations } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { createTestApp, injectAdminLogin, setCookie, type TestApp, UNLIMITED_ADDRESSES } from '../support/testApp.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const FLAGS_BODY = [{ trafficType: 'organization', names: ['cme_mbr_delelteButton', 'PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'] }];

/** The calls a visitor's browser makes while a page boots, and the public content of an organisation. */
const VISITOR_CALLS = [
  { method: 'GET', url: '/rest/init?orgId=springfield' },
  { method: 'GET', url: '/rest/init?orgId=dormant' },
  { method: 'GET', url: '/rest/registration/settings?orgId=springfield' },
  { method: 'POST', url: '/featureFlags?orgId=springfield', payload: FLAGS_BODY },
  { method: 'GET', url: '/rest/init/countries?orgId=acme' },
  { method: 'GET', url: '/public/i18n/en_US.json' },
  { method: 'GET', url: '/public/i18n/fr_FR.json?version=1' },
  { method: 'GET', url: '/springfield/helpAndAnswer?type=login' },
  { method: 'GET', url: '/springfield/banner' },
  // An unknown organisation is remembered too: asking again costs nothing.
  { method: 'GET', url: '/rest/init?orgId=nowhere' },
] as const;

async function signInAdmin(app: FastifyInstance) {
  const response = await injectAdminLogin(app, { username: 'admin', password: DEMO_ADMIN_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { cookie: `SSPADMIN=${setCookie(response, 'SSPADMIN')!.value}`, csrfToken: response.json().csrfToken as string };
}

/** Saves `orgName` for `orgId` through the admin API of `app`, as the admin page does. */
async function saveOrgName(app: FastifyInstance, orgId: string, orgName: string) {
  const admin = await signInAdmin(app);
  const stored = (await app.inject({ url: `/admin/api/orgs/${orgId}/settings`, headers: { cookie: admin.cookie } })).json();
  const saved = await app.inject({
    method: 'PUT', url: `/admin/api/orgs/${orgId}/settings`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    payload: { settings: { ...stored.settings, orgName }, settingsVersion: stored.settingsVersion },
  });
  expect(saved.statusCode).toBe(200);
}

const orgNameOf = async (app: FastifyInstance, orgId: string) =>
  (await app.inject({ url: `/rest/init?orgId=${orgId}` })).json().organization.orgName as string;

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not within ${withinMs} ms`);
}

describe('a visitor\'s calls from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No fallback check during the test: its query would be counted.
    t = await createTestApp({ orgCache: { pollIntervalMs: 0 } });
    await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  });
  afterAll(async () => t.close());

  it('make no database query once the organisation is cached', async () => {
    const cold = t.database.queries.length;
    for (const call of VISITOR_CALLS) {
      const response = await t.app.inject(call);
      expect(response.statusCode, call.url).toBeLessThan(500);
    }
    // The counting sees the queries of the first calls (the organisations loaded)…
    expect(t.database.queries.length).toBeGreaterThan(cold);
    // …and none after.
    const before = t.database.queries.length;
    for (let round = 0; round < 5; round++) {
      for (const call of VISITOR_CALLS) {
        const response = await t.app.inject(call);
        expect(response.statusCode, call.url).toBe(call.url.includes('nowhere') ? 404 : 200);
      }
    }
    expect(t.database.queries.slice(before)).toEqual([]);
  });

  it('answers what the database holds (flags, tips, banner)', async () => {
    const flags = (await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=springfield', payload: FLAGS_BODY })).json();
    expect(flags).toEqual({ cme_mbr_delelteButton: true, PUBLIC_PORTAL_HIDE_LOGIN_TO_MP: false });
    expect((await t.app.inject({ url: '/springfield/helpAndAnswer?type=login' })).json().content).toContain('<strong>Forgot them?</strong>');
    expect((await t.app.inject({ url: '/springfield/banner' })).body).toContain('City of Springfield');
  });

  it('shows an admin\'s save at once in the same app, after one reload', async () => {
    expect(await orgNameOf(t.app, 'campus')).not.toBe('Campus renamed');
    await saveOrgName(t.app, 'campus', 'Campus renamed');
    expect(await orgNameOf(t.app, 'campus')).toBe('Campus renamed');
    // The save's own notification (on PostgreSQL it arrives a moment later) finds the reloaded data current.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = t.database.queries.length;
    expect(await orgNameOf(t.app, 'campus')).toBe('Campus renamed');
    expect(t.database.queries.length).toBe(before);
  });
});

describe('two apps on one database', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    await ensureAdmin(database.db, DEMO_ADMIN_PASSWORD);
    const options = { db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', hashLimits: UNLIMITED_ADDRESSES };
    a = await buildApp(options);
    // B has no fallback check: what reaches it comes through LISTEN/NOTIFY alone.
    b = await buildApp({ ...options, orgCache: { pollIntervalMs: 0 } });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('a save through A shows in B\'s /rest/init within 2 s (NOTIFY)', async () => {
    expect(await orgNameOf(b, 'acme')).toBe('Acme Corporation');
    expect(b.orgCache.size).toBeGreaterThan(0);
    await saveOrgName(a, 'acme', 'Acme renamed through A');
    await eventually(async () => (await orgNameOf(b, 'acme')) === 'Acme renamed through A', 2_000);
  });

  it('one write notifies once, after its commit: a rolled-back write notifies nothing', async () => {
    expect(await orgNameOf(b, 'fedagency')).toBe('Federal Agency');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('org_changed', ${JSON.stringify({ orgId: 'fedagency', settingsVersion: 99 })})`);
      tx.rollback();
    }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = database.queries.length;
    await orgNameOf(b, 'fedagency');
    expect(database.queries.length).toBe(before);
  });

  // PGlite runs in the process: its LISTEN cannot drop.
  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, a dropped LISTEN connection comes back and drops the whole cache', async () => {
    expect(await orgNameOf(b, 'campus')).toBe('State University');
    expect(b.orgCache.size).toBeGreaterThan(0);
    const listeners = sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`;
    const pids = async () => ((await database.db.execute(listeners)) as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
    const before = await pids();
    expect(before).toHaveLength(2);
    await database.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) as l`);
    // Back within the first reconnection delays, on new connections, with nothing cached that a missed notification may have changed.
    await eventually(async () => {
      const now = await pids();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    }, 3_000);
    await eventually(async () => b.orgCache.size === 0, 1_000);
    expect(await orgNameOf(b, 'campus')).toBe('State University');
    await saveOrgName(a, 'campus', 'Campus after the reconnect');
    await eventually(async () => (await orgNameOf(b, 'campus')) === 'Campus after the reconnect', 2_000);
  });
});

describe('the fallback check', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No LISTEN: only the check every 200 ms can see a change.
    t = await createTestApp({ orgCache: { pollIntervalMs: 200, listen: false } });
  });
  afterAll(async () => t.close());

  it('catches a change made straight in the database, without NOTIFY, within its interval', async () => {
    expect(await orgNameOf(t.app, 'springfield')).toBe('City of Springfield');
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.orgId, 'springfield'));
    await t.database.db.update(organizations)
      .set({ settings: { ...row!.settings, orgName: 'Springfield, changed in SQL' }, settingsVersion: row!.settingsVersion + 1 })
      .where(eq(organizations.orgId, 'springfield'));
    const tookMs = await eventually(async () => (await orgNameOf(t.app, 'springfield')) === 'Springfield, changed in SQL', 1_000);
    expect(tookMs).toBeLessThan(1_000);
  });

  it('finds an organisation created after its id was asked for', async () => {
    expect((await t.app.inject({ url: '/rest/init?orgId=latecomer' })).statusCode).toBe(404);
    await t.database.db.insert(organizations).values({ orgId: 'latecomer', settings: { orgName: 'Latecomer' } });
    await eventually(async () => (await t.app.inject({ url: '/rest/init?orgId=latecomer' })).statusCode === 200, 1_000);
  });
});

describe('the bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ orgCache: { maxOrganizations: 3, pollIntervalMs: 0 } });
  });
  afterAll(async () => t.close());

  it('keeps at most maxOrganizations, dropping the least recently used', async () => {
    for (const orgId of ['springfield', 'acme', 'fedagency', 'campus', 'dormant', 'paused']) {
      expect((await t.app.inject({ url: `/rest/init?orgId=${orgId}` })).statusCode).toBe(200);
      expect(t.app.orgCache.size).toBeLessThanOrEqual(3);
    }
    expect(t.app.orgCache.size).toBe(3);
    // The newest three are in memory; the oldest is read again.
    let before = t.database.queries.length;
    await orgNameOf(t.app, 'paused');
    expect(t.database.queries.length).toBe(before);
    before = t.database.queries.length;
    await orgNameOf(t.app, 'springfield');
    expect(t.database.queries.length).toBeGreaterThan(before);
    expect(t.app.orgCache.size).toBe(3);
  });
});
