/**
 * The publishing API (issue 14, routes/publishing, schemas/api/publishing.ts) and the admin's keys to
 * it (routes/admin/publishingKeys), through the real app on the seeded demo. What it proves:
 * - a key is made by an administrator only, shown once (`mpk_{keyId}_{secret}`), listed without its
 *   secret, kept as the SHA-256 of the secret only, revoked at once, at most 20 per organisation;
 * - every call without a live key of the path's organisation is 401 `publishing.unauthorized`
 *   (table-driven: no header, other schemes, garbage, another organisation's key, a revoked key, one
 *   character changed), whatever its body, and writes nothing;
 * - notifications are published (POST, PUT under the sender's id: 201 then 200), shown by the public
 *   calls, withdrawn (DELETE, then 404), their HTML sanitised on the way in (an XSS corpus), bad input
 *   refused with 400 `request.invalid` and nothing stored (table-driven);
 * - weather alerts are imported from api.weather.gov's FeatureCollection idempotently by id
 *   (created, unchanged, updated), withdrawn, bad collections refused with nothing stored;
 * - FAQ and overview are written (sanitised) and withdrawn;
 * - the demo's own content is valid input: every `content.notifications` entry of
 *   server/db/demo/orgs/*.json and every sample of server/db/demo/nws/ goes through the API's own
 *   validator, and what is stored is what the seed stored.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { and, asc, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../schemas/api/publicContent.ts';
import type { NotificationBody, WeatherAlertsBody } from '../../schemas/api/publishing.ts';
import { notifications, orgPages, publishingKeys, weatherAlerts } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { sanitizeAdminHtml } from '../../server/services/pageContent.ts';
import { signInAdmin, signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
let admin: { cookie: string; csrfToken: string };

beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  admin = await signInAdmin(t.app);
});

const KEY = /^mpk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/;
const UNAUTHORIZED = { errorCode: 'publishing.unauthorized' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const partsOf = (key: string) => {
  const [, keyId, secret] = /^mpk_([a-z0-9]{12})_(.{43})$/.exec(key)!;
  return { keyId: keyId!, secret: secret! };
};

const adminHeaders = () => ({ cookie: admin.cookie, 'x-csrf-token': admin.csrfToken });
const makeKey = (orgId: string, payload: unknown = { name: 'CAD system' }, headers: Record<string, string> = adminHeaders()) =>
  t.app.inject({ method: 'POST', url: `/admin/api/orgs/${orgId}/publishingKeys`, headers, payload: payload as object });
const listKeys = (orgId: string, headers: Record<string, string> = { cookie: admin.cookie }) =>
  t.app.inject({ url: `/admin/api/orgs/${orgId}/publishingKeys`, headers });
const revokeKey = (orgId: string, keyId: string, headers: Record<string, string> = adminHeaders()) =>
  t.app.inject({ method: 'DELETE', url: `/admin/api/orgs/${orgId}/publishingKeys/${keyId}`, headers });

async function keyOf(orgId: string, name = 'CAD system'): Promise<string> {
  const response = await makeKey(orgId, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().key as string;
}

/** One key per organisation for the tests that are not about keys. */
const keys = new Map<string, string>();
async function keyFor(orgId: string): Promise<string> {
  if (!keys.has(orgId)) keys.set(orgId, await keyOf(orgId, `tests of ${orgId}`));
  return keys.get(orgId)!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A publishing call with `authorization` as given (undefined: no header). */
const call = (method: Method, url: string, authorization: string | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method, url, headers: { ...headers, ...(authorization === undefined ? {} : { authorization }) },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
const as = async (orgId: string) => `Bearer ${await keyFor(orgId)}`;

/** Everything the publishing API writes, of every organisation, in a stable order: a refusal must leave it as it was. */
async function storedContent() {
  const { db } = t.database;
  return {
    notifications: await db.select().from(notifications).orderBy(asc(notifications.orgId), asc(notifications.notificationId)),
    weatherAlerts: await db.select().from(weatherAlerts).orderBy(asc(weatherAlerts.orgId), asc(weatherAlerts.weatherAlertId)),
    orgPages: await db.select().from(orgPages).orderBy(asc(orgPages.orgId), asc(orgPages.page)),
  };
}
const storedKeys = () => t.database.db.select().from(publishingKeys).orderBy(asc(publishingKeys.orgId), asc(publishingKeys.keyId));
const notificationRow = async (orgId: string, notificationId: string) =>
  (await t.database.db.select().from(notifications).where(and(eq(notifications.orgId, orgId), eq(notifications.notificationId, notificationId))))[0];
const detail = async (orgId: string, notificationId: string) => (await t.app.inject({ url: `/rest/notif/${notificationId}?orgId=${orgId}` })).json();

const nwsDir = new URL('../../server/db/demo/nws/', import.meta.url);
const nwsSample = (file: string) => JSON.parse(readFileSync(new URL(file, nwsDir), 'utf8')) as WeatherAlertsBody;

const NOTICE: NotificationBody = { title: 'Water main repaired', textMessage: 'Clear Lake Avenue is open again.' };

describe('the admin\'s publishing keys: POST, GET, DELETE /admin/api/orgs/{orgId}/publishingKeys', () => {
  it('makes a key, shows it this once, and keeps only the SHA-256 of its secret', async () => {
    const before = Date.now();
    const response = await makeKey('acme', { name: '  CAD system  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toContain('no-store');
    const made = response.json();
    expect(made).toEqual({ keyId: expect.stringMatching(/^[a-z0-9]{12}$/), name: 'CAD system', createdAt: expect.any(String), key: expect.stringMatching(KEY) });
    const { keyId, secret } = partsOf(made.key);
    expect(keyId).toBe(made.keyId);
    expect(Date.parse(made.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(made.createdAt)).toBeLessThanOrEqual(Date.now());

    const [row] = await t.database.db.select().from(publishingKeys).where(eq(publishingKeys.keyId, keyId));
    expect(row).toEqual({ orgId: 'acme', keyId, name: 'CAD system', secretHash: sha256(secret), createdAt: new Date(made.createdAt), lastUsedAt: null });
    // No part of the secret is kept: no eight characters of it in any column.
    const stored = JSON.stringify(await storedKeys());
    for (let i = 0; i + 8 <= secret.length; i++) expect(stored).not.toContain(secret.slice(i, i + 8));

    const list = await listKeys('acme');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.json()).toEqual({ data: [{ keyId, name: 'CAD system', createdAt: made.createdAt, lastUsedAt: null }] });
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(sha256(secret));
  });

  it('makes a different key every time, and notes when a key was last used', async () => {
    const [first, second] = [await keyOf('acme', 'first'), await keyOf('acme', 'second')];
    expect(first).not.toBe(second);
    expect(partsOf(first).secret).not.toBe(partsOf(second).secret);
    const published = await call('POST', '/api/v1/acme/notifications', `Bearer ${first}`, NOTICE);
    expect(published.statusCode, published.body).toBe(201);
    const listed = (await listKeys('acme')).json().data as { keyId: string; lastUsedAt: string | null }[];
    const byId = new Map(listed.map((key) => [key.keyId, key.lastUsedAt]));
    expect(Date.parse(byId.get(partsOf(first).keyId)!)).toBeGreaterThan(Date.now() - 60_000);
    expect(byId.get(partsOf(second).keyId)).toBeNull();
  });

  it.each([
    ['no name', 'springfield', {}, 400, 'request.invalid'],
    ['an empty name', 'springfield', { name: '' }, 400, 'request.invalid'],
    ['a name of blanks', 'springfield', { name: '   ' }, 400, 'request.invalid'],
    ['a name of 81 characters', 'springfield', { name: 'n'.repeat(81) }, 400, 'request.invalid'],
    ['a name that is no text', 'springfield', { name: 7 }, 400, 'request.invalid'],
    ['an unknown property only', 'springfield', { label: 'x' }, 400, 'request.invalid'],
    ['an unknown organisation', 'nowhere', { name: 'CAD' }, 404, 'org.notFound'],
  ])('refuses %s, storing nothing', async (_name, orgId, payload, status, errorCode) => {
    const before = await storedKeys();
    const response = await makeKey(orgId, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await storedKeys()).toEqual(before);
  });

  describe('refuses a caller who is not the administrator, changing nothing', () => {
    const callers: [string, () => Promise<Record<string, string>>, number, string, number, string][] = [
      ['without a session', async () => ({}), 401, 'admin.signInRequired', 401, 'admin.signInRequired'],
      ['with a visitor\'s session and its CSRF token', async () => {
        const visitor = await startSession(t.app);
        return { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken };
      }, 401, 'admin.signInRequired', 401, 'admin.signInRequired'],
      ['with a signed-in member\'s session', async () => {
        const session = await startSession(t.app);
        await signInAsDemoMember(t.database, 'springfield', session.sessionToken);
        return { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
      }, 401, 'admin.signInRequired', 401, 'admin.signInRequired'],
      ['with the administrator\'s session but no CSRF token', async () => ({ cookie: admin.cookie }), 403, 'csrf.invalid', 200, ''],
      ['with the administrator\'s session and a wrong CSRF token', async () => ({ cookie: admin.cookie, 'x-csrf-token': 'forged' }), 403, 'csrf.invalid', 200, ''],
    ];
    it.each(callers)('%s', async (_name, headersOf, writeStatus, writeCode, readStatus, readCode) => {
      const existing = partsOf(await keyFor('springfield')).keyId;
      const headers = await headersOf();
      const before = await storedKeys();
      const made = await makeKey('springfield', { name: 'intruder' }, headers);
      expect(made.statusCode).toBe(writeStatus);
      expect(made.json()).toEqual({ errorCode: writeCode });
      const revoked = await revokeKey('springfield', existing, headers);
      expect(revoked.statusCode).toBe(writeStatus);
      expect(revoked.json()).toEqual({ errorCode: writeCode });
      const listed = await listKeys('springfield', headers);
      expect(listed.statusCode).toBe(readStatus);
      if (readCode) expect(listed.json()).toEqual({ errorCode: readCode });
      expect(await storedKeys()).toEqual(before);
    });
  });

  it('revokes a key at once: refused from then on, gone from the list, and a second revocation is 404', async () => {
    const key = await keyOf('campus', 'to revoke');
    const { keyId } = partsOf(key);
    expect((await call('POST', '/api/v1/campus/notifications', `Bearer ${key}`, NOTICE)).statusCode).toBe(201);
    const revoked = await revokeKey('campus', keyId);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: 'ok' });
    const before = await storedContent();
    const refused = await call('POST', '/api/v1/campus/notifications', `Bearer ${key}`, NOTICE);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(UNAUTHORIZED);
    expect(await storedContent()).toEqual(before);
    expect((await listKeys('campus')).json().data.map((k: { keyId: string }) => k.keyId)).not.toContain(keyId);
    const again = await revokeKey('campus', keyId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'publishingKey.notFound' });
  });

  it('revokes a key only through its own organisation', async () => {
    const key = await keyFor('springfield');
    const response = await revokeKey('campus', partsOf(key).keyId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'publishingKey.notFound' });
    expect((await call('POST', '/api/v1/springfield/notifications', `Bearer ${key}`, NOTICE)).statusCode).toBe(201);
  });

  it.each(['UPPER', 'a'.repeat(41), 'with-dash'])('refuses to revoke a key id like %s (400)', async (keyId) => {
    const response = await revokeKey('springfield', keyId);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it('makes at most 20 keys per organisation: the 21st is 409 publishingKey.tooMany, and a revoked one makes room', async () => {
    const made: string[] = [];
    for (let i = 1; i <= 20; i++) made.push(await keyOf('fedagency', `key ${i}`));
    const before = await storedKeys();
    const refused = await makeKey('fedagency', { name: 'key 21' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 'publishingKey.tooMany' });
    expect(await storedKeys()).toEqual(before);
    const listed = (await listKeys('fedagency')).json().data as { keyId: string; name: string }[];
    expect(listed.map((key) => key.name)).toEqual(Array.from({ length: 20 }, (_, i) => `key ${i + 1}`));
    // Each of the twenty opens the organisation.
    for (const key of made) expect((await call('DELETE', '/api/v1/fedagency/pages/faq', `Bearer ${key}`)).statusCode).toBe(404);
    // The limit is the organisation's: another one still makes keys.
    expect((await makeKey('paused', { name: 'elsewhere' })).statusCode).toBe(201);
    expect((await revokeKey('fedagency', partsOf(made[0]!).keyId)).statusCode).toBe(200);
    expect((await makeKey('fedagency', { name: 'key 21' })).statusCode).toBe(201);
    expect((await makeKey('fedagency', { name: 'key 22' })).statusCode).toBe(409);
  });

  it('keeps the limit when twenty-five keys are asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => makeKey('dormant', { name: `parallel ${i}` })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json())).toEqual(Array(5).fill({ errorCode: 'publishingKey.tooMany' }));
    const [counted] = await t.database.db.select({ keys: count() }).from(publishingKeys).where(eq(publishingKeys.orgId, 'dormant'));
    expect(counted?.keys).toBe(20);
    for (const { keyId } of (await listKeys('dormant')).json().data as { keyId: string }[]) expect((await revokeKey('dormant', keyId)).statusCode).toBe(200);
  });
});

describe('the key: Authorization: Bearer {key} of the path\'s organisation, nothing else', () => {
  /** Each header is made from a live springfield key, a live campus key and a revoked springfield key. */
  const headers: [string, (key: string, campusKey: string, revokedKey: string) => string | undefined][] = [
    ['no Authorization header', () => undefined],
    ['an empty header', () => ''],
    ['"Bearer nonsense"', () => 'Bearer nonsense'],
    ['"Bearer" alone', () => 'Bearer'],
    ['the key without "Bearer"', (key) => key],
    ['"token {key}" (the member access keys\' scheme)', (key) => `token ${key}`],
    ['"Basic" with the key', (key) => `Basic ${Buffer.from(`x:${key}`).toString('base64')}`],
    ['"Bearer" run into the key', (key) => `Bearer${key}`],
    ['the key twice', (key) => `Bearer ${key} ${key}`],
    ['the key of another organisation (campus)', (_key, campusKey) => `Bearer ${campusKey}`],
    ['a revoked key', (_key, _campus, revokedKey) => `Bearer ${revokedKey}`],
    ['the key with the last character of its secret changed', (key) => `Bearer ${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`],
    ['the key with the first character of its id changed', (key) => `Bearer mpk_${key[4] === 'a' ? 'b' : 'a'}${key.slice(5)}`],
    ['the key\'s secret under another key\'s id', (key, campusKey) => `Bearer mpk_${partsOf(campusKey).keyId}_${partsOf(key).secret}`],
    ['the stored hash instead of the secret', (key) => `Bearer mpk_${partsOf(key).keyId}_${sha256(partsOf(key).secret)}`],
    ['the key with a character added', (key) => `Bearer ${key}x`],
    ['the key cut short', (key) => `Bearer ${key.slice(0, -1)}`],
    ['10,000 characters', () => `Bearer ${'k'.repeat(10_000)}`],
  ];
  let springKey: string;
  let campusKey: string;
  let revokedKey: string;
  beforeAll(async () => {
    springKey = await keyFor('springfield');
    campusKey = await keyFor('campus');
    revokedKey = await keyOf('springfield', 'revoked');
    expect((await revokeKey('springfield', partsOf(revokedKey).keyId)).statusCode).toBe(200);
  });

  it.each(headers)('refuses %s with 401 publishing.unauthorized, storing nothing', async (_name, header) => {
    const before = await storedContent();
    const response = await call('POST', '/api/v1/springfield/notifications', header(springKey, campusKey, revokedKey), NOTICE);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedContent()).toEqual(before);
  });

  it.each([
    ['"Bearer {key}"', (key: string) => `Bearer ${key}`],
    ['"bearer {key}" (the scheme in any case)', (key: string) => `bearer ${key}`],
    ['"Bearer  {key} " (blanks around the key)', (key: string) => `Bearer  ${key} `],
  ])('takes %s', async (_name, header) => {
    const response = await call('POST', '/api/v1/springfield/notifications', header(springKey), NOTICE);
    expect(response.statusCode, response.body).toBe(201);
  });

  const WINTER_ID = nwsSample('springfield-winter-storm.json').features[0]!.properties.id!;
  /** Every write of the API, each aimed at springfield's seeded content. */
  const writes: [Method, string, unknown][] = [
    ['POST', '/api/v1/springfield/notifications', NOTICE],
    ['PUT', '/api/v1/springfield/notifications/spfld-2026-0142', NOTICE],
    ['DELETE', '/api/v1/springfield/notifications/spfld-2026-0142', undefined],
    ['POST', '/api/v1/springfield/weatherAlerts', nwsSample('springfield-storms.json')],
    ['DELETE', `/api/v1/springfield/weatherAlerts/${encodeURIComponent(WINTER_ID)}`, undefined],
    ['PUT', '/api/v1/springfield/pages/faq', { pageContent: '<p>Defaced</p>' }],
    ['DELETE', '/api/v1/springfield/pages/overview', undefined],
  ];
  type Refused = [Method, string, string, unknown, () => string | undefined];
  it.each(writes.flatMap(([method, url, payload]): Refused[] => [
    [method, url, 'without a key', payload, () => undefined],
    [method, url, 'with campus\'s key', payload, () => `Bearer ${campusKey}`],
    [method, url.replace('/springfield/', '/campus/'), 'with springfield\'s key on campus\'s path', payload, () => `Bearer ${springKey}`],
    [method, url.replace('/springfield/', '/nowhere/'), 'with springfield\'s key on an unknown organisation', payload, () => `Bearer ${springKey}`],
  ]))('refuses %s %s %s: 401, nothing changed', async (method, url, _name, payload, header) => {
    const before = await storedContent();
    const response = await call(method, url, header(), payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    expect(await storedContent()).toEqual(before);
  });

  it.each([
    ['a body that is not JSON', '{"title": ', 'application/json'],
    ['a body of another type', 'title=x', 'text/plain'],
    ['a body that breaks every rule', JSON.stringify({ title: '', priority: 'Urgent', extra: true }), 'application/json'],
  ])('answers a caller without a key 401 before reading %s', async (_name, payload, contentType) => {
    const response = await call('POST', '/api/v1/springfield/notifications', undefined, payload, { 'content-type': contentType });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });
});

describe('POST /api/v1/{orgId}/notifications', () => {
  it('publishes a notification: 201 with its new id, first in the public list, its detail whole', async () => {
    const before = Date.now();
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), { ...NOTICE, title: '  Water main repaired  ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { notificationId } = response.json();
    expect(response.json()).toEqual({ notificationId: expect.stringMatching(/^[a-z0-9]{12}$/) });

    const list = (await t.app.inject({ url: '/rest/notif?orgId=springfield&pageSize=1' })).json() as NotificationList;
    expect(list.notificationList[0]).toMatchObject({ notificationId, title: 'Water main repaired', priority: 'NonPriority', hasAreas: false });
    const answer = await detail('springfield', notificationId);
    expect(answer).toEqual({
      responseCode: 200,
      result: {
        notificationId, title: 'Water main repaired', sendDate: expect.any(Number), priority: 'NonPriority', textMessage: NOTICE.textMessage,
        rtfContent: '', attachmentFiles: [], drawPolygonSetting: { searchShapes: [] },
      },
    });
    expect(answer.result.sendDate).toBeGreaterThanOrEqual(before);
    expect(answer.result.sendDate).toBeLessThanOrEqual(Date.now());
  });

  it('keeps what the sender gives: its send date, priority, HTML and areas (a polygon and a circle)', async () => {
    const body: NotificationBody = {
      title: 'Shelter in place', textMessage: 'Chemical spill on I-55.', rtfContent: '<p>Close <strong>windows</strong>.</p>', priority: 'Priority',
      sendDate: '2026-11-27T16:30:00.250-06:00',
      searchShapes: [
        { type: 'Polygon', coordinates: [[[-89.7, 39.7], [-89.6, 39.7], [-89.6, 39.8], [-89.7, 39.7]]] },
        { type: 'Circle', center: [-89.65, 39.75], radius: 1500 },
      ],
    };
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), body);
    expect(response.statusCode, response.body).toBe(201);
    expect((await detail('springfield', response.json().notificationId)).result).toEqual({
      notificationId: response.json().notificationId, title: body.title, sendDate: Date.parse('2026-11-27T22:30:00.250Z'), priority: 'Priority',
      textMessage: body.textMessage, rtfContent: body.rtfContent, attachmentFiles: [], drawPolygonSetting: { searchShapes: body.searchShapes },
    });
  });

  const XSS: [string, string][] = [
    ['a script tag', '<script>alert(1)</script><p>kept</p>'],
    ['an img with onerror', '<img src=x onerror=alert(1)><p>kept</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">kept</a>'],
    ['a javascript: link in mixed case and entities', '<a href="JaVa&#x09;ScRiPt:alert(1)">kept</a><a href="&#106;avascript:alert(1)">kept</a>'],
    ['an svg with onload', '<svg onload=alert(1)><circle r="1"/></svg><p>kept</p>'],
    ['a style expression', '<p style="width: expression(alert(1))">kept</p><style>p { background: url(javascript:alert(1)) }</style>'],
    ['a mutation-XSS string', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['a math/style mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['an iframe and a form', '<iframe src="javascript:alert(1)"></iframe><form action="javascript:alert(1)"><button>kept</button></form>'],
    ['event handlers on allowed tags', '<div onclick="alert(1)" onmouseover="alert(1)"><p onload="alert(1)">kept</p></div>'],
    ['a body onload and a meta refresh', '<body onload=alert(1)><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>kept</p>'],
    ['a data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">kept</a>'],
  ];
  it.each(XSS)('answers and stores rtfContent without %s', async (_name, html) => {
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), { ...NOTICE, rtfContent: html });
    expect(response.statusCode, response.body).toBe(201);
    const { notificationId } = response.json();
    const { rtfContent } = (await detail('springfield', notificationId)).result as { rtfContent: string };
    expect((await notificationRow('springfield', notificationId))!.rtfContent).toBe(rtfContent);
    for (const bad of ['<script', 'onerror', 'javascript:', 'onload', 'onclick', 'onmouseover', 'expression(', '<style', '<svg', '<iframe', '<img', 'data:', '<meta', '<form']) {
      expect(rtfContent.toLowerCase()).not.toContain(bad);
    }
    expect(rtfContent).toBe(sanitizeAdminHtml(html));
    if (html.includes('kept')) expect(rtfContent).toContain('kept');
  });

  it('keeps a link that opens a new tab from reaching back (rel="noopener noreferrer")', async () => {
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), {
      ...NOTICE, rtfContent: '<a href="https://example.org/" target="_blank" rel="opener">map</a>',
    });
    expect((await detail('springfield', response.json().notificationId)).result.rtfContent)
      .toBe('<a href="https://example.org/" target="_blank" rel="noopener noreferrer">map</a>');
  });

  const ring = (...points: [number, number][]) => [points];
  const rows: [string, unknown, string | RegExp][] = [
    ['no title', { textMessage: 'x' }, 'body/title: is required'],
    ['an empty title', { ...NOTICE, title: '' }, 'body/title: must be at least 1 characters long'],
    ['a title of blanks', { ...NOTICE, title: '   ' }, 'body/title: does not match the allowed characters'],
    ['a title of 201 characters', { ...NOTICE, title: 't'.repeat(201) }, 'body/title: must be at most 200 characters long'],
    ['a title that is no text', { ...NOTICE, title: 42 }, 'body/title: must be string'],
    ['no textMessage', { title: 'x' }, 'body/textMessage: is required'],
    ['an empty textMessage', { ...NOTICE, textMessage: '' }, 'body/textMessage: must be at least 1 characters long'],
    ['a textMessage of blanks', { ...NOTICE, textMessage: ' \n ' }, 'body/textMessage: does not match the allowed characters'],
    ['a textMessage of 10,001 characters', { ...NOTICE, textMessage: 'm'.repeat(10_001) }, 'body/textMessage: must be at most 10000 characters long'],
    ['an rtfContent of 200,001 characters', { ...NOTICE, rtfContent: 'h'.repeat(200_001) }, 'body/rtfContent: must be at most 200000 characters long'],
    ['priority "Urgent"', { ...NOTICE, priority: 'Urgent' }, 'body/priority: is not one of the allowed values'],
    ['a send date that is not a date', { ...NOTICE, sendDate: 'yesterday' }, 'body/sendDate: must be a valid date-time'],
    ['a send date without its time zone', { ...NOTICE, sendDate: '2026-11-28T10:00:00' }, 'body/sendDate: must be a valid date-time'],
    ['a polygon at latitude 100', { ...NOTICE, searchShapes: [{ type: 'Polygon', coordinates: ring([-89.6, 100], [-89.5, 39.8], [-89.5, 39.9], [-89.6, 100]) }] },
      'body/searchShapes/0/coordinates/0/0/1: must be at most 90'],
    ['a polygon at longitude -181', { ...NOTICE, searchShapes: [{ type: 'Polygon', coordinates: ring([-181, 39], [-89.5, 39.8], [-89.5, 39.9], [-181, 39]) }] },
      'body/searchShapes/0/coordinates/0/0/0: must be at least -180'],
    ['a ring of three positions', { ...NOTICE, searchShapes: [{ type: 'Polygon', coordinates: ring([-89.6, 39.8], [-89.5, 39.8], [-89.6, 39.8]) }] },
      'body/searchShapes/0/coordinates/0: must have at least 4 items'],
    ['a position of three numbers', { ...NOTICE, searchShapes: [{ type: 'Polygon', coordinates: [[[-89.6, 39.8, 10], [-89.5, 39.8], [-89.5, 39.9], [-89.6, 39.8]]] }] },
      /^body\/searchShapes\/0\/coordinates\/0\/0: /],
    ['a circle of radius 0', { ...NOTICE, searchShapes: [{ type: 'Circle', center: [-89.6, 39.8], radius: 0 }] }, /^body\/searchShapes\/0\b/],
    ['a circle of radius 1,000,001 m', { ...NOTICE, searchShapes: [{ type: 'Circle', center: [-89.6, 39.8], radius: 1_000_001 }] }, /^body\/searchShapes\/0\b/],
    ['a circle centred at latitude -91', { ...NOTICE, searchShapes: [{ type: 'Circle', center: [-89.6, -91], radius: 10 }] }, /^body\/searchShapes\/0\b/],
    ['a shape of another type', { ...NOTICE, searchShapes: [{ type: 'Square', coordinates: [] }] }, /^body\/searchShapes\/0\b/],
    ['51 shapes', { ...NOTICE, searchShapes: Array(51).fill({ type: 'Circle', center: [-89.6, 39.8], radius: 10 }) }, 'body/searchShapes: must have at most 50 items'],
    ['a body that is an array', [NOTICE], 'body: must be object'],
  ];
  it.each(rows)('refuses %s: 400 request.invalid, nothing stored', async (_name, payload, message) => {
    const before = await storedContent();
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    expect(await storedContent()).toEqual(before);
  });

  it.each([
    ['a body that is not JSON', '{"title": "x",', 'application/json', 'request.invalidBody'],
    ['an empty JSON body', '', 'application/json', 'request.invalidBody'],
    ['JSON sent as text/plain (a string, not an object)', '{"title":"x","textMessage":"y"}', 'text/plain', 'request.invalid'],
  ])('refuses %s: 400, nothing stored', async (_name, payload, contentType, errorCode) => {
    const before = await storedContent();
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), payload, { 'content-type': contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await storedContent()).toEqual(before);
  });

  it('drops a property it does not know, as every body of the API does (plugins/requestValidation.ts), and stores nothing of it', async () => {
    const response = await call('POST', '/api/v1/springfield/notifications', await as('springfield'), { ...NOTICE, audience: 'everyone', attachmentFiles: ['x'] });
    expect(response.statusCode, response.body).toBe(201);
    const row = await notificationRow('springfield', response.json().notificationId);
    expect(JSON.stringify(row)).not.toContain('everyone');
    expect(row!.attachmentFileIds).toEqual([]);
  });
});

