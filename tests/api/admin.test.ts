/**
 * The admin API of the live preview (issue 3): sign-in, no anonymous access, CSRF on writes,
 * settings validated against org-settings.schema.json with nothing saved when refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { injectAdminLogin, setCookie, signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
});

const signIn = () => signInAdmin(t.app);

const storedSettings = async (orgId: string) => (await t.database.db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0]!;

describe('admin sign-in', () => {
  it('sets an HttpOnly SameSite=Strict cookie on /admin and answers a CSRF token', async () => {
    const session = await signIn();
    expect(session.raw).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    const who = await t.app.inject({ url: '/admin/api/session', headers: { cookie: session.cookie } });
    expect(who.json()).toEqual({ username: 'admin', csrfToken: session.csrfToken });
  });

  it.each([
    ['a wrong password', { username: 'admin', password: 'wrong' }, 401, 'admin.login.invalid'],
    ['an unknown administrator', { username: 'root', password: DEMO_ADMIN_PASSWORD }, 401, 'admin.login.invalid'],
    ['no password', { username: 'admin' }, 400, 'request.invalid'],
  ])('refuses %s', async (_name, payload, status, errorCode) => {
    const response = await injectAdminLogin(t.app, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(setCookie(response, 'SSPADMIN')).toBeUndefined();
  });

  it('ends the session at logout', async () => {
    const session = await signIn();
    const out = await t.app.inject({ method: 'POST', url: '/admin/api/logout', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin/api/orgs', headers: { cookie: session.cookie } })).statusCode).toBe(401);
  });
});

describe('admin settings', () => {
  it.each([
    ['GET', '/admin/api/orgs'],
    ['GET', '/admin/api/orgs/acme/settings'],
    ['PUT', '/admin/api/orgs/acme/settings'],
  ])('refuses an anonymous %s %s with 401', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, payload: method === 'PUT' ? { settings: { orgName: 'X' }, settingsVersion: 1 } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('admin.signInRequired');
  });

  it('lists the organisations and answers stored and resolved settings', async () => {
    const session = await signIn();
    const list = (await t.app.inject({ url: '/admin/api/orgs', headers: { cookie: session.cookie } })).json();
    expect(list.organizations.map((o: { orgId: string }) => o.orgId)).toContain('springfield');
    // No MAP_TILE_URL here: the preview's maps draw OpenStreetMap's tiles, as the members' do.
    expect(list.mapTiles).toBeNull();
    const acme = (await t.app.inject({ url: '/admin/api/orgs/acme/settings', headers: { cookie: session.cookie } })).json();
    expect(acme.settings.orgName).toBe('Acme Corporation');
    expect(acme.settings.isEB360MapEnabled).toBeUndefined();
    expect(acme.resolved.isEB360MapEnabled).toBe(true);
    expect(acme.settingsVersion).toBe(1);
    expect(acme.featureFlags.cme_mbr_delelteButton).toBe(false);
  });

  it('saves valid settings and bumps the version', async () => {
    const session = await signIn();
    const before = await storedSettings('paused');
    const response = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/paused/settings', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings: { ...before.settings, showWeather: true }, settingsVersion: before.settingsVersion },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', settingsVersion: before.settingsVersion + 1 });
    const after = await storedSettings('paused');
    expect(after.settings.showWeather).toBe(true);
    const init = (await t.app.inject({ url: '/rest/init?orgId=paused' })).json();
    expect(init.navConfig.showWeather).toBe(true);
  });

  it.each([
    ['a flag that is not boolean', { showWeather: 'yes' }, '/showWeather', 'jquery.validation.invalid'],
    ['an unknown setting', { showEverything: true }, '/', 'jquery.validation.invalid'],
    ['an empty organisation name', { orgName: '' }, '/orgName', 'jquery.validation.minlength'],
    ['a negative minSignup', { minSignup: -1 }, '/minSignup', 'jquery.validation.invalid'],
    // Issue 11: the subtitle and the contact of the error pages, as the schema limits them.
    ['a subtitle of 151 characters', { orgSubtitle: 'x'.repeat(151) }, '/orgSubtitle', 'jquery.validation.maxlength'],
    // Each says what it wants: an address of the right kind (the settings' own message keys).
    ['a javascript: contact address', { contactUrl: 'javascript:alert(document.cookie)' }, '/contactUrl', 'admin.settings.error.url'],
    ['a terms address without its scheme', { termsUrl: 'www.acme.example/terms' }, '/termsUrl', 'admin.settings.error.url'],
    ['a malformed contact e-mail', { contactEmail: 'help desk@acme' }, '/contactEmail', 'jquery.validation.email'],
  ])('refuses %s with field errors and saves nothing', async (_name, change, pointer, key) => {
    const session = await signIn();
    const before = await storedSettings('acme');
    const response = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/acme/settings', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings: { ...before.settings, ...change }, settingsVersion: before.settingsVersion },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation');
    expect(response.json().errors).toContainEqual(expect.objectContaining({ pointer, key }));
    expect(await storedSettings('acme')).toEqual(before);
  });

  it('refuses a write without the CSRF token, and one made on an old version, saving nothing', async () => {
    const session = await signIn();
    const before = await storedSettings('campus');
    const noCsrf = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/campus/settings', headers: { cookie: session.cookie },
      payload: { settings: { ...before.settings, showWeather: true }, settingsVersion: before.settingsVersion },
    });
    expect(noCsrf.statusCode).toBe(403);
    const stale = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/campus/settings', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings: { ...before.settings, showWeather: true }, settingsVersion: before.settingsVersion + 5 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorCode: 'settings.conflict', settingsVersion: before.settingsVersion });
    expect(await storedSettings('campus')).toEqual(before);
  });

  it('saves a subtitle and a contact, which the boot data then carries', async () => {
    const session = await signIn();
    const before = await storedSettings('fedagency');
    const change = { orgSubtitle: 'Alerts for staff', contactUrl: 'https://agency.example.gov/help', contactEmail: 'help@agency.example.gov' };
    const response = await t.app.inject({
      method: 'PUT', url: '/admin/api/orgs/fedagency/settings', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings: { ...before.settings, ...change }, settingsVersion: before.settingsVersion },
    });
    expect(response.statusCode).toBe(200);
    expect((await storedSettings('fedagency')).settings).toMatchObject(change);
    const init = (await t.app.inject({ url: '/rest/init?orgId=fedagency' })).json();
    expect(init.organization).toMatchObject(change);
  });

  it('answers 404 for an unknown organisation', async () => {
    const session = await signIn();
    const response = await t.app.inject({ url: '/admin/api/orgs/nowhere/settings', headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(404);
  });
});

describe('the preview\'s server check (same builder, same validator)', () => {
  const validate = async (form: string, mode: string, settings: object, data: unknown) => {
    const session = await signIn();
    return t.app.inject({
      method: 'POST', url: `/admin/api/orgs/acme/forms/${form}/validate`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { settings, mode, data },
    });
  };

  it('refuses a bad sign-up with the field keys of §5, and accepts it once the edited settings allow it', async () => {
    const { settings } = await storedSettings('acme');
    const data = {
      firstName: 'Dana', lastName: 'Member', username: 'dana', password: 'acmecorp1', securityQuestion: 'question_eleven', securityAnswer: 'Blue',
      preferredLanguage: 'en_US', email: 'dana@example.org', smsPhone: { value: '', countryCode: 'US' }, mobilePhone: { value: '', countryCode: 'US' }, slack: '', accept: true,
    };
    const refused = await validate('signUp', 'signup', settings, data);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual([
      ['/password', 'ssp.password.valid.invalid'],
      ['/', 'new.registration.signup.create.contactpath.error'],
    ]);
    // The preview's settings, not the saved ones: a minimum of 1 and a public organisation's password rule.
    const accepted = await validate('signUp', 'signup', { ...settings, minSignup: 1, userStatus: 'public', isPublic: true }, data);
    expect(accepted.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['an unknown form', 'nope', 'signup', 400],
    ['a mode the form does not have', 'signUp', 'review', 400],
  ])('refuses %s', async (_name, form, mode, status) => {
    const { settings } = await storedSettings('acme');
    const response = await validate(form, mode, settings, {});
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it('refuses anonymous use', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/admin/api/orgs/acme/forms/login/validate', payload: { settings: {}, mode: 'signup', data: {} } });
    expect(response.statusCode).toBe(401);
  });
});
