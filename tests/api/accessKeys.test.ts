/**
 * §5/§6 access keys and §7 `Authorization: token …`: an administrator issues a key
 * (`POST /admin/api/orgs/:orgId/accessKeys`); `GET /rest/init?accessKey` and the init calls with the
 * token sign the browser in as the key's member of that organisation, and of no other.
 */
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, contacts, sessionLogins } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { ACCESS_KEY_TTL_MS } from '../../server/services/accessKeys.ts';
import { injectAdminLogin, setCookie, signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
let admin: { cookie: string; csrfToken: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  const response = await injectAdminLogin(t.app, { username: 'admin', password: DEMO_ADMIN_PASSWORD });
  admin = { cookie: `SSPADMIN=${setCookie(response, 'SSPADMIN')!.value}`, csrfToken: response.json().csrfToken };
  // A second springfield member, to be signed in as someone else.
  await t.database.db.insert(contacts).values({
    orgId: 'springfield', username: 'other.member', firstName: 'Olive', lastName: 'Other', email: 'other@example.org',
    passwordHash: await argon2.hash('Other#Member2026', { type: argon2.argon2id }),
  });
});

const issue = (orgId: string, payload: unknown, headers: Record<string, string> = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }) =>
  t.app.inject({ method: 'POST', url: `/admin/api/orgs/${orgId}/accessKeys`, headers, payload: payload as object });

async function keyOf(orgId: string, username = 'demo.member'): Promise<string> {
  const response = await issue(orgId, { username });
  expect(response.statusCode).toBe(201);
  return response.json().accessKey;
}

const contactIdOf = async (orgId: string, username = 'demo.member') =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username))))[0]!.contactId;

const cookieOf = (response: LightMyRequestResponse) => {
  const cookie = setCookie(response, 'SSPSESSION');
  return cookie ? `SSPSESSION=${cookie.value}` : undefined;
};

const init = (orgId: string, accessKey?: string, cookie?: string) =>
  t.app.inject({ url: `/rest/init?orgId=${orgId}${accessKey === undefined ? '' : `&accessKey=${encodeURIComponent(accessKey)}`}`, headers: cookie ? { cookie } : {} });

const withToken = (path: 'csrf' | 'account', orgId: string, authorization: string | undefined, cookie?: string) =>
  t.app.inject({ url: `/rest/init/${path}?orgId=${orgId}`, headers: { ...(authorization === undefined ? {} : { authorization }), ...(cookie ? { cookie } : {}) } });

