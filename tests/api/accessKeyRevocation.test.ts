/**
 * Issue 9 row 16: a new password revokes the member's access keys. A key issued before a password
 * change, an expired-password change or a reset no longer signs anyone in; keys of other members
 * stay. The administrator lists an organisation's live keys (`GET /admin/api/orgs/:orgId/accessKeys`:
 * who and when, never a key or its hash) and revokes one (`DELETE …/accessKeys/:keyId`): it stops
 * signing in; another organisation's key, an unknown or an expired one is 404 and nothing changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, adminSessions, contacts, passwordResets } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { issueAccessKey } from '../../server/services/accessKeys.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An administrator's session, stored straight in the database (how one signs in is admin.test.ts's concern). */
let admin: { cookie: string; csrfToken: string };
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await t.database.db.insert(adminSessions).values({ sessionHash: sha256(token), username: 'admin', csrfToken, expiresAt: new Date(Date.now() + 3_600_000) });
  admin = { cookie: `SSPADMIN=${token}`, csrfToken };
});

const contactIdOf = async (orgId: string, username: string) =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username))))[0]!.contactId;

const keyOf = async (orgId: string, username = 'demo.member') =>
  (await issueAccessKey(t.database.db, orgId, await contactIdOf(orgId, username))).accessKey;

/** Whom `Authorization: token {accessKey}` signs in as (null: nobody). */
const signsInAs = async (orgId: string, accessKey: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { authorization: `token ${accessKey}` } })).json().account?.username ?? null;

async function post(orgId: string, url: string, payload: Record<string, string>, session?: { cookie: string; csrfToken: string }) {
  const s = session ?? (await startSession(t.app, orgId));
  return t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken }, payload });
}

describe('a new password revokes the access keys (issue 9 row 16)', () => {
  it('a signed-in change: the member\'s keys stop working', async () => {
    const key = await keyOf('campus');
    expect(await signsInAs('campus', key)).toBe('demo.member');
    const login = await post('campus', '/manage/login', { orgId: 'campus', username: 'demo.member', password: 'Demo!Member2026' });
    const session = { cookie: `SSPSESSION=${setCookie(login, 'SSPSESSION')!.value}`, csrfToken: login.json().CSRF_TOKEN_FOR_SESSION as string };
    const changed = await post('campus', '/campus/changePassword', { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Campus#Safe2027' }, session);
    expect(changed.json()).toMatchObject({ status: '1' });
    expect(await signsInAs('campus', key)).toBeNull();
  });

  it('a reset through a mailed link; another member\'s key still works', async () => {
    const key = await keyOf('springfield');
    const othersKey = await keyOf('springfield', 'expired.member');
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insert(passwordResets).values({
      orgId: 'springfield', tokenHash: createHash('sha256').update(token).digest('hex'),
      contactId: await contactIdOf('springfield', 'demo.member'), expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await post('springfield', '/springfield/forgotPassword', { token, password: 'maple2026x', confirmPassword: 'maple2026x' });
    expect(reset.json()).toEqual({ status: '1' });
    expect(await signsInAs('springfield', key)).toBeNull();
    expect(await signsInAs('springfield', othersKey)).toBe('expired.member');
  });

  it('an expired-password change', async () => {
    const key = await keyOf('acme');
    await t.database.db.update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, 'acme'), eq(contacts.username, 'demo.member')));
    const visitor = await startSession(t.app, 'acme');
    const expired = await post('acme', '/manage/login', { orgId: 'acme', username: 'demo.member', password: 'Demo!Member2026' }, visitor);
    const changed = await post('acme', '/acme/changePassword', {
      loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Acme#Corp2027', expiredToken: expired.json().expiredToken,
    }, visitor);
    expect(changed.json()).toEqual({ status: '1' });
    expect(await signsInAs('acme', key)).toBeNull();
  });
});

interface Listed { id: string; username: string | null; name: string; createdAt: string; expiresAt: string }

const list = (orgId: string, query = '', headers: Record<string, string> = { cookie: admin.cookie }) =>
  t.app.inject({ url: `/admin/api/orgs/${orgId}/accessKeys${query}`, headers });

const revoke = (orgId: string, keyId: string, headers: Record<string, string> = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }) =>
  t.app.inject({ method: 'DELETE', url: `/admin/api/orgs/${orgId}/accessKeys/${keyId}`, headers });