describe('PUT and DELETE /api/v1/{orgId}/notifications/{notificationId}: under the sender\'s own id', () => {
  it('writes a new id (201), then replaces it (200): one row, updated', async () => {
    const auth = await as('springfield');
    const first = await call('PUT', '/api/v1/springfield/notifications/CAD-2026.11:0001', auth, { ...NOTICE, priority: 'Priority' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ notificationId: 'CAD-2026.11:0001' });
    const written = (await notificationRow('springfield', 'CAD-2026.11:0001'))!;
    const second = await call('PUT', '/api/v1/springfield/notifications/CAD-2026.11:0001', auth, { title: 'Update: water main repaired', textMessage: 'All clear.' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ notificationId: 'CAD-2026.11:0001' });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.notificationId, 'CAD-2026.11:0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orgId: 'springfield', title: 'Update: water main repaired', textMessage: 'All clear.', priority: 'NonPriority' });
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(written.updatedAt.getTime());
    expect((await detail('springfield', 'CAD-2026.11:0001')).result.title).toBe('Update: water main repaired');
  });

  it('keeps each organisation\'s ids its own: springfield writing campus\'s id makes springfield\'s, campus\'s stays', async () => {
    const campusBefore = await notificationRow('campus', 'campus-2026-031');
    const response = await call('PUT', '/api/v1/springfield/notifications/campus-2026-031', await as('springfield'), NOTICE);
    expect(response.statusCode).toBe(201);
    expect(await notificationRow('campus', 'campus-2026-031')).toEqual(campusBefore);
    expect((await notificationRow('springfield', 'campus-2026-031'))!.title).toBe(NOTICE.title);
    const removed = await call('DELETE', '/api/v1/springfield/notifications/campus-2026-031', await as('springfield'));
    expect(removed.json()).toEqual({ status: 'ok' });
    expect(await notificationRow('campus', 'campus-2026-031')).toEqual(campusBefore);
  });

  it('withdraws a notification: { status: ok }, gone from the public calls, and a second DELETE is 404 notification.notFound', async () => {
    const auth = await as('springfield');
    const response = await call('DELETE', '/api/v1/springfield/notifications/spfld-2026-0139', auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await notificationRow('springfield', 'spfld-2026-0139')).toBeUndefined();
    expect((await t.app.inject({ url: '/rest/notif/spfld-2026-0139?orgId=springfield' })).statusCode).toBe(404);
    const again = await call('DELETE', '/api/v1/springfield/notifications/spfld-2026-0139', auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'notification.notFound' });
  });

  it.each([
    ['a blank', 'a%20b'],
    ['a slash', 'a%2Fb'],
    ['101 characters', 'i'.repeat(101)],
    ['a non-ASCII letter', 'caf%C3%A9'],
  ])('refuses an id with %s: 400, nothing stored', async (_name, id) => {
    const before = await storedContent();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(method, `/api/v1/springfield/notifications/${id}`, await as('springfield'), method === 'PUT' ? NOTICE : undefined);
      expect(response.statusCode, `${method} ${response.body}`).toBe(400);
      expect(response.json().errorCode).toBe('request.invalid');
    }
    expect(await storedContent()).toEqual(before);
  });
});

