/** §7 boot calls: GET /rest/init, /rest/init/csrf, /rest/init/account, /rest/init/countries. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { organizations, sessions } from '../../server/db/schema.ts';
import { setCookie, signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

describe('GET /rest/init', () => {
  it.each(['springfield', 'acme', 'fedagency', 'campus', 'dormant', 'paused'])('answers the boot data of %s', async (orgId) => {
    const response = await t.app.inject({ url: `/rest/init?orgId=${orgId}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.orgId).toBe(orgId);
    expect(body.organization.orgName).toEqual(expect.any(String));
    expect(body.account).toBeNull();
    expect(body.serverVersion).toBe('0.0.0-test');
    // No MAP_TILE_URL: the maps draw OpenStreetMap's tiles.
    expect(body.mapTiles).toBeNull();
    expect(Object.keys(body.navConfig).sort()).toEqual(['showEvent', 'showNotification', 'showWeather']);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('fills the spec defaults into stored settings (§3, §9)', async () => {
    const { organization } = (await t.app.inject({ url: '/rest/init?orgId=fedagency' })).json();
    expect(organization.isEB360MapEnabled).toBe(true);
    expect(organization.defaultCountry).toBe('US');
    expect(organization.addressSetting.defaultAddressGeoCodingSource).toBe('Bing');
    expect(organization.translation).toEqual({ type: 'none', key: '' });
    expect(organization.enableSSP).toBe(true);
    expect(organization.isFedRAMPCustomer).toBe(true);
  });

  it('derives the nav config from the settings (§3 "Nav config")', async () => {
    const springfield = (await t.app.inject({ url: '/rest/init?orgId=springfield' })).json();
    expect(springfield.navConfig).toEqual({ showNotification: true, showWeather: true, showEvent: true });
    const fedagency = (await t.app.inject({ url: '/rest/init?orgId=fedagency' })).json();
    expect(fedagency.navConfig).toEqual({ showNotification: false, showWeather: false, showEvent: false });
  });

  it('accepts an accessKey', async () => {
    const response = await t.app.inject({ url: '/rest/init?orgId=acme&accessKey=abc-123' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['an unknown organisation', '/rest/init?orgId=nowhere', 404, 'org.notFound'],
    ['no orgId', '/rest/init', 400, 'request.invalid'],
    ['an empty orgId', '/rest/init?orgId=', 400, 'request.invalid'],
    ['a path in orgId', '/rest/init?orgId=..%2Fetc', 400, 'request.invalid'],
    ['an orgId of 65 characters', `/rest/init?orgId=${'a'.repeat(65)}`, 400, 'request.invalid'],
    ['an accessKey over 200 characters', `/rest/init?orgId=acme&accessKey=${'k'.repeat(201)}`, 400, 'request.invalid'],
  ])('refuses %s with %i and an errorCode', async (_name, url, status, errorCode) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses the wrong method with 405 and an errorCode', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/init?orgId=acme' });
    expect(response.statusCode).toBe(405);
    expect(response.json().errorCode).toBe('request.methodNotAllowed');
    expect(response.headers.allow).toBe('GET');
  });
});

describe('GET /rest/init/csrf', () => {
  it('gives a visitor a signed double-submit token in an HttpOnly SameSite=Lax cookie, and stores no session', async () => {
    const response = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
    const cookie = setCookie(response, 'SSPCSRF')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const { csrfToken, account } = response.json();
    expect(csrfToken).toMatch(new RegExp(`^${cookie.value.replace('.', '\\.')}\\.[A-Za-z0-9_-]{43}$`));
    expect(account).toBeNull();
  });

  it('keeps the visitor\'s token on the next call', async () => {
    const session = await startSession(t.app);
    const again = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield', headers: { cookie: session.cookie } });
    expect(again.json().csrfToken).toBe(session.csrfToken);
    expect(setCookie(again, 'SSPCSRF')).toBeUndefined();
  });

  it('answers a stored session\'s own token, and stores only a hash of its cookie', async () => {
    const visit = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    const stored = await t.app.inject({
      method: 'POST', url: '/changeLanguage/de_DE',
      headers: { cookie: `SSPCSRF=${setCookie(visit, 'SSPCSRF')!.value}`, 'x-csrf-token': visit.json().csrfToken },
    });
    const sessionCookie = setCookie(stored, 'SSPSESSION')!.value;
    const again = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield', headers: { cookie: `SSPSESSION=${sessionCookie}` } });
    const [row] = await t.database.db.select().from(sessions)
      .where(eq(sessions.sessionHash, createHash('sha256').update(sessionCookie).digest('hex')));
    expect(again.json().csrfToken).toBe(row!.csrfToken);
    expect(setCookie(again, 'SSPCSRF')).toBeUndefined();
    const byToken = await t.database.db.select().from(sessions).where(eq(sessions.sessionHash, sessionCookie));
    expect(byToken).toHaveLength(0);
  });

  it('names the site\'s map tiles (MAP_TILE_URL) to visitors and members alike', async () => {
    const mapTiles = { url: '/tiles/{z}/{x}/{y}.png', attribution: '© City GIS <b>2026</b>' };
    const tiled = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: 'test', mapTiles: { ...mapTiles, token: null } });
    try {
      expect((await tiled.inject({ url: '/rest/init?orgId=springfield' })).json().mapTiles).toEqual(mapTiles);
      // No key for these tiles (§7 "200 reads data.token else null").
      const token = await tiled.inject({ url: '/rest/api/map/cas/token?orgId=springfield' });
      expect(token.statusCode).toBe(404);
      expect(token.json()).toEqual({ errorCode: 'map.noToken' });
      const session = await startSession(t.app, 'springfield');
      await signInAsDemoMember(t.database, 'springfield', session.sessionToken);
      const member = (await tiled.inject({ url: '/rest/init?orgId=springfield', headers: { cookie: session.cookie } })).json();
      expect(member.account).not.toBeNull();
      expect(member.mapTiles).toEqual(mapTiles);
    } finally {
      await tiled.close();
    }
  });

  it('answers the tiles\' key (MAP_TILE_TOKEN) on §7 `GET /rest/api/map/cas/token`, never in the boot answer', async () => {
    const mapTiles = { url: 'https://api.maptiler.com/maps/streets/{z}/{x}/{y}.png?key={token}', attribution: '© MapTiler', token: 'k3y.for-tiles' };
    const tiled = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: 'test', mapTiles });
    try {
      const boot = await tiled.inject({ url: '/rest/init?orgId=springfield' });
      expect(boot.json().mapTiles).toEqual({ url: mapTiles.url, attribution: mapTiles.attribution });
      expect(boot.body).not.toContain('k3y.for-tiles');
      const token = await tiled.inject({ url: '/rest/api/map/cas/token?orgId=springfield' });
      expect(token.statusCode).toBe(200);
      expect(token.headers['cache-control']).toContain('no-store');
      expect(token.json()).toEqual({ data: { token: 'k3y.for-tiles' } });
      expect((await tiled.inject({ url: '/rest/api/map/cas/token?orgId=nowhere' })).statusCode).toBe(404);
    } finally {
      await tiled.close();
    }
  });

  it('marks the cookie Secure behind a TLS-ending proxy, and only when the proxy is trusted', async () => {
    const behindProxy = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: 'test', trustProxy: true });
    try {
      const tls = await behindProxy.inject({ url: '/rest/init/csrf?orgId=acme', headers: { 'x-forwarded-proto': 'https' } });
      expect(setCookie(tls, 'SSPCSRF')!.secure).toBe(true);
    } finally {
      await behindProxy.close();
    }
    const untrusted = await t.app.inject({ url: '/rest/init/csrf?orgId=acme', headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookie(untrusted, 'SSPCSRF')!.secure).toBeFalsy();
  });

  it('treats an unknown session cookie as a visitor, and never takes its value for a session', async () => {
    const response = await t.app.inject({ url: '/rest/init/csrf?orgId=acme', headers: { cookie: 'SSPSESSION=forged' } });
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
    const csrfToken = response.json().csrfToken as string;
    const cookie = `SSPSESSION=forged; SSPCSRF=${setCookie(response, 'SSPCSRF')!.value}`;
    const stored = await t.app.inject({ method: 'POST', url: '/changeLanguage/de_DE', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(stored.statusCode).toBe(200);
    expect(setCookie(stored, 'SSPSESSION')!.value).not.toBe('forged');
  });

  it('refuses an unknown organisation', async () => {
    const response = await t.app.inject({ url: '/rest/init/csrf?orgId=nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('org.notFound');
  });
});

describe('GET /rest/init/account', () => {
  it('is null for a visitor', async () => {
    const response = await t.app.inject({ url: '/rest/init/account?orgId=springfield' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ account: null });
  });

  it('answers account.id and account.name for a signed-in member, in that organisation only', async () => {
    const session = await startSession(t.app, 'springfield');
    const contactId = await signInAsDemoMember(t.database, 'springfield', session.sessionToken);
    const here = await t.app.inject({ url: '/rest/init/account?orgId=springfield', headers: { cookie: session.cookie } });
    expect(here.json().account).toMatchObject({ id: contactId, name: 'Dana Member', showEvent: null });
    const init = await t.app.inject({ url: '/rest/init?orgId=springfield', headers: { cookie: session.cookie } });
    expect(init.json().account).toMatchObject({ id: contactId, name: 'Dana Member' });
    // The same browser is a visitor in another organisation.
    const elsewhere = await t.app.inject({ url: '/rest/init/account?orgId=acme', headers: { cookie: session.cookie } });
    expect(elsewhere.json()).toEqual({ account: null });
  });

  it('answers the account\'s services (§3 hasHipaaBridge, hasSecureBridge, sbWebUri, showDirectoryChat): each only with the organisation\'s address for it', async () => {
    const accountIn = async (orgId: string) => {
      const session = await startSession(t.app, orgId);
      await signInAsDemoMember(t.database, orgId, session.sessionToken);
      return (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie: session.cookie } })).json().account;
    };
    expect(await accountIn('acme')).toMatchObject({ hasHipaaBridge: true, hasSecureBridge: true, sbWebUri: 'https://securebridge.example.org/acme', showDirectoryChat: true });
    expect(await accountIn('springfield')).toMatchObject({ hasHipaaBridge: false, hasSecureBridge: false, sbWebUri: '', showDirectoryChat: false });

    // The member keeps the service, but without the organisation's address there is nothing to show.
    const [row] = await t.database.db.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.orgId, 'acme'));
    await t.database.db.update(organizations).set({ settings: { ...row!.settings, secureMessaging: { hipaaBridgeUrl: '', secureBridgeUrl: '' } } }).where(eq(organizations.orgId, 'acme'));
    t.app.orgCache.invalidate('acme');
    try {
      expect(await accountIn('acme')).toMatchObject({ hasHipaaBridge: false, hasSecureBridge: false, sbWebUri: '' });
    } finally {
      await t.database.db.update(organizations).set({ settings: row!.settings }).where(eq(organizations.orgId, 'acme'));
      t.app.orgCache.invalidate('acme');
    }
  });

  it('ends the sign-in at /logout/{orgId} and goes to that login page', async () => {
    const session = await startSession(t.app, 'acme');
    await signInAsDemoMember(t.database, 'acme', session.sessionToken);
    const logout = await t.app.inject({ url: '/logout/acme', headers: { cookie: session.cookie } });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/acme/login');
    const after = await t.app.inject({ url: '/rest/init/account?orgId=acme', headers: { cookie: session.cookie } });
    expect(after.json()).toEqual({ account: null });
  });

  it('refuses a malformed orgId', async () => {
    const response = await t.app.inject({ url: '/rest/init/account?orgId=a%20b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});

describe('GET /rest/init/countries', () => {
  it('lists every country with its dialling code', async () => {
    const response = await t.app.inject({ url: '/rest/init/countries?orgId=springfield' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.countryData.length).toBeGreaterThan(200);
    expect(body.countryData).toContainEqual({ code: 'US', name: 'United States', dialCode: '1' });
    expect(body).toMatchObject({ defaultCountry: 'US', countryCodesEnabled: false });
  });

  it('lists only the allowed countries when country codes are enabled (acme)', async () => {
    const body = (await t.app.inject({ url: '/rest/init/countries?orgId=acme' })).json();
    expect(body.countryData.map((c: { code: string }) => c.code).sort()).toEqual(['CA', 'DE', 'GB', 'MX', 'US']);
    expect(body.countryCodesEnabled).toBe(true);
  });

  it('names countries in the chosen language', async () => {
    const body = (await t.app.inject({ url: '/rest/init/countries?orgId=acme', headers: { cookie: 'language=de_DE' } })).json();
    expect(body.countryData).toContainEqual({ code: 'DE', name: 'Deutschland', dialCode: '49' });
  });

  it('refuses an unknown organisation', async () => {
    expect((await t.app.inject({ url: '/rest/init/countries?orgId=nowhere' })).statusCode).toBe(404);
  });
});
