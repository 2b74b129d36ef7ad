/**
 * src/api/client.ts against the real server over HTTP: the request conventions of §7 and the failure
 * rules of §8.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../src/api/accounts.ts';
import { init, initCountries, initCsrf } from '../../src/api/boot.ts';
import { api, navigation, request, setCsrfToken } from '../../src/api/client.ts';
import { featureFlags } from '../../src/api/featureFlags.ts';
import { paths } from '../../src/api/paths.ts';
import { checkUsername } from '../../src/api/registration.ts';
import { visit } from './visit.ts';

type Echo = { headers: Record<string, string | undefined>; body?: unknown };
const assigned: string[] = [];
const realAssign = navigation.assign;

beforeAll(() => {
  navigation.assign = (url) => void assigned.push(url);
});
afterAll(() => {
  navigation.assign = realAssign;
});
afterEach(() => {
  assigned.length = 0;
  setCsrfToken(null);
  document.cookie = 'authToken=; max-age=0; path=/';
});

describe('request conventions (§7)', () => {
  it('sends X-Requested-With always, and X-CSRF-TOKEN once the boot has one', async () => {
    visit('/springfield/login');
    const before = await api.get<Echo>('/test/echo');
    expect(before.data.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(before.data.headers['x-csrf-token']).toBeUndefined();
    setCsrfToken('token-1');
    const after = await api.get<Echo>('/test/echo');
    expect(after.data.headers['x-csrf-token']).toBe('token-1');
  });

  it('sends Authorization: token … from the authToken cookie or the Authorization query, when asked', async () => {
    visit('/acme/home?Authorization=from-query');
    expect((await api.get<Echo>('/test/echo', { withAuthToken: true })).data.headers.authorization).toBe('token from-query');
    document.cookie = 'authToken=from-cookie; path=/';
    expect((await api.get<Echo>('/test/echo', { withAuthToken: true })).data.headers.authorization).toBe('token from-cookie');
    expect((await api.get<Echo>('/test/echo')).data.headers.authorization).toBeUndefined();
  });

  it('sends an eb-base64 body with Encode-Type and application/javascript, which the server reads', async () => {
    visit('/springfield/login');
    const echo = await api.post<Echo>('/test/echo', { base64: true, json: { name: 'Zoë' } });
    expect(echo.data.headers['encode-type']).toBe('eb-base64');
    expect(echo.data.headers['content-type']).toBe('application/javascript');
    expect(echo.data.body).toEqual({ name: 'Zoë' });
    const result = await api.post<Record<string, boolean>>(paths.featureFlags, {
      query: { orgId: 'springfield' }, base64: true, json: [{ trafficType: 'organization', names: ['cme_mbr_delelteButton'] }],
    });
    expect(result).toEqual({ data: { cme_mbr_delelteButton: true }, status: 200, hasError: false, isCanceled: false });
  });

  it('sends a form body form-encoded', async () => {
    visit('/springfield/login');
    const echo = await api.post<Echo>('/test/echo', { form: { orgId: 'springfield', rs: '{"a":1}' } });
    expect(echo.data.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(echo.data.body).toEqual({ orgId: 'springfield', rs: '{"a":1}' });
  });
});

describe('failures (§8)', () => {
  it.each([401, 504])('sends the browser to /{orgId}/login on %i', async (code) => {
    visit('/acme/my-profile');
    const result = await request('GET', `/test/status/${code}`);
    expect(assigned).toEqual(['/acme/login']);
    expect(result).toMatchObject({ status: code, hasError: true, isCanceled: false });
  });

  it('leaves a 401 of a sign-up call to the sign-up page', async () => {
    visit('/springfield/new');
    const result = await request('GET', '/test/status/401', { isSignUp: true });
    expect(assigned).toEqual([]);
    expect(result.status).toBe(401);
  });

  it('resolves other failures to { data, status, hasError: true, isCanceled: false }', async () => {
    visit('/springfield/login');
    const result = await api.get(paths.init, { query: { orgId: 'nowhere' } });
    expect(result).toEqual({ data: { errorCode: 'org.notFound' }, status: 404, hasError: true, isCanceled: false });
    expect(assigned).toEqual([]);
  });

  it('resolves a cancelled call with isCanceled', async () => {
    visit('/springfield/login');
    const controller = new AbortController();
    const pending = request('GET', '/test/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ hasError: true, isCanceled: true, status: 0 });
  });

  it('resolves a call cancelled while its body is on the way with isCanceled (nothing rejects)', async () => {
    visit('/springfield/login');
    const controller = new AbortController();
    const pending = request('GET', '/test/slowBody', { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toMatchObject({ hasError: true, isCanceled: true, status: 0 });
  });

  it('resolves a call that cannot reach the server with status 0', async () => {
    visit('http://127.0.0.1:9/springfield/login');
    expect(await request('GET', '/rest/init')).toMatchObject({ hasError: true, isCanceled: false, status: 0 });
  });
});

describe('typed calls (src/api/<domain>.ts, issue 8 item 5)', () => {
  it('send the §7 request and resolve to the answer of schemas/api', async () => {
    visit('/springfield/login');
    const boot = await init('springfield', null);
    expect(boot).toMatchObject({ status: 200, hasError: false, data: { orgId: 'springfield', account: null } });
    expect(Object.keys(boot.data.navConfig).sort()).toEqual(['showEvent', 'showNotification', 'showWeather']);
    const countries = await initCountries('springfield');
    expect(countries.data.countryData.length).toBeGreaterThan(0);
    expect((await featureFlags('springfield', { base64: true })).data.cme_mbr_delelteButton).toBe(true);
    expect(await checkUsername('springfield', 'nobody.here.yet')).toMatchObject({ status: 200, data: true });
  });

  it('keep a refusal in the ApiResult: status, hasError and the §8 body', async () => {
    visit('/springfield/login');
    setCsrfToken((await initCsrf('springfield')).data.csrfToken);
    const refused = await login('springfield', { username: 'demo.member', password: 'not the password' });
    expect(refused).toMatchObject({ status: 403, hasError: true, data: { status: 'failed', errorCode: 'login.failed' } });
    expect((await init('nowhere', null))).toEqual({ data: { errorCode: 'org.notFound' }, status: 404, hasError: true, isCanceled: false });
  });
});