describe('weather alerts: POST /api/v1/{orgId}/weatherAlerts (api.weather.gov\'s FeatureCollection), DELETE …/{id}', () => {
  const storms = nwsSample('springfield-storms.json');
  const [TORNADO_ID, THUNDERSTORM_ID] = storms.features.map((feature) => feature.properties.id!) as [string, string];
  const acmeAlerts = () => t.database.db.select().from(weatherAlerts).where(eq(weatherAlerts.orgId, 'acme')).orderBy(asc(weatherAlerts.issuanceTime));

  it('imports the sample: {created: 2}, then again {unchanged: 2}, then with one alert changed {updated: 1, unchanged: 1}', async () => {
    const auth = await as('acme');
    const first = await call('POST', '/api/v1/acme/weatherAlerts', auth, storms);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const rows = await acmeAlerts();
    expect(rows.map(({ weatherAlertId, title, issuanceTime, endTime }) => ({ weatherAlertId, title, issuanceTime, endTime }))).toEqual([
      {
        weatherAlertId: THUNDERSTORM_ID, title: storms.features[1]!.properties.headline,
        issuanceTime: new Date('2026-11-28T18:20:00Z'), endTime: new Date('2026-11-28T19:15:00Z'),
      },
      {
        weatherAlertId: TORNADO_ID, title: storms.features[0]!.properties.headline,
        issuanceTime: new Date('2026-11-28T19:05:00Z'), endTime: new Date('2026-11-28T19:45:00Z'),
      },
    ]);

    const again = await call('POST', '/api/v1/acme/weatherAlerts', auth, storms);
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await acmeAlerts()).toEqual(rows);

    // The service updates the tornado warning: its end moves and its headline says so.
    const updated = structuredClone(storms);
    Object.assign(updated.features[0]!.properties, { ends: '2026-11-28T14:15:00-06:00', headline: 'Tornado Warning extended until 2:15PM CST' });
    const third = await call('POST', '/api/v1/acme/weatherAlerts', auth, updated);
    expect(third.json()).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const after = await acmeAlerts();
    expect(after[0]).toEqual(rows[0]);
    expect(after[1]).toMatchObject({ weatherAlertId: TORNADO_ID, title: 'Tornado Warning extended until 2:15PM CST', endTime: new Date('2026-11-28T20:15:00Z') });
  });

  it('imports an alert without a geometry with the points of the counties it names', async () => {
    const response = await call('POST', '/api/v1/acme/weatherAlerts', await as('acme'), nwsSample('springfield-winter-storm.json'));
    expect(response.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const [row] = await t.database.db.select().from(weatherAlerts).where(and(eq(weatherAlerts.orgId, 'acme'), eq(weatherAlerts.weatherAlertId, nwsSample('springfield-winter-storm.json').features[0]!.properties.id!)));
    expect(row!.originalFeed).toMatchObject({ polygons: [], points: [[-89.659, 39.758], [-89.367, 40.124], [-88.962, 39.86]] });
  });

  it('writes the demo\'s moved alerts back to the sample as sent (the same ids): {updated: 2}, shown with their headlines', async () => {
    const response = await call('POST', '/api/v1/springfield/weatherAlerts', await as('springfield'), storms);
    expect(response.json()).toEqual({ created: 0, updated: 2, unchanged: 0 });
    const { result } = (await t.app.inject({ url: `/rest/weather/${encodeURIComponent(TORNADO_ID)}?orgId=springfield` })).json();
    expect(result).toMatchObject({ title: storms.features[0]!.properties.headline, issuanceTime: '2026-11-28T19:05:00', endTime: '2026-11-28T19:45:00' });
  });

  it('withdraws an alert: { status: ok }, then 404 weather.notFound', async () => {
    const auth = await as('acme');
    const url = `/api/v1/acme/weatherAlerts/${encodeURIComponent(THUNDERSTORM_ID)}`;
    const response = await call('DELETE', url, auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect((await acmeAlerts()).map((row) => row.weatherAlertId)).not.toContain(THUNDERSTORM_ID);
    const again = await call('DELETE', url, auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'weather.notFound' });
    // Another organisation's copy of it is its own.
    expect((await call('DELETE', `/api/v1/springfield/weatherAlerts/${encodeURIComponent(THUNDERSTORM_ID)}`, await as('springfield'))).json()).toEqual({ status: 'ok' });
  });

  const feature = storms.features[0]!;
  const withFeature = (change: Record<string, unknown>) => ({ type: 'FeatureCollection', features: [{ ...feature, ...change }] });
  const withProperties = (change: Record<string, unknown>) => withFeature({ properties: { ...feature.properties, ...change } });
  it.each([
    ['a Feature instead of a FeatureCollection', feature, 'body/features: is required'],
    ['an empty object', {}, 'body/type: is required'],
    ['features that are not a list', { type: 'FeatureCollection', features: feature }, 'body/features: must be array'],
    ['a feature without an id', withFeature({ id: undefined }), 'body/features/0/id: is required'],
    ['a feature of another type', withFeature({ type: 'Point' }), /^body\/features\/0\/type: /],
    ['a Point geometry', withFeature({ geometry: { type: 'Point', coordinates: [-89.6, 39.8] } }), /^body\/features\/0\/geometry\b/],
    ['a polygon at latitude 95', withFeature({ geometry: { type: 'Polygon', coordinates: [[[-89.6, 95], [-89.5, 39.8], [-89.5, 39.9], [-89.6, 95]]] } }), /^body\/features\/0\/geometry\b/],
    ['no sent time', withProperties({ sent: undefined }), 'body/features/0/properties/sent: is required'],
    ['a sent time that is not a time', withProperties({ sent: 'Saturday' }), 'body/features/0/properties/sent: must be a valid date-time'],
    ['no event', withProperties({ event: undefined }), 'body/features/0/properties/event: is required'],
    ['an expiry that is not a time', withProperties({ expires: 'soon' }), /^body\/features\/0\/properties\/expires\b/],
    ['501 alerts', { type: 'FeatureCollection', features: Array(501).fill(feature) }, 'body/features: must have at most 500 items'],
  ])('refuses %s: 400 request.invalid, nothing stored', async (_name, payload, message) => {
    const before = await storedContent();
    const response = await call('POST', '/api/v1/acme/weatherAlerts', await as('acme'), payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    expect(await storedContent()).toEqual(before);
  });
});

describe('pages: PUT and DELETE /api/v1/{orgId}/pages/{faq|overview}', () => {
  it('writes springfield\'s FAQ sanitised, shows it, withdraws it (then null), and a second DELETE is 404 page.notFound', async () => {
    const auth = await as('springfield');
    const html = '<h2>Questions</h2><p onclick="steal()">Call <a href="javascript:alert(1)">311</a>.</p><script>steal()</script><img src=x onerror=steal()>';
    const written = await call('PUT', '/api/v1/springfield/pages/faq', auth, { pageContent: html });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/springfield/faqs' })).json()).toEqual({ faqs: { pageContent: '<h2>Questions</h2><p>Call <a>311</a>.</p>' } });

    const removed = await call('DELETE', '/api/v1/springfield/pages/faq', auth);
    expect(removed.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/springfield/faqs' })).json()).toEqual({ faqs: null });
    const again = await call('DELETE', '/api/v1/springfield/pages/faq', auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'page.notFound' });
    // The overview is another page: still there.
    expect((await t.app.inject({ url: '/springfield/overview' })).json().overview).not.toBeNull();
  });

  it('replaces the overview', async () => {
    const response = await call('PUT', '/api/v1/springfield/pages/overview', await as('springfield'), { pageContent: '<p>New <em>overview</em></p>' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/springfield/overview' })).json()).toEqual({ overview: { pageContent: '<p>New <em>overview</em></p>' } });
    const rows = await t.database.db.select().from(orgPages).where(and(eq(orgPages.orgId, 'springfield'), eq(orgPages.page, 'overview')));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a page that is not faq or overview', 'PUT', 'terms', { pageContent: '<p>x</p>' }, /^params\/page: /],
    ['no pageContent', 'PUT', 'faq', {}, 'body/pageContent: is required'],
    ['an empty pageContent', 'PUT', 'faq', { pageContent: '' }, 'body/pageContent: must be at least 1 characters long'],
    ['a pageContent of 200,001 characters', 'PUT', 'faq', { pageContent: 'p'.repeat(200_001) }, 'body/pageContent: must be at most 200000 characters long'],
    ['deleting a page that is not faq or overview', 'DELETE', 'terms', undefined, /^params\/page: /],
  ] as const)('refuses %s: 400, nothing stored', async (_name, method, page, payload, message) => {
    const before = await storedContent();
    const response = await call(method, `/api/v1/springfield/pages/${page}`, await as('springfield'), payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    expect(await storedContent()).toEqual(before);
  });
});

describe('the demo\'s own content is valid input of the publishing API (its own validator)', () => {
  type DemoNotification = Omit<NotificationBody, 'sendDate'> & { id: string; minutesAgo: number };
  const orgsDir = new URL('../../server/db/demo/orgs/', import.meta.url);
  const demoNotifications = readdirSync(orgsDir).filter((file) => file.endsWith('.json')).flatMap((file) => {
    const org = JSON.parse(readFileSync(new URL(file, orgsDir), 'utf8')) as { orgId: string; content?: { notifications?: DemoNotification[] } };
    return (org.content?.notifications ?? []).map((entry) => [org.orgId, entry.id, entry] as const);
  });

  it('has notifications to check (springfield\'s and campus\'s)', () => {
    expect(new Set(demoNotifications.map(([orgId]) => orgId))).toEqual(new Set(['springfield', 'campus']));
    expect(demoNotifications.length).toBeGreaterThanOrEqual(14);
  });

  it.each(demoNotifications)('takes %s\'s %s as it is written, and stores what the seed stored', async (orgId, id, entry) => {
    const { id: _id, minutesAgo, ...body } = entry;
    expect(minutesAgo).toBeGreaterThan(0);
    const seeded = await notificationRow(orgId, id);
    const response = await call('PUT', `/api/v1/${orgId}/notifications/${id}`, await as(orgId), { ...body, sendDate: seeded?.sendDate.toISOString() });
    // The seed wrote it already (200); the publishing test above withdrew one of springfield's (201).
    expect([200, 201], response.body).toContain(response.statusCode);
    expect(response.json()).toEqual({ notificationId: id });
    const { updatedAt: _u1, ...stored } = (await notificationRow(orgId, id))!;
    if (seeded) {
      const { updatedAt: _u2, ...before } = seeded;
      expect(stored).toEqual(before);
    }
    expect(stored).toMatchObject({ title: body.title, textMessage: body.textMessage, priority: body.priority ?? 'NonPriority', searchShapes: body.searchShapes ?? [] });
  });

  const samples = readdirSync(nwsDir).filter((file) => file.endsWith('.json') && file !== 'zones.json');
  it('has samples to check', () => {
    expect(samples.sort()).toEqual(['springfield-storms.json', 'springfield-winter-storm.json']);
  });

  it.each(samples)('takes %s as api.weather.gov sends it (into dormant, which has none)', async (file) => {
    const sample = nwsSample(file);
    const response = await call('POST', '/api/v1/dormant/weatherAlerts', await as('dormant'), sample);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: sample.features.length, updated: 0, unchanged: 0 });
  });
});

describe('PUT and DELETE /api/v1/{orgId}/helpTexts?type', () => {
  const tip = () => t.app.inject({ url: '/acme/helpAndAnswer?type=login/sso' });

  it('writes a help tip, sanitised, shown at once (the cache is told), then withdraws it', async () => {
    const key = await keyOf('acme', 'help texts');
    const headers = { authorization: `Bearer ${key}` };
    const put = await t.app.inject({
      method: 'PUT', url: '/api/v1/acme/helpTexts?type=login/sso', headers,
      payload: { content: '<p>Use your <b>campus</b> account.</p><img src=x onerror="alert(1)"><script>alert(2)</script>' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ status: 'ok' });
    expect((await tip()).json()).toEqual({ content: '<p>Use your <b>campus</b> account.</p>', lang: 'en_US' });
    const remove = () => t.app.inject({ method: 'DELETE', url: '/api/v1/acme/helpTexts?type=login/sso', headers });
    expect((await remove()).json()).toEqual({ status: 'ok' });
    expect((await tip()).json().content).toBeNull();
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorCode: 'helpTip.notFound' });
  });

  it.each([
    ['an unknown help type', '/api/v1/acme/helpTexts?type=nowhere', { content: 'x' }, 400, 'request.invalid'],
    ['no type', '/api/v1/acme/helpTexts', { content: 'x' }, 400, 'request.invalid'],
    ['blank content', '/api/v1/acme/helpTexts?type=home', { content: '   ' }, 400, 'request.invalid'],
  ])('refuses %s', async (_what, url, payload, status, errorCode) => {
    const key = await keyOf('acme', 'help texts refused');
    const response = await t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${key}` }, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});

describe('a notification\'s polygons', () => {
  it('refuses a ring that does not end where it starts (400 notification.ringOpen), nothing stored', async () => {
    const key = await keyOf('acme', 'rings');
    const before = (await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.orgId, 'acme')))[0]!.n;
    const response = await t.app.inject({
      method: 'POST', url: '/api/v1/acme/notifications', headers: { authorization: `Bearer ${key}` },
      payload: { title: 'Open', textMessage: 'x', searchShapes: [{ type: 'Polygon', coordinates: [[[-89.7, 39.7], [-89.6, 39.7], [-89.6, 39.8], [-89.7, 39.8]]] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('notification.ringOpen');
    expect((await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.orgId, 'acme')))[0]!.n).toBe(before);
  });
});