const accountOf = async (cookie: string, orgId: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account as { id: number; username: string } | null;

describe('POST /admin/api/orgs/:orgId/accessKeys', () => {
  it('issues a key for a member (any case of the username) and keeps only its SHA-256, for 30 days', async () => {
    const response = await issue('springfield', { username: 'Demo.Member' });
    expect(response.statusCode).toBe(201);
    const { accessKey, url } = response.json();
    expect(accessKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`/springfield/home?accessKey=${accessKey}`);
    const rows = await t.database.db.select().from(accessKeys).where(and(eq(accessKeys.orgId, 'springfield'), eq(accessKeys.keyHash, sha256(accessKey))));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contactId).toBe(await contactIdOf('springfield'));
    const lifetime = rows[0]!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(ACCESS_KEY_TTL_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(ACCESS_KEY_TTL_MS);
    const stored = await t.database.db.select().from(accessKeys);
    expect(stored.some((row) => row.keyHash === accessKey)).toBe(false);
  });

  it('issues a new key every time', async () => {
    expect(await keyOf('acme')).not.toBe(await keyOf('acme'));
  });

  it.each([
    ['an unknown member', 'springfield', { username: 'nobody.at.all' }, 404, 'member.notFound'],
    ['a member of another organisation', 'campus', { username: 'other.member' }, 404, 'member.notFound'],
    ['an unknown organisation', 'nowhere', { username: 'demo.member' }, 404, 'org.notFound'],
    ['no username', 'springfield', {}, 400, 'request.invalid'],
    ['an empty username', 'springfield', { username: '' }, 400, 'request.invalid'],
    ['a username that is no text', 'springfield', { username: { $ne: null } }, 400, 'request.invalid'],
    ['a username of 81 characters', 'springfield', { username: 'u'.repeat(81) }, 400, 'request.invalid'],
  ])('refuses %s', async (_name, orgId, payload, status, errorCode) => {
    const before = (await t.database.db.select().from(accessKeys)).length;
    const response = await issue(orgId, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect((await t.database.db.select().from(accessKeys)).length).toBe(before);
  });

  it.each([
    ['without an administrator', {}, 401, 'admin.signInRequired'],
    ['with a member\'s session', undefined, 401, 'admin.signInRequired'],
    ['without the CSRF token', 'no-csrf', 403, 'csrf.invalid'],
  ] as const)('refuses a call %s', async (_name, which, status, errorCode) => {
    let headers: Record<string, string> = {};
    if (which === undefined) {
      const member = await startSession(t.app);
      headers = { cookie: member.cookie, 'x-csrf-token': member.csrfToken };
    } else if (which === 'no-csrf') {
      headers = { cookie: admin.cookie };
    }
    const before = (await t.database.db.select().from(accessKeys)).length;
    const response = await issue('springfield', { username: 'demo.member' }, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect((await t.database.db.select().from(accessKeys)).length).toBe(before);
  });
});

describe('GET /rest/init?accessKey', () => {
  it('signs a visitor\'s session in as the key\'s member on a new session (rotation)', async () => {
    const accessKey = await keyOf('springfield');
    const visitor = await startSession(t.app, 'springfield');
    const response = await init('springfield', accessKey, visitor.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ id: await contactIdOf('springfield'), username: 'demo.member', name: 'Dana Member' });
    const rotated = setCookie(response, 'SSPSESSION')!;
    expect(rotated.value).not.toBe(visitor.sessionToken);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await accountOf(`SSPSESSION=${rotated.value}`, 'springfield')).toMatchObject({ username: 'demo.member' });
    expect(await accountOf(visitor.cookie, 'springfield')).toBeNull();
  });

  it('signs in a browser without any session', async () => {
    const response = await init('springfield', await keyOf('springfield'));
    expect(response.json().account).toMatchObject({ username: 'demo.member' });
    expect(await accountOf(cookieOf(response)!, 'springfield')).toMatchObject({ username: 'demo.member' });
  });

  it('logout ends the sign-in and clears the kept accessKey cookie, so the next page does not sign back in', async () => {
    const signedIn = cookieOf(await init('springfield', await keyOf('springfield')))!;
    const logout = await t.app.inject({ url: '/logout/springfield', headers: { cookie: `${signedIn}; accessKey=kept` } });
    expect(logout.statusCode).toBe(303);
    expect(setCookie(logout, 'accessKey')).toMatchObject({ value: '', path: '/springfield' });
    expect(await accountOf(signedIn, 'springfield')).toBeNull();
  });

  it('leaves the session as it is when it is already signed in as that member', async () => {
    const accessKey = await keyOf('springfield');
    const cookie = cookieOf(await init('springfield', accessKey))!;
    const again = await init('springfield', accessKey, cookie);
    expect(again.json().account).toMatchObject({ username: 'demo.member' });
    expect(setCookie(again, 'SSPSESSION')).toBeUndefined();
  });

  it('switches a session signed in as someone else to the key\'s member', async () => {
    const session = await startSession(t.app, 'springfield');
    const other = await contactIdOf('springfield', 'other.member');
    await t.database.db.insert(sessionLogins)
      .values({ orgId: 'springfield', sessionHash: sha256(session.sessionToken), contactId: other });
    expect(await accountOf(session.cookie, 'springfield')).toMatchObject({ username: 'other.member' });
    const response = await init('springfield', await keyOf('springfield'), session.cookie);
    expect(response.json().account).toMatchObject({ username: 'demo.member' });
    expect(cookieOf(response)).toBeDefined();
    expect(await accountOf(session.cookie, 'springfield')).toBeNull();
  });

  it.each([
    ['a key of another organisation', async () => keyOf('acme')],
    ['an expired key', async () => {
      const key = await keyOf('springfield');
      await t.database.db.update(accessKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessKeys.keyHash, sha256(key)));
      return key;
    }],
    ['a key that was never issued', async () => randomBytes(32).toString('base64url')],
    ['garbage', async () => 'abc-123'],
    ['an empty key', async () => ''],
    ['blanks and symbols', async () => ' <script>\'"; -- '],
    ['a key with a stray character', async () => `${await keyOf('springfield')}=`],
    ['200 characters', async () => 'k'.repeat(200)],
  ])('ignores %s: the caller stays a visitor', async (_name, makeKey) => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await init('springfield', await makeKey(), visitor.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toBeNull();
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
    expect(await accountOf(visitor.cookie, 'springfield')).toBeNull();
  });

  it('ignores a key where members cannot sign in (self-service deactivated)', async () => {
    const response = await init('paused', await keyOf('paused'));
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toBeNull();
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
  });
});

