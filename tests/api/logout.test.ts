/**
 * Issue 9 row 11: logout by cross-site GET. The app logs out with `POST /logout/{orgId}` carrying the
 * session's CSRF token; `GET /logout/{orgId}` (§2's address) signs out only requests the portal itself,
 * a typed-in address or a bookmark started (`Sec-Fetch-Site` same-origin or none, or a client that
 * sends none); one another site started (cross-site, same-site) goes to the login page signing nobody out.
 */
import { describe, expect, it } from 'vitest';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

/** demo.member signed in at `orgId` through the real login call: the session cookie and its CSRF token. */
async function signedIn(orgId = 'springfield') {
  const visitor = await startSession(t.app, orgId);
  const response = await t.app.inject({
    method: 'POST', url: '/manage/login',
    headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
    payload: { orgId, username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = setCookie(response, 'SSPSESSION');
  if (!session) throw new Error('no session cookie');
  return { cookie: `SSPSESSION=${session.value}`, csrfToken: response.json().CSRF_TOKEN_FOR_SESSION as string };
}

const accountAt = async (cookie: string, orgId = 'springfield') =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account;

describe('POST /logout/{orgId} (the app\'s logout)', () => {
  it('ends the sign-in with the CSRF token, forgets the kept access key and names the login page', async () => {
    const member = await signedIn();
    const response = await t.app.inject({
      method: 'POST', url: '/logout/springfield',
      headers: { cookie: `${member.cookie}; accessKey=kept`, 'x-csrf-token': member.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', redirect: '/springfield/login' });
    expect(setCookie(response, 'accessKey')).toMatchObject({ value: '', path: '/springfield' });
    expect(await accountAt(member.cookie)).toBeNull();
  });

  it.each([
    ['without a CSRF token', undefined],
    ['with a wrong CSRF token', 'not-the-token'],
  ])('refuses a POST %s (403 csrf.invalid) and signs nobody out', async (_what, token) => {
    const member = await signedIn();
    const response = await t.app.inject({
      method: 'POST', url: '/logout/springfield',
      headers: { cookie: member.cookie, ...(token ? { 'x-csrf-token': token } : {}) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('csrf.invalid');
    expect(await accountAt(member.cookie)).toMatchObject({ name: 'Dana Member' });
  });
});

describe('GET /logout/{orgId} (§2\'s address)', () => {
  it.each(['cross-site', 'same-site'])('started by another site (Sec-Fetch-Site %s): to the login page, nobody signed out', async (site) => {
    const member = await signedIn();
    const response = await t.app.inject({
      url: '/logout/springfield', headers: { cookie: `${member.cookie}; accessKey=kept`, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/springfield/login');
    expect(setCookie(response, 'accessKey')).toBeUndefined();
    expect(await accountAt(member.cookie)).toMatchObject({ name: 'Dana Member' });
  });

  it.each([['same-origin'], ['none'], [undefined]])('from the portal, a typed-in address or a client without the header (%s): signs out', async (site) => {
    const member = await signedIn();
    const response = await t.app.inject({ url: '/logout/springfield', headers: { cookie: member.cookie, ...(site ? { 'sec-fetch-site': site } : {}) } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/springfield/login');
    expect(await accountAt(member.cookie)).toBeNull();
  });
});
