/** The API as the tests see it: the real app on a fresh database with the demo organisations seeded. */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { sql } from 'drizzle-orm';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { organizations, sessions } from '../../server/db/schema.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';
import { DEMO_ADMIN_PASSWORD } from '../../server/services/admins.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  demo?: boolean;
  seed?: boolean;
  configure?: (app: FastifyInstance) => void;
  /** Member-scope domains to register instead of the app's own (tests of the scope itself). */
  memberDomains?: AppOptions['memberDomains'];
  /**
   * Admission before hashing. By default the tests' one client address (inject's 127.0.0.1) is not
   * rate limited, since a test file signs in far faster than any person; the queue keeps the
   * portal's bounds. tests/api/hashAdmission.test.ts passes the portal's own limits.
   */
  hashLimits?: AppOptions['hashLimits'];
  /** The organisation cache's bound, fallback interval and LISTEN (tests/api/orgCache.test.ts). */
  orgCache?: AppOptions['orgCache'];
  /** Called with every route as it is registered (the member scope's matrix lists the member routes). */
  onRoute?: AppOptions['onRoute'];
  /** The delivery layer, made on the test's database (loopback SMS, Slack, SMTP servers); the app's default when not given. */
  delivery?: (db: TestDatabase['db']) => NonNullable<AppOptions['delivery']>;
  /** The test notification's captcha (a small proof of work, a loopback siteverify). */
  captcha?: AppOptions['captcha'];
  /** The geocoder (a loopback Nominatim); the offline gazetteer when not given. */
  geocoder?: AppOptions['geocoder'];
  /**
   * Settings of seeded organisations changed before the app starts, e.g. `{ fedagency: { requireSecondFactor: false } }`
   * for a file about FedRAMP's password lock-out that signs its member in with the password alone.
   */
  orgSettings?: Record<string, Partial<OrgSettingsInput>>;
}

/** Buckets no test file empties. */
export const UNLIMITED_ADDRESSES = { addressBurst: 1_000_000, addressPerSecond: 1_000_000 };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed ?? true) await seedDemo(database.db);
  for (const [orgId, change] of Object.entries(options.orgSettings ?? {})) {
    await database.db.update(organizations).set({ settings: sql`${organizations.settings} || ${JSON.stringify(change)}::jsonb` })
      .where(sql`${organizations.orgId} = ${orgId}`);
  }
  const app = await buildApp({
    db: database.db, client: null, demo: options.demo ?? true, serverVersion: '0.0.0-test',
    hashLimits: options.hashLimits ?? UNLIMITED_ADDRESSES,
    // Outside demo mode PUBLIC_URL is required (issue 9 row 5).
    ...(options.demo === false ? { publicUrl: 'https://portal.example.org' } : {}),
    ...(options.memberDomains ? { memberDomains: options.memberDomains } : {}),
    ...(options.orgCache ? { orgCache: options.orgCache } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.delivery ? { delivery: options.delivery(database.db) } : {}),
    ...(options.captcha ? { captcha: options.captcha } : {}),
    ...(options.geocoder ? { geocoder: options.geocoder } : {}),
  });
  databaseOf.set(app, database);
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The value of one Set-Cookie of a response, with its attributes, or undefined. */
export function setCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

/**
 * POST /admin/api/login as the admin page sends it (issue 9 row 3): with the login form's token and
 * cookie from GET /admin/api/login first, both from `remoteAddress` (inject's 127.0.0.1 by default).
 */
export async function injectAdminLogin(app: FastifyInstance, payload: Record<string, unknown>, remoteAddress?: string) {
  const from = remoteAddress ? { remoteAddress } : {};
  const form = await app.inject({ method: 'GET', url: '/admin/api/login', ...from });
  const cookie = setCookie(form, 'SSPADMINLOGIN');
  if (form.statusCode !== 200 || !cookie) throw new Error(`no admin login form: ${form.statusCode} ${form.body}`);
  return app.inject({
    method: 'POST', url: '/admin/api/login', payload, ...from,
    headers: { cookie: `SSPADMINLOGIN=${cookie.value}`, 'x-csrf-token': form.json().csrfToken as string },
  });
}

/**
 * The demo administrator signed in (ensureAdmin with DEMO_ADMIN_PASSWORD first): the SSPADMIN cookie
 * header, the session's CSRF token and the cookie as set. Throws when the sign-in is refused.
 */
export async function signInAdmin(app: FastifyInstance) {
  const response = await injectAdminLogin(app, { username: 'admin', password: DEMO_ADMIN_PASSWORD });
  const raw = setCookie(response, 'SSPADMIN');
  if (response.statusCode !== 200 || !raw) throw new Error(`admin sign-in refused: ${response.statusCode} ${response.body}`);
  return { cookie: `SSPADMIN=${raw.value}`, csrfToken: response.json().csrfToken as string, raw };
}

/** The database of each app createTestApp made (startSession stores sessions in it). */
const databaseOf = new WeakMap<FastifyInstance, TestDatabase>();

/**
 * A browser with a stored session: calls /rest/init/csrf as a visitor (no session is stored then,
 * issue 9 row 9: the token is the signed double-submit value of the SSPCSRF cookie), then stores the
 * session a sign-in or a language change would store, keeping that token (as session.ensure does),
 * so tests can sign it in straight in the database. Returns the cookie header and the CSRF token.
 */
export async function startSession(app: FastifyInstance, orgId = 'springfield') {
  const response = await app.inject({ method: 'GET', url: `/rest/init/csrf?orgId=${orgId}` });
  const visitor = setCookie(response, 'SSPCSRF');
  if (!visitor) throw new Error(`no CSRF cookie: ${response.statusCode} ${response.body}`);
  const csrfToken = response.json().csrfToken as string;
  const database = databaseOf.get(app);
  // An app of the test's own making: a visitor without a stored session (no sessionToken).
  if (!database) return { cookie: `SSPCSRF=${visitor.value}`, csrfToken, sessionToken: '' };
  const sessionToken = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({
    sessionHash: createHash('sha256').update(sessionToken).digest('hex'), csrfToken, language: null, expiresAt: new Date(Date.now() + 12 * 3600_000),
  });
  return { cookie: `SSPCSRF=${visitor.value}; SSPSESSION=${sessionToken}`, csrfToken, sessionToken };
}

/**
 * Marks a session as signed in as demo.member of `orgId`, straight in the database (the login call
 * arrives with the accounts issue; what is tested here is how the boot calls read a signed-in session).
 */
export async function signInAsDemoMember(database: TestDatabase, orgId: string, sessionToken: string): Promise<number> {
  const { and, eq } = await import('drizzle-orm');
  const { contacts, sessionLogins } = await import('../../server/db/schema.ts');
  const [contact] = await database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, 'demo.member')));
  if (!contact) throw new Error(`no demo.member in ${orgId}`);
  const sessionHash = createHash('sha256').update(sessionToken).digest('hex');
  await database.db.insert(sessionLogins).values({ orgId, sessionHash, contactId: contact.contactId });
  return contact.contactId;
}

/**
 * One app on a fresh database for a whole test file: created before its tests, closed after them.
 * Read `t.app` and `t.database` inside tests (they exist only while the file runs).
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('useTestApp: the app exists only while the test file runs');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get database() {
      return get().database;
    },
    close: () => get().close(),
  };
}