/** Every listed key of `orgId` (all pages). */
async function listed(orgId: string, query = ''): Promise<Listed[]> {
  const keys: Listed[] = [];
  for (let page = 1; ; page++) {
    const response = await list(orgId, `?pageSize=100&page=${page}${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { accessKeys: Listed[]; total: number };
    keys.push(...body.accessKeys);
    if (keys.length >= body.total || body.accessKeys.length === 0) return keys;
  }
}

/** The listed id of the key issued last to `username` of `orgId`. */
const newestIdOf = async (orgId: string, username: string) => (await listed(orgId, `&username=${username}`))[0]!.id;

const storedKeys = async () => (await t.database.db.select().from(accessKeys)).map((row) => `${row.orgId}/${row.keyHash}/${row.expiresAt.toISOString()}`).sort();

describe('the administrator lists the live access keys (issue 9 row 16)', () => {
  it('lists this organisation\'s keys only, newest first, with who and when, and never a key or its hash', async () => {
    const mine = [await keyOf('campus'), await keyOf('campus')];
    const theirs = await keyOf('fedagency');
    const response = await list('campus');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { accessKeys: Listed[]; total: number; page: number; pageSize: number };
    expect(body).toMatchObject({ page: 1, pageSize: 20 });
    expect(body.total).toBe(body.accessKeys.length);
    expect(body.accessKeys.length).toBeGreaterThanOrEqual(2);
    for (const key of body.accessKeys) {
      expect(Object.keys(key).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'name', 'username']);
      expect(key).toMatchObject({ username: 'demo.member', name: 'Dana Member' });
      expect(key.id).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(key.expiresAt)).toBeGreaterThan(Date.parse(key.createdAt));
    }
    const created = body.accessKeys.map((key) => Date.parse(key.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // No key, and no stored hash of any organisation, appears anywhere in the answer.
    for (const secret of [...mine, theirs, ...(await t.database.db.select().from(accessKeys)).map((row) => row.keyHash)]) {
      expect(response.body).not.toContain(secret);
    }
    // fedagency's key is listed there, not here.
    const fedagency = await listed('fedagency');
    expect(fedagency.map((key) => key.id)).not.toContain(body.accessKeys[0]!.id);
    expect(fedagency.some((key) => body.accessKeys.some((other) => other.id === key.id))).toBe(false);
  });

  it('lists one member\'s keys by username in any case, leaves out expired keys, and pages', async () => {
    const before = (await listed('springfield', '&username=expired.member')).length;
    const expired = await keyOf('springfield', 'expired.member');
    await keyOf('springfield', 'expired.member');
    await t.database.db.update(accessKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessKeys.keyHash, sha256(expired)));
    const theirs = await listed('springfield', '&username=EXPIRED.Member');
    expect(theirs.length).toBe(before + 1);
    expect(new Set(theirs.map((key) => key.username))).toEqual(new Set(['expired.member']));

    await keyOf('springfield');
    await keyOf('springfield');
    const total = (await listed('springfield')).length;
    const first = (await list('springfield', '?pageSize=1')).json();
    const second = (await list('springfield', '?pageSize=1&page=2')).json();
    expect(first).toMatchObject({ total, page: 1, pageSize: 1 });
    expect(first.accessKeys).toHaveLength(1);
    expect(second.accessKeys).toHaveLength(1);
    expect(second.accessKeys[0].id).not.toBe(first.accessKeys[0].id);
    expect((await list('springfield', `?pageSize=1&page=${total + 1}`)).json().accessKeys).toEqual([]);
    expect((await list('springfield', '?username=nobody.at.all')).json()).toMatchObject({ accessKeys: [], total: 0 });
  });

  it.each([
    ['a page size above 100', '?pageSize=101'],
    ['a page size of 0', '?pageSize=0'],
    ['page 0', '?page=0'],
    // Coerced from the query, 1e999 is Infinity, which ajv alone would take for a page (the validator refuses it).
    ['page 1e999', '?page=1e999'],
    ['a page size of 1e999', '?pageSize=1e999'],
    ['a username of 81 characters', `?username=${'u'.repeat(81)}`],
  ])('refuses %s', async (_name, query) => {
    const response = await list('springfield', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it('refuses a caller who is not an administrator, and an unknown organisation', async () => {
    const member = await startSession(t.app);
    expect((await list('springfield', '', {})).json()).toMatchObject({ errorCode: 'admin.signInRequired' });
    expect((await list('springfield', '', { cookie: member.cookie })).statusCode).toBe(401);
    expect((await list('nowhere')).json()).toMatchObject({ errorCode: 'org.notFound' });
  });
});

describe('the administrator revokes an access key (issue 9 row 16)', () => {
  it('the revoked key stops signing in, the sessions it opened end, and the member\'s other keys and other members\' keys stay', async () => {
    const key = await keyOf('acme');
    const keyId = await newestIdOf('acme', 'demo.member');
    const otherKey = await keyOf('acme');
    const signedIn = await t.app.inject({ url: `/rest/init?orgId=acme&accessKey=${key}` });
    const cookie = `SSPSESSION=${setCookie(signedIn, 'SSPSESSION')!.value}`;
    const account = async () => (await t.app.inject({ url: '/rest/init/account?orgId=acme', headers: { cookie } })).json().account?.username ?? null;
    expect(await account()).toBe('demo.member');
    expect(await signsInAs('acme', key)).toBe('demo.member');

    const response = await revoke('acme', keyId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await signsInAs('acme', key)).toBeNull();
    expect((await t.app.inject({ url: `/rest/init?orgId=acme&accessKey=${key}` })).json().account).toBeNull();
    expect(await account()).toBeNull();
    expect((await listed('acme')).map((listing) => listing.id)).not.toContain(keyId);
    expect(await signsInAs('acme', otherKey)).toBe('demo.member');
    // Revoked already: 404, nothing else goes.
    const before = await storedKeys();
    expect((await revoke('acme', keyId)).json()).toEqual({ errorCode: 'accessKey.notFound' });
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses another organisation\'s key with 404 and changes nothing: the key still signs in there', async () => {
    const acmeKey = await keyOf('acme');
    const acmeKeyId = await newestIdOf('acme', 'demo.member');
    const before = await storedKeys();
    for (const orgId of ['springfield', 'campus', 'dormant']) {
      const response = await revoke(orgId, acmeKeyId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorCode: 'accessKey.notFound' });
    }
    expect(await storedKeys()).toEqual(before);
    expect(await signsInAs('acme', acmeKey)).toBe('demo.member');
  });

  it.each([
    ['an id never issued', () => randomBytes(32).toString('hex'), 404, 'accessKey.notFound'],
    ['the key itself', async () => keyOf('springfield'), 400, 'request.invalid'],
    ['the stored hash of a key', async () => sha256(await keyOf('springfield')), 404, 'accessKey.notFound'],
    ['an id in capitals', async () => (await listed('springfield'))[0]!.id.toUpperCase(), 400, 'request.invalid'],
    ['a short id', () => 'abc', 400, 'request.invalid'],
  ])('refuses %s and changes nothing', async (_name, makeId, status, errorCode) => {
    const id = await makeId();
    const before = await storedKeys();
    const response = await revoke('springfield', id);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses an expired key\'s id with 404', async () => {
    const key = await keyOf('campus');
    const keyId = await newestIdOf('campus', 'demo.member');
    await t.database.db.update(accessKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessKeys.keyHash, sha256(key)));
    expect((await revoke('campus', keyId)).json()).toEqual({ errorCode: 'accessKey.notFound' });
  });

  it.each([
    ['without an administrator', {}, 401, 'admin.signInRequired'],
    ['without the CSRF token', 'no-csrf', 403, 'csrf.invalid'],
    ['with a member\'s session and CSRF token', 'member', 401, 'admin.signInRequired'],
  ] as const)('refuses a revocation %s and changes nothing', async (_name, which, status, errorCode) => {
    const key = await keyOf('springfield');
    const keyId = (await listed('springfield')).find((listing) => listing.username === 'demo.member')!.id;
    let headers: Record<string, string> = {};
    if (which === 'no-csrf') headers = { cookie: admin.cookie };
    if (which === 'member') {
      const member = await startSession(t.app);
      headers = { cookie: member.cookie, 'x-csrf-token': member.csrfToken };
    }
    const before = await storedKeys();
    const response = await revoke('springfield', keyId, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await storedKeys()).toEqual(before);
    expect(await signsInAs('springfield', key)).toBe('demo.member');
  });
});
