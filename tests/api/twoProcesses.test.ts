/**
 * Issue 10 item 7: any number of app processes on one PostgreSQL. Two real server processes on the
 * same DATABASE_URL: a member signed in on A saves through B with A's cookie and CSRF token; an
 * administrator's settings change through A shows in B's /rest/init within 2 s; a sign-in waiting for
 * its second step on A is finished on B (issue 15); a lock-out counted on A holds on B. Runs in `.ci/run`'s PostgreSQL stage (the API tests with DATABASE_URL); on the
 * embedded PGlite, which one process owns, there is nothing to share.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A browser of its own: keeps the cookies each server sets, sends them to both. */
function browser() {
  const jar = new Map<string, string>();
  return {
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    async call(base: string, path: string, init: { method?: string; json?: unknown; csrf?: string } = {}) {
      const response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          'X-Requested-With': 'XMLHttpRequest', cookie: this.cookie(),
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...(init.csrf ? { 'X-CSRF-TOKEN': init.csrf } : {}),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const value = pair.slice(at + 1);
        if (value) jar.set(pair.slice(0, at), value);
        else jar.delete(pair.slice(0, at));
      }
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    },
  };
}

describe.skipIf(!onPostgres)('two app processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: A migrates and seeds the demo, B finds them done.
    a = await startServerProcess(() => {}, { databaseUrl: database.url! });
    b = await startServerProcess(() => {}, { databaseUrl: database.url! });
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  }, 60_000);

  it('signs a member in on A and saves through B with A\'s cookie and CSRF token', async () => {
    const member = browser();
    const visitor = await member.call(a.baseURL, '/rest/init/csrf?orgId=springfield');
    const login = await member.call(a.baseURL, '/manage/login', {
      method: 'POST', csrf: visitor.body.csrfToken as string,
      json: { orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
    });
    expect(login.body.status).toBe('1');
    const { csrfToken } = (await member.call(a.baseURL, '/rest/init/csrf?orgId=springfield')).body as { csrfToken: string };
    expect((await member.call(b.baseURL, '/rest/init/account?orgId=springfield')).body).toMatchObject({ account: { username: 'demo.member' } });

    const saved = await member.call(b.baseURL, '/springfield/changePassword', {
      method: 'POST', csrf: csrfToken, json: { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Maple2027tree' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.status).toBe('1');
    // The new password signs in on A.
    const other = browser();
    const token = (await other.call(a.baseURL, '/rest/init/csrf?orgId=springfield')).body.csrfToken as string;
    const again = await other.call(a.baseURL, '/manage/login', {
      method: 'POST', csrf: token, json: { orgId: 'springfield', username: 'demo.member', password: 'Maple2027tree', keepSigned: 'false' },
    });
    expect(again.body.status).toBe('1');
  }, 60_000);

  it('shows an administrator\'s settings change through A in B\'s /rest/init within 2 s', async () => {
    const admin = browser();
    const form = await admin.call(a.baseURL, '/admin/api/login');
    const session = await admin.call(a.baseURL, '/admin/api/login', {
      method: 'POST', csrf: form.body.csrfToken as string, json: { username: 'admin', password: 'Demo!Admin2026' },
    });
    expect(session.status).toBe(200);
    const csrf = session.body.csrfToken as string;
    const orgName = async () => ((await browser().call(b.baseURL, '/rest/init?orgId=acme')).body as { orgName?: string; settings?: { orgName?: string } });
    const before = await orgName();
    const stored = (await admin.call(a.baseURL, '/admin/api/orgs/acme/settings')).body as { settings: Record<string, unknown>; settingsVersion: number };
    const renamed = `Acme Two Processes ${Date.now()}`;
    const saved = await admin.call(a.baseURL, '/admin/api/orgs/acme/settings', {
      method: 'PUT', csrf, json: { settings: { ...stored.settings, orgName: renamed }, settingsVersion: stored.settingsVersion },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();
    let seen = JSON.stringify(before);
    while (!seen.includes(renamed) && Date.now() - changedAt < 2_000) {
      seen = JSON.stringify(await orgName());
      if (!seen.includes(renamed)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toContain(renamed);
  }, 60_000);

  it('finishes on B a sign-in whose password was right on A: the second factor fedagency requires, set up across both', async () => {
    const member = browser();
    const token = (await member.call(a.baseURL, '/rest/init/csrf?orgId=fedagency')).body.csrfToken as string;
    const login = await member.call(a.baseURL, '/manage/login', {
      method: 'POST', csrf: token, json: { orgId: 'fedagency', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
    });
    expect(login.body).toEqual({ status: '2', redirect: '/fedagency/login/verify' });
    expect((await member.call(b.baseURL, '/fedagency/signIn/pending')).body).toMatchObject({ enrol: true });
    const setup = await member.call(b.baseURL, '/fedagency/signIn/pending/totp/setup', { method: 'POST', csrf: token });
    const secret = Secret.fromBase32(setup.body.secret as string);
    const done = await member.call(a.baseURL, '/fedagency/signIn/pending/totp', { method: 'POST', csrf: token, json: { code: new TOTP({ secret }).generate() } });
    expect(done.body).toMatchObject({ status: '1', recoveryCodes: expect.any(Array) });
    expect((await member.call(b.baseURL, '/rest/init/account?orgId=fedagency')).body).toMatchObject({ account: { username: 'demo.member' } });
  }, 60_000);

  it('holds a lock-out counted on A on B', async () => {
    const attacker = browser();
    const token = (await attacker.call(a.baseURL, '/rest/init/csrf?orgId=fedagency')).body.csrfToken as string;
    for (let i = 0; i < 3; i++) {
      await attacker.call(a.baseURL, '/manage/login', { method: 'POST', csrf: token, json: { orgId: 'fedagency', username: 'demo.member', password: `wrong-${i}`, keepSigned: 'false' } });
    }
    const member = browser();
    const own = (await member.call(b.baseURL, '/rest/init/csrf?orgId=fedagency')).body.csrfToken as string;
    const right = await member.call(b.baseURL, '/manage/login', {
      method: 'POST', csrf: own, json: { orgId: 'fedagency', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
    });
    expect(right.body).toMatchObject({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp' });
  }, 60_000);
});
