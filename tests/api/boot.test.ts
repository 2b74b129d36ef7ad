/**
 * §7 boot calls besides /rest/init: feature flags, i18n catalogues, language change, help tips,
 * banner, health, the demo list, eb-base64 bodies, and §8's "4xx with an errorCode, never 500".
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeEbBase64 } from '../../schemas/ebBase64.ts';
import { FEATURE_FLAG_NAMES } from '../../schemas/featureFlags.ts';
import { LANGUAGES } from '../../schemas/languages.ts';
import { featureFlags, helpAndAnswers, organizations, sessions } from '../../server/db/schema.ts';
import { createTestApp, setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const allFlags = [{ trafficType: 'organization', names: [...FEATURE_FLAG_NAMES] }];

describe('POST /featureFlags', () => {
  it('answers the six flags of §6 per organisation, from the database', async () => {
    const springfield = await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=springfield', payload: allFlags });
    expect(springfield.statusCode).toBe(200);
    expect(springfield.json()).toEqual({
      cme_mbr_delelteButton: true,
      ebs_trm_enableSecuredTravelEducationPortal: false,
      PUBLIC_PORTAL_HIDE_LOGIN_TO_MP: false,
      PUBLIC_PORTAL_SHOW_LOGIN_TO_UP: false,
      PUBLIC_PORTAL_FORCE_LINKED_ACCOUNT_TO_UP: false,
      PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP: false,
    });
    const campus = (await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=campus', payload: allFlags })).json();
    expect(campus.ebs_trm_enableSecuredTravelEducationPortal).toBe(true);
    expect(campus.cme_mbr_delelteButton).toBe(false);
  });

  it('follows a flag changed in the database (once its organisation\'s updated_at says so: the cache\'s fallback check)', async () => {
    await t.database.db.update(featureFlags).set({ enabled: true })
      .where(and(eq(featureFlags.orgId, 'paused'), eq(featureFlags.name, 'PUBLIC_PORTAL_HIDE_LOGIN_TO_MP')));
    await t.database.db.update(organizations).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(organizations.orgId, 'paused'));
    await t.app.orgCache.checkStamps();
    const answer = await t.app.inject({
      method: 'POST', url: '/featureFlags?orgId=paused', payload: [{ trafficType: 'organization', names: ['PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'] }],
    });
    expect(answer.json()).toEqual({ PUBLIC_PORTAL_HIDE_LOGIN_TO_MP: true });
  });

  it('reads an eb-base64 body the same as JSON (§7 Encode-Type)', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/featureFlags?orgId=springfield',
      headers: { 'content-type': 'application/javascript', 'encode-type': 'eb-base64' },
      payload: encodeEbBase64(allFlags),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().cme_mbr_delelteButton).toBe(true);
  });

  it.each([
    ['a body that is not an array', { trafficType: 'organization', names: [] }, 'request.invalid'],
    ['an unknown flag name', [{ trafficType: 'organization', names: ['no_such_flag'] }], 'request.invalid'],
    ['another traffic type', [{ trafficType: 'user', names: ['cme_mbr_delelteButton'] }], 'request.invalid'],
    ['an empty array', [], 'request.invalid'],
  ])('refuses %s with 400', async (_name, payload, errorCode) => {
    const response = await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=springfield', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it.each([
    ['javascript without Encode-Type', { 'content-type': 'application/javascript' }, encodeEbBase64(allFlags), 415, 'request.unsupportedMediaType'],
    ['eb-base64 that is not base64', { 'content-type': 'application/javascript', 'encode-type': 'eb-base64' }, '%%%not base64%%%', 400, 'request.invalidBody'],
    ['eb-base64 of text that is not JSON', { 'content-type': 'application/javascript', 'encode-type': 'eb-base64' }, Buffer.from('{oops').toString('base64'), 400, 'request.invalidBody'],
    ['malformed JSON', { 'content-type': 'application/json' }, '[{"trafficType":', 400, 'request.invalidBody'],
    ['an unsupported content type', { 'content-type': 'text/csv' }, 'a,b', 415, 'request.unsupportedMediaType'],
  ])('refuses %s', async (_name, headers, payload, status, errorCode) => {
    const response = await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=springfield', headers, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it('refuses an unknown organisation and the wrong method', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/featureFlags?orgId=nowhere', payload: allFlags });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('org.notFound');
    const get = await t.app.inject({ method: 'GET', url: '/featureFlags?orgId=springfield' });
    expect(get.statusCode).toBe(405);
    expect(get.json().errorCode).toBe('request.methodNotAllowed');
  });
});

describe('GET /public/i18n/{lang}.json', () => {
  it('answers the en_US catalogue as a flat object of strings', async () => {
    const response = await t.app.inject({ url: '/public/i18n/en_US.json?version=1.0.0+abc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const catalogue = response.json();
    expect(catalogue['ssp.page.deactivated']).toEqual(expect.any(String));
    expect(Object.values(catalogue).every((v) => typeof v === 'string')).toBe(true);
  });

  // Issue 10 item 3: the catalogue crosses a slow line compressed, in what the browser accepts.
  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip;q=0.5, br;q=1', 'br', brotliDecompressSync],
    ['identity', undefined, (bytes: Buffer) => bytes],
    ['', undefined, (bytes: Buffer) => bytes],
  ])('sends the catalogue to Accept-Encoding "%s" as %s, the same bytes once decoded', async (accept, encoding, decode) => {
    const response = await t.app.inject({ url: '/public/i18n/en_US.json?version=1', headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(response.rawPayload).equals(readFileSync('public/i18n/en_US.json'))).toBe(true);
    if (encoding) expect(response.rawPayload.length).toBeLessThan(readFileSync('public/i18n/en_US.json').length / 3);
  });

  it('answers a catalogue for each of the 27 languages of §9', async () => {
    for (const { lang } of LANGUAGES) {
      const response = await t.app.inject({ url: `/public/i18n/${lang}.json` });
      expect(response.statusCode, lang).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it.each([
    ['/public/i18n/xx_XX.json', 400],
    ['/public/i18n/..%2F..%2Fpackage.json', 400],
    ['/public/i18n/en_US.txt', 404],
  ])('refuses %s', async (url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toEqual(expect.any(String));
  });
});

describe('POST /changeLanguage/{lang}', () => {
  const sessionLanguage = async (token: string) => {
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.sessionHash, createHash('sha256').update(token).digest('hex')));
    return row?.language ?? null;
  };

  it('stores the language in the session and sets the language cookie', async () => {
    const session = await startSession(t.app);
    const response = await t.app.inject({
      method: 'POST', url: '/changeLanguage/ar_SA', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', language: 'ar_SA' });
    expect(setCookie(response, 'language')).toMatchObject({ value: 'ar_SA', path: '/', sameSite: 'Lax' });
    expect(await sessionLanguage(session.sessionToken)).toBe('ar_SA');
  });

  it.each([
    ['no CSRF token', {}, 403, 'csrf.invalid'],
    ['a wrong CSRF token', { 'x-csrf-token': 'x'.repeat(43) }, 403, 'csrf.invalid'],
    ['another session\'s CSRF token', 'other', 403, 'csrf.invalid'],
  ])('refuses %s and changes nothing', async (_name, extra, status, errorCode) => {
    const session = await startSession(t.app);
    const response = await t.app.inject({
      method: 'POST', url: '/changeLanguage/fr_FR',
      headers: { cookie: session.cookie, ...(extra === 'other' ? { 'x-csrf-token': (await startSession(t.app)).csrfToken } : extra) },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(setCookie(response, 'language')).toBeUndefined();
    expect(await sessionLanguage(session.sessionToken)).toBeNull();
  });

  it('refuses a call without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/changeLanguage/fr_FR', headers: { 'x-csrf-token': 'anything' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('csrf.invalid');
  });

  it('refuses a language outside §9 and the wrong method', async () => {
    const session = await startSession(t.app);
    const unknown = await t.app.inject({
      method: 'POST', url: '/changeLanguage/xx_XX', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('request.invalid');
    expect(await sessionLanguage(session.sessionToken)).toBeNull();
    const get = await t.app.inject({ url: '/changeLanguage/fr_FR' });
    expect(get.statusCode).toBe(405);
  });
});

describe('GET /{orgId}/helpAndAnswer', () => {
  it('answers the tip of a help type', async () => {
    const response = await t.app.inject({ url: '/springfield/helpAndAnswer?type=login' });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toContain('<strong>Forgot them?</strong>');
  });

  it('answers null where the organisation has no tip', async () => {
    const response = await t.app.inject({ url: '/acme/helpAndAnswer?type=my-subscription' });
    expect(response.json()).toEqual({ content: null, lang: 'en_US' });
  });

  it.each([
    // Issue 11: springfield's settings give the login tip in Spanish (server/db/demo/orgs/springfield.json).
    ['es_ES', 'Inicie sesión', 'es_ES'],
    ['ar_SA', 'Sign in with the username', 'en_US'],
    ['de_DE', 'Sign in with the username', 'en_US'],
  ])('answers the tip in %s when the settings give it, else the default language\'s', async (lang, start, answered) => {
    const response = await t.app.inject({ url: `/springfield/helpAndAnswer?type=login&lang=${lang}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toMatch(new RegExp(`^<p>${start}`));
    expect(response.json().lang).toBe(answered);
  });

  it('refuses a language that is not one of §9', async () => {
    const response = await t.app.inject({ url: '/springfield/helpAndAnswer?type=login&lang=xx_XX' });
    expect(response.statusCode).toBe(400);
  });

  it('sanitises the organisation\'s HTML before it is shown', async () => {
    await t.database.db.insert(helpAndAnswers).values({
      orgId: 'acme', type: 'new/account',
      content: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)></p>',
    });
    // Written straight in the database, past the writers that notify: the cache is told here.
    t.app.orgCache.invalidate('acme');
    const { content } = (await t.app.inject({ url: '/acme/helpAndAnswer?type=new%2Faccount' })).json();
    expect(content).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(content).toContain('Hi');
  });

  it.each([
    ['/springfield/helpAndAnswer', 400, 'request.invalid'],
    ['/springfield/helpAndAnswer?type=admin', 400, 'request.invalid'],
    ['/nowhere/helpAndAnswer?type=login', 404, 'org.notFound'],
    ['/dormant/helpAndAnswer?type=login', 404, 'org.notFound'],
  ])('refuses %s', async (url, status, errorCode) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});

describe('GET /{orgId}/banner', () => {
  it('answers the banner image with headers that keep an SVG inert', async () => {
    const response = await t.app.inject({ url: '/springfield/banner' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('City of Springfield');
  });

  it.each([
    ['/acme/banner', 404, 'banner.notFound'],
    ['/nowhere/banner', 404, 'org.notFound'],
  ])('refuses %s', async (url, status, errorCode) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});

describe('GET /rest/demo/organizations', () => {
  it('lists the demo organisations and the demo login in demo mode', async () => {
    const body = (await t.app.inject({ url: '/rest/demo/organizations' })).json();
    expect(body.organizations.map((o: { orgId: string }) => o.orgId)).toEqual(['acme', 'campus', 'dormant', 'fedagency', 'paused', 'springfield']);
    expect(body.demoLogin).toEqual({ username: 'demo.member', password: 'Demo!Member2026' });
  });

  it('is not there without demo mode', async () => {
    const plain = await createTestApp({ demo: false, seed: false });
    try {
      const response = await plain.app.inject({ url: '/rest/demo/organizations' });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorCode).toBe('demo.off');
    } finally {
      await plain.close();
    }
  });
});

describe('unknown addresses and failures (§8)', () => {
  it.each([
    ['GET', '/rest/nothing'],
    ['GET', '/healthz/extra'],
    ['POST', '/springfield/login'],
    ['DELETE', '/rest/init/csrf?orgId=acme'],
    ['GET', '/manage/anything'],
  ])('%s %s answers 4xx with an errorCode', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errorCode).toEqual(expect.any(String));
  });

  it('sets the protective headers on every answer', async () => {
    const response = await t.app.inject({ url: '/rest/init?orgId=acme' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('GET /healthz', () => {
  it('answers ok while the database answers, and 503 once it does not', async () => {
    const own = await createTestApp({ seed: false });
    const ok = await own.app.inject({ url: '/healthz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    await own.database.close();
    const down = await own.app.inject({ url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', errorCode: 'db.unavailable' });
    await own.app.close();
    await own.database.drop().catch(() => undefined);
  });
});