describe('Authorization: token {accessKey} on /rest/init/csrf and /rest/init/account', () => {
  it('csrf signs in on a new session and answers that session\'s token, which the next POST uses', async () => {
    const visitor = await startSession(t.app, 'acme');
    const response = await withToken('csrf', 'acme', `token ${await keyOf('acme')}`, visitor.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.account).toMatchObject({ id: await contactIdOf('acme'), username: 'demo.member' });
    expect(body.csrfToken).not.toBe(visitor.csrfToken);
    const cookie = cookieOf(response)!;
    expect(cookie).not.toBe(visitor.cookie);
    expect(await accountOf(cookie, 'acme')).toMatchObject({ username: 'demo.member' });

    const post = (csrfToken: string) => t.app.inject({
      method: 'POST', url: '/acme/changePassword/validatePassword', headers: { cookie, 'x-csrf-token': csrfToken }, payload: { userName: 'demo.member', password: 'Acmecorp1' },
    });
    expect((await post(body.csrfToken)).statusCode).toBe(200);
    expect((await post(visitor.csrfToken)).statusCode).toBe(403);
  });

  it('csrf answers the same session when it is already signed in as that member', async () => {
    const accessKey = await keyOf('acme');
    const first = await withToken('csrf', 'acme', `token ${accessKey}`);
    const cookie = cookieOf(first)!;
    const second = await withToken('csrf', 'acme', `Token  ${accessKey}`, cookie);
    expect(setCookie(second, 'SSPSESSION')).toBeUndefined();
    expect(second.json()).toEqual(first.json());
  });

  it('account answers the token\'s account without a session, and sets no cookie', async () => {
    const response = await withToken('account', 'acme', `token ${await keyOf('acme')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ username: 'demo.member' });
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
  });

  it('account answers the token\'s account over a session signed in as someone else', async () => {
    const session = await startSession(t.app, 'springfield');
    await signInAsDemoMember(t.database, 'springfield', session.sessionToken);
    const response = await withToken('account', 'springfield', `token ${await keyOf('springfield', 'other.member')}`, session.cookie);
    expect(response.json().account).toMatchObject({ username: 'other.member' });
  });

  // Each value is built from a valid springfield key and a valid acme key.
  const malformed: [string, (springKey: string, acmeKey: string) => string][] = [
    ['the key without "token"', (key) => key],
    ['"Bearer" instead of "token"', (key) => `Bearer ${key}`],
    ['"token" alone', () => 'token'],
    ['"token" and blanks', () => 'token   '],
    ['two values', (key) => `token ${key} ${key}`],
    ['"token" run into the key', (key) => `token${key}`],
    ['a key never issued', () => `token ${randomBytes(32).toString('base64url')}`],
    ['a key of another organisation', (_key, acmeKey) => `token ${acmeKey}`],
    ['garbage', () => 'token ;;DROP TABLE access_keys;--'],
    ['10,000 characters', () => `token ${'x'.repeat(10_000)}`],
    ['Latin-1 bytes', () => 'token \u00ff\u00fe'],
  ];

  it.each(malformed.flatMap(([name, header]) => (['csrf', 'account'] as const).map((path) => [path, name, header] as const)))(
    '%s ignores %s: no account, never a 500',
    async (path, _name, header) => {
      const response = await withToken(path, 'springfield', header(await keyOf('springfield'), await keyOf('acme')));
      expect(response.statusCode).toBe(200);
      expect(response.json().account).toBeNull();
    },
  );
});

describe('a key of one organisation never opens another', () => {
  it('a springfield member signed in by key sees no account in acme, by any of the three calls', async () => {
    const springKey = await keyOf('springfield');
    const cookie = cookieOf(await init('springfield', springKey))!;
    expect(await accountOf(cookie, 'springfield')).toMatchObject({ username: 'demo.member' });

    expect((await init('acme', springKey, cookie)).json().account).toBeNull();
    expect((await withToken('csrf', 'acme', `token ${springKey}`, cookie)).json().account).toBeNull();
    expect((await withToken('account', 'acme', `token ${springKey}`, cookie)).json().account).toBeNull();
    expect(await accountOf(cookie, 'acme')).toBeNull();
    expect(await accountOf(cookie, 'campus')).toBeNull();
    // … and is still signed in to springfield.
    expect(await accountOf(cookie, 'springfield')).toMatchObject({ id: await contactIdOf('springfield') });
  });

  it('a key stored under one organisation is looked up under that organisation only', async () => {
    // The same key value stored for acme's member must not sign anybody in to springfield.
    const key = randomBytes(32).toString('base64url');
    await t.database.db.insert(accessKeys).values({
      orgId: 'acme', keyHash: sha256(key), contactId: await contactIdOf('acme'), expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await init('springfield', key)).json().account).toBeNull();
    expect((await init('acme', key)).json().account).toMatchObject({ id: await contactIdOf('acme') });
  });
});
