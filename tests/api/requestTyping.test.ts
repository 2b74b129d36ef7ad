/**
 * Issue 9 row 19: what every route's validator does with loosely typed input
 * (server/plugins/requestValidation.ts). Bodies are taken as sent (no coercion); the query string is
 * text, so its numbers are read from digits; integers fit PostgreSQL's `integer`; a refusal names
 * the field and the rule, never the schema's internals (NUL and surrogates: tests/api/fuzz.test.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { injectAdminLogin, setCookie, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
});

async function adminSession() {
  const response = await injectAdminLogin(t.app, { username: 'admin', password: DEMO_ADMIN_PASSWORD });
  return { cookie: `SSPADMIN=${setCookie(response, 'SSPADMIN')!.value}`, 'x-csrf-token': response.json().csrfToken as string };
}

const stored = async (orgId: string) => (await t.database.db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0]!;

describe('no coercion of bodies (row 19)', () => {
  it.each([
    ['true for an integer', true, 'body/settingsVersion: must be integer'],
    ['"1" for an integer', '1', 'body/settingsVersion: must be integer'],
    ['[1] for an integer', [1], 'body/settingsVersion: must be integer'],
    ['2^31, beyond the column', 2 ** 31, 'body/settingsVersion: must be at most 2147483647'],
  ])('refuses settingsVersion %s, saving nothing', async (_name, settingsVersion, message) => {
    const headers = await adminSession();
    const before = await stored('springfield');
    expect(before.settingsVersion).toBe(1);
    const response = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/springfield/settings', headers,
      payload: { settings: { ...before.settings, orgName: 'Coerced' }, settingsVersion },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message });
    expect(await stored('springfield')).toEqual(before);
  });

  it.each([
    ['an array for a string', { orgId: 'springfield', username: ['demo.member'], password: 'x' }, 'body/username: must be string'],
    ['a number for a string', { orgId: 'springfield', username: 12345, password: 'x' }, 'body/username: must be string'],
    ['a boolean for a string', { orgId: 'springfield', username: 'demo.member', password: true }, 'body/password: must be string'],
  ])('refuses %s in a JSON body', async (_name, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/manage/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message });
  });

  it('refuses a form field sent twice rather than taking one of them', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'orgId=springfield&username=demo.member&username=other&password=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message: 'body/username: must be string' });
  });
});

describe('refusals name the field and the rule, not the schema (row 19)', () => {
  it.each([
    ['a pattern', '/springfield/signup/checkUsername?username=bad%20name!', 'querystring/username: does not match the allowed characters'],
    ['a length', '/springfield/signup/checkUsername?username=ab', 'querystring/username: must be at least 4 characters long'],
    ['a missing field', '/springfield/signup/checkUsername', 'querystring/username: is required'],
    ['a path parameter', '/admin/api/orgs/not%20an%20id/settings', 'params/orgId: does not match the allowed characters'],
  ])('%s', async (_name, url, message) => {
    const response = await t.app.inject({ url, headers: url.startsWith('/admin/') ? await adminSession() : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'request.invalid', message });
    expect(response.body).not.toMatch(/\^|\$|\\\\|#\/|schema/);
  });
});
