/**
 * Single sign-on (issue 15; §2 login/sso, §7 `POST /index/sso/info`, §8 SSO) against the real
 * protocol peers the demo serves on loopback: samlify's identity provider and oidc-provider, over
 * real HTTP with a browser's cookies. Forged and stale SAML answers are built with samlify and the
 * demo's (or another) key. Every refusal is a redirect to the login page with an errorCode, and a
 * refused answer creates nothing.
 */
import { generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SAML, type Profile } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPaths, contacts, ssoIdentities, ssoRequests } from '../../server/db/schema.ts';
import { upsertInvitedContact } from '../../server/repositories/contacts.ts';
import { pointDemoSsoAt } from '../../server/services/demoIdp/relyingParties.ts';
import { DEMO_IDP_CERTIFICATE, DEMO_IDP_KEY, demoSamlIdp, samlResponseFor, serviceProviderOf, type ResponseOverrides } from '../../server/services/demoIdp/samlIdp.ts';
import { DEMO_IDP_PASSWORD, DEMO_IDP_USERS } from '../../server/services/demoIdp/users.ts';
import { BrowserJar, hiddenFields } from '../support/browserJar.ts';
import { createTestApp, signInAdmin, type TestApp } from '../support/testApp.ts';
import { readSettings, saveSettings } from '../../server/services/orgSettings.ts';
import { validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { ensureAdmin, DEMO_ADMIN_PASSWORD } from '../../server/services/admins.ts';
import { ssoClientSecrets } from '../../server/db/schema.ts';

let t: TestApp;
let app: FastifyInstance;
let base: string;
const [sam, alex] = DEMO_IDP_USERS as [typeof DEMO_IDP_USERS[0], typeof DEMO_IDP_USERS[0]];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  expect(await pointDemoSsoAt({ db: t.database.db, orgCache: app.orgCache }, base)).toEqual(['campus']);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const countContacts = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(contacts).where(eq(contacts.orgId, 'campus')))[0]!.n;
const contactByEmail = async (email: string) => (await db().select().from(contacts).where(and(eq(contacts.orgId, 'campus'), eq(contacts.email, email))))[0];

/** The login page's answer to a refused sign-in: its errorCode. */
function ssoErrorOf(location: string | null): string | null {
  const url = new URL(location ?? '', base);
  expect(url.pathname).toBe('/campus/login');
  return url.searchParams.get('ssoError');
}

describe('POST /index/sso/info (§7)', () => {
  it('answers the discovery return address, its parameter and the providers; idp is empty when the member chooses', async () => {
    const response = await app.inject({ method: 'POST', url: '/index/sso/info?orgId=campus' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      idpDiscoReturnURL: `${base}/sso/campus/start`, idpDiscoReturnParam: 'idp', idp: '', enabledSSO: true,
      providers: [{ id: 'campus-sso', name: 'Campus SSO', protocol: 'saml' }, { id: 'campus-id', name: 'State University ID', protocol: 'oidc' }],
    });
  });

  it('answers enabledSSO false and no provider for an organisation without single sign-on', async () => {
    const response = await app.inject({ method: 'POST', url: '/index/sso/info?orgId=springfield' });
    expect(response.json()).toMatchObject({ enabledSSO: false, idp: '', providers: [] });
  });

  it('refuses a start at an organisation without single sign-on, or at an unknown provider, with an errorCode', async () => {
    const off = await app.inject({ method: 'GET', url: '/sso/springfield/start?idp=campus-sso', headers: { host: new URL(base).host } });
    expect(off.statusCode).toBe(303);
    expect(new URL(off.headers.location!, base).searchParams.get('ssoError')).toBe('sso.disabled');
    const unknown = await app.inject({ method: 'GET', url: '/sso/campus/start?idp=nobody', headers: { host: new URL(base).host } });
    expect(ssoErrorOf(unknown.headers.location!)).toBe('sso.provider');
  });

  it('sends a start reached under another host name to the portal\'s own address first (where the provider answers)', async () => {
    const response = await app.inject({ method: 'GET', url: '/sso/campus/start?idp=campus-sso', headers: { host: 'localhost:1' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${base}/sso/campus/start?idp=campus-sso`);
  });
});

describe('SAML 2.0 (samlify identity provider, @node-saml service provider)', () => {
  const idp = () => demoSamlIdp(`${base}/demo-idp/saml`);
  const sp = async () => serviceProviderOf((await app.inject({ method: 'GET', url: '/sso/campus/campus-sso/saml/metadata' })).body);

  /** A browser starting a sign-in: its jar (with the binding cookie) and the AuthnRequest's XML and ID. */
  async function start(forceAuthn = false, browser = new BrowserJar()) {
    const response = await browser.fetch(`${base}/sso/campus/start?idp=campus-sso${forceAuthn ? '&forceAuthn=true' : ''}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.href.startsWith(`${base}/demo-idp/saml/sso?`)).toBe(true);
    const xml = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString();
    const requestId = /\bID="([^"]+)"/.exec(xml)![1]!;
    return { browser, xml, requestId, location };
  }

  /** Posts a response to the ACS and, when it passes, comes back for the sign-in as the browser does. */
  async function answer(browser: BrowserJar, samlResponse: string) {
    const posted = await browser.fetch(`${base}/sso/campus/campus-sso/saml/acs`, { form: { SAMLResponse: samlResponse } });
    expect(posted.status).toBe(303);
    const next = posted.headers.get('location')!;
    if (next.startsWith('/campus/login')) return { error: ssoErrorOf(next), landing: null, posted: samlResponse };
    const finished = await browser.fetch(new URL(next, base).href);
    expect(finished.status).toBe(303);
    const landing = finished.headers.get('location')!;
    return { error: landing.startsWith('/campus/login') ? ssoErrorOf(landing) : null, landing, posted: samlResponse };
  }

  async function respond(requestId: string, user = sam, overrides: ResponseOverrides = {}, signer = idp()) {
    return (await samlResponseFor(signer, await sp(), requestId, user, overrides)).samlResponse;
  }

  it('publishes the service provider\'s metadata: entity id, assertion consumer service, signed assertions wanted', async () => {
    const response = await app.inject({ method: 'GET', url: '/sso/campus/campus-sso/saml/metadata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(response.body).toContain(`entityID="${base}/sso/campus/campus-sso/saml/metadata"`);
    expect(response.body).toContain(`Location="${base}/sso/campus/campus-sso/saml/acs"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
    expect((await app.inject({ method: 'GET', url: '/sso/campus/campus-id/saml/metadata' })).statusCode).toBe(404);
  });

  it('signs its requests where the provider wants it (signRequests): RSA-SHA256 by the key its metadata names; the provider refuses a forged signature', async () => {
    const metadata = (await app.inject({ method: 'GET', url: '/sso/campus/campus-sso/saml/metadata' })).body;
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    const certificate = /<(?:ds:)?X509Certificate>([^<]+)</.exec(metadata)![1]!.replace(/\s+/g, '');
    const { browser, location } = await start();
    const raw = location.search.slice(1);
    const octets = ['SAMLRequest', 'RelayState', 'SigAlg'].flatMap((name) => raw.split('&').filter((pair) => pair.startsWith(`${name}=`))).join('&');
    expect(location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const publicKey = new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
    expect(verify('sha256', Buffer.from(octets), publicKey, Buffer.from(location.searchParams.get('Signature')!, 'base64'))).toBe(true);
    // The demo provider checks it: the same request with another signature is refused there.
    expect((await browser.fetch(location.href)).status).toBe(200);
    const forged = new URL(location.href);
    forged.searchParams.set('Signature', Buffer.alloc(256, 7).toString('base64'));
    expect((await browser.fetch(forged.href)).status).toBe(400);
  });

  it('sends an AuthnRequest to the provider, with ForceAuthn on §8\'s retry', async () => {
    const plain = await start();
    expect(plain.xml).toContain(`AssertionConsumerServiceURL="${base}/sso/campus/campus-sso/saml/acs"`);
    expect(plain.xml).not.toContain('ForceAuthn="true"');
    // The binding cookie: 32 random bytes, only its SHA-256 stored with the request.
    expect(plain.browser.cookie('SSPSSO')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await start(true)).xml).toContain('ForceAuthn="true"');
  });

  it('signs in a first-time member just in time: a contact from the attributes, then the sign-up steps (§2)', async () => {
    const before = await countContacts();
    const { browser, requestId } = await start();
    const result = await answer(browser, await respond(requestId));
    expect(result).toMatchObject({ error: null, landing: '/campus/new/account/profile' });
    expect(await countContacts()).toBe(before + 1);
    const contact = (await contactByEmail(sam.email))!;
    expect(contact).toMatchObject({ firstName: 'Sam', lastName: 'Student', username: null, passwordHash: null, registered: true, externalId: sam.studentId });
    const paths = await db().select().from(contactPaths).where(and(eq(contactPaths.orgId, 'campus'), eq(contactPaths.contactId, contact.contactId)));
    expect(paths.map(({ pathType, value, countryCode }) => ({ pathType, value, countryCode }))).toEqual([
      { pathType: 'EMAIL', value: sam.email, countryCode: null }, { pathType: 'SMS', value: '2175550142', countryCode: 'US' },
    ]);
    // Signed in on a new session: the account is Sam's, and the binding cookie is gone.
    expect(browser.cookie('SSPSSO')).toBeUndefined();
    const boot = await browser.fetch(`${base}/rest/init?orgId=campus`);
    expect((await boot.json()).account).toMatchObject({ id: contact.contactId });

    // The next sign-in of the same subject is the same contact, and goes home.
    const again = await start();
    expect(await answer(again.browser, await respond(again.requestId))).toMatchObject({ error: null, landing: '/campus/home' });
    expect(await countContacts()).toBe(before + 1);
  });

  it('links the first sign-in to the invited contact with the same e-mail (ssoLinkInvitedByEmail)', async () => {
    const invited = await upsertInvitedContact(db(), 'campus', { firstName: 'Alex', lastName: 'Invited', email: alex.email.toUpperCase() });
    const before = await countContacts();
    const { browser, requestId } = await start();
    expect(await answer(browser, await respond(requestId, alex))).toMatchObject({ error: null, landing: '/campus/new/account/profile' });
    expect(await countContacts()).toBe(before);
    const [identity] = await db().select().from(ssoIdentities).where(and(eq(ssoIdentities.orgId, 'campus'), eq(ssoIdentities.subject, alex.subject)));
    expect(identity).toMatchObject({ providerId: 'campus-sso', contactId: invited });
    expect((await db().select().from(contacts).where(and(eq(contacts.orgId, 'campus'), eq(contacts.contactId, invited))))[0]).toMatchObject({ registered: true, lastName: 'Invited' });
  });

  const forgeries: [string, (requestId: string) => Promise<string>, string][] = [
    ['an unsigned response', async (id) => (Buffer.from(Buffer.from(await respond(id), 'base64').toString().replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''))).toString('base64'), 'sso.signature'],
    ['a response signed by another key', async (id) => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return respond(id, sam, {}, demoSamlIdp(`${base}/demo-idp/saml`, { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate: DEMO_IDP_CERTIFICATE }));
    }, 'sso.signature'],
    ['a response for another audience', (id) => respond(id, sam, { audience: 'https://other.example.org/sp' }), 'sso.audience'],
    ['an expired response', (id) => respond(id, sam, { issuedAt: new Date(Date.now() - 3600_000), notOnOrAfter: new Date(Date.now() - 3300_000) }), 'invalid_assertion'],
    ['a response to no request of ours (InResponseTo)', () => respond('_0123456789abcdef0123456789abcdef01234567'), 'invalid_assertion'],
    ['a response from another identity provider', async (id) => respond(id, sam, {}, demoSamlIdp('https://idp.elsewhere.example.org/saml')), 'sso.issuer'],
  ];

  it.each(forgeries)('refuses %s with an errorCode, creating nothing and signing nobody in', async (_name, forge, errorCode) => {
    const before = await countContacts();
    const { browser, requestId } = await start();
    const result = await answer(browser, await forge(requestId));
    expect(result.error).toBe(errorCode);
    expect(await countContacts()).toBe(before);
    expect((await (await browser.fetch(`${base}/rest/init?orgId=campus`)).json()).account).toBeNull();
  });

  it('accepts an assertion once: the same response posted again is a replay', async () => {
    const { browser, requestId } = await start();
    const samlResponse = await respond(requestId);
    expect((await answer(browser, samlResponse)).error).toBeNull();
    const replay = await browser.fetch(`${base}/sso/campus/campus-sso/saml/acs`, { form: { SAMLResponse: samlResponse } });
    expect(ssoErrorOf(replay.headers.get('location'))).toBe('sso.replay');
  });

  it('finishes a sign-in only in the browser that started it (login CSRF)', async () => {
    const { browser, requestId } = await start();
    const posted = await browser.fetch(`${base}/sso/campus/campus-sso/saml/acs`, { form: { SAMLResponse: await respond(requestId) } });
    const finish = new URL(posted.headers.get('location')!, base).href;
    const other = new BrowserJar();
    const elsewhere = await other.fetch(finish);
    expect(ssoErrorOf(elsewhere.headers.get('location'))).toBe('sso.request');
    expect((await (await other.fetch(`${base}/rest/init?orgId=campus`)).json()).account).toBeNull();
    // The request stays for its own browser, which still signs in.
    const own = await browser.fetch(finish);
    expect(own.headers.get('location')).toBe('/campus/home');
    expect((await db().select().from(ssoRequests).where(eq(ssoRequests.requestId, requestId)))).toEqual([]);
  });

  it('goes through the demo provider\'s own pages: a wrong password is refused there, the right one posts back and signs in', async () => {
    const { browser, location } = await start();
    const form = await (await browser.fetch(location.href)).text();
    expect(form).toContain('name="username"');
    const fields = hiddenFields(form);
    const wrong = await browser.fetch(`${base}/demo-idp/saml/sso`, { form: { ...fields, username: sam.username, password: 'wrong' } });
    expect(wrong.status).toBe(401);
    const posting = await browser.fetch(`${base}/demo-idp/saml/sso`, { form: { ...fields, username: sam.username, password: DEMO_IDP_PASSWORD } });
    expect(posting.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    const { SAMLResponse } = hiddenFields(await posting.text());
    expect((await answer(browser, SAMLResponse!)).landing).toBe('/campus/home');

    // Signed in at the provider: the next request is answered without the form…
    const again = await start(false, browser);
    const quiet = await browser.fetch(again.location.href);
    const answered = Buffer.from(hiddenFields(await quiet.text()).SAMLResponse!, 'base64').toString();
    expect(answered).toContain(`InResponseTo="${again.requestId}"`);
    // …unless it asks for a fresh authentication (§8's retry).
    const forced = await start(true, browser);
    expect(await (await browser.fetch(forced.location.href)).text()).toContain('name="password"');
  });

  it('sends a member signed in through SAML to the provider\'s single logout when they log out', async () => {
    const { browser, requestId } = await start();
    await answer(browser, await respond(requestId));
    const csrf = (await (await browser.fetch(`${base}/rest/init/csrf?orgId=campus`)).json()).csrfToken as string;
    const logout = await fetch(`${base}/logout/campus`, { method: 'POST', headers: { cookie: `SSPSESSION=${browser.cookie('SSPSESSION')}`, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const { redirect } = await logout.json() as { redirect: string };
    const slo = new URL(redirect);
    expect(slo.href.startsWith(`${base}/demo-idp/saml/slo?`)).toBe(true);
    const request = inflateRawSync(Buffer.from(slo.searchParams.get('SAMLRequest')!, 'base64')).toString();
    expect(request).toContain(sam.subject);
    expect((await (await browser.fetch(`${base}/rest/init?orgId=campus`)).json()).account).toBeNull();
  });

  it('keeps single logout for a SAML sign-in when the same browser then signs in to another organisation (a new session)', async () => {
    const { browser, requestId } = await start();
    await answer(browser, await respond(requestId));
    const first = browser.cookie('SSPSESSION');
    const csrf = (await (await browser.fetch(`${base}/rest/init/csrf?orgId=springfield`)).json()).csrfToken as string;
    const login = await browser.fetch(`${base}/manage/login`, {
      form: { orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
      headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(login.status).toBe(200);
    expect(browser.cookie('SSPSESSION')).not.toBe(first);
    const campusCsrf = (await (await browser.fetch(`${base}/rest/init/csrf?orgId=campus`)).json()).csrfToken as string;
    const logout = await browser.fetch(`${base}/logout/campus`, { form: {}, headers: { 'x-csrf-token': campusCsrf } });
    const slo = new URL((await logout.json() as { redirect: string }).redirect);
    expect(slo.href.startsWith(`${base}/demo-idp/saml/slo?`)).toBe(true);
    expect(inflateRawSync(Buffer.from(slo.searchParams.get('SAMLRequest')!, 'base64')).toString()).toContain(sam.subject);
    // The other organisation's sign-in stays.
    expect((await (await browser.fetch(`${base}/rest/init?orgId=springfield`)).json()).account).not.toBeNull();
  });
});

describe('SAML single logout started by the identity provider', () => {
  /** A LogoutRequest from the demo provider for `subject` on the redirect binding: signed with its key, or not at all. */
  async function providerLogoutUrl(subject: string, signed: boolean) {
    const provider = new SAML({
      issuer: `${base}/demo-idp/saml`, callbackUrl: `${base}/demo-idp/saml/slo`, entryPoint: `${base}/sso/campus/campus-sso/saml/slo`, idpCert: DEMO_IDP_CERTIFICATE,
      logoutUrl: `${base}/sso/campus/campus-sso/saml/slo`, ...(signed ? { privateKey: DEMO_IDP_KEY, signatureAlgorithm: 'sha256' as const } : {}),
    });
    return provider.getLogoutUrlAsync({ issuer: `${base}/demo-idp/saml`, nameID: subject, nameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' } as Profile, '', {});
  }

  async function signedInThroughSaml() {
    const browser = new BrowserJar();
    const started = await browser.fetch(`${base}/sso/campus/start?idp=campus-sso`);
    const form = await browser.fetch(started.headers.get('location')!);
    const posting = await browser.fetch(`${base}/demo-idp/saml/sso`, { form: { ...hiddenFields(await form.text()), username: sam.username, password: sam.password } });
    const posted = await browser.fetch(`${base}/sso/campus/campus-sso/saml/acs`, { form: { SAMLResponse: hiddenFields(await posting.text()).SAMLResponse! } });
    await browser.fetch(new URL(posted.headers.get('location')!, base).href);
    expect((await (await browser.fetch(`${base}/rest/init?orgId=campus`)).json()).account).not.toBeNull();
    return browser;
  }

  it('publishes its single logout service for the redirect binding', async () => {
    const metadata = (await app.inject({ method: 'GET', url: '/sso/campus/campus-sso/saml/metadata' })).body;
    expect(metadata).toContain(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso/campus/campus-sso/saml/slo"/>`);
  });

  it('ends the browser\'s sign-in on the provider\'s signed LogoutRequest and answers the provider', async () => {
    const browser = await signedInThroughSaml();
    const answer = await browser.fetch(await providerLogoutUrl(sam.subject, true));
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.href.startsWith(`${base}/demo-idp/saml/slo?`)).toBe(true);
    expect(inflateRawSync(Buffer.from(back.searchParams.get('SAMLResponse')!, 'base64')).toString()).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect((await (await browser.fetch(`${base}/rest/init?orgId=campus`)).json()).account).toBeNull();
  });

  it('refuses an unsigned LogoutRequest (any site could sign members out with one), and one for someone else ends nothing', async () => {
    const browser = await signedInThroughSaml();
    const unsigned = await browser.fetch(await providerLogoutUrl(sam.subject, false));
    expect(ssoErrorOf(unsigned.headers.get('location'))).toBe('sso.signature');
    const someoneElse = await browser.fetch(await providerLogoutUrl(alex.subject, true));
    expect(someoneElse.status).toBe(302);
    expect((await (await browser.fetch(`${base}/rest/init?orgId=campus`)).json()).account).not.toBeNull();
  });
});

describe('OpenID Connect (oidc-provider, openid-client)', () => {
  /** A browser starting a sign-in at the demo OpenID provider: its jar and the authorization request. */
  async function start(forceAuthn = false) {
    const browser = new BrowserJar();
    const response = await browser.fetch(`${base}/sso/campus/start?idp=campus-id${forceAuthn ? '&forceAuthn=true' : ''}`);
    expect(response.status).toBe(302);
    return { browser, authorization: new URL(response.headers.get('location')!) };
  }

  /** The provider's sign-in page passed with `user`: the callback address the provider sends the browser to. */
  async function signInAtProvider(browser: BrowserJar, authorization: URL, user = sam): Promise<URL> {
    const { url: interaction } = await browser.follow(authorization.href, (url) => url.pathname.includes('/interaction/'));
    const login = await browser.fetch(interaction.href, { form: { username: user.username, password: user.password } });
    expect(login.status).toBe(303);
    const { url: callback } = await browser.follow(new URL(login.headers.get('location')!, interaction).href, (url) => url.pathname.endsWith('/oidc/callback'));
    return callback;
  }

  it('asks for the code with PKCE (S256), state and nonce, and prompt=login on §8\'s retry', async () => {
    const { authorization } = await start();
    expect(authorization.href.startsWith(`${base}/demo-idp/oidc/`)).toBe(true);
    const query = authorization.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(query.get(name)?.length).toBeGreaterThanOrEqual(43);
    expect(query.get('redirect_uri')).toBe(`${base}/sso/campus/campus-id/oidc/callback`);
    expect(query.get('scope')).toBe('openid email profile phone');
    expect(query.get('prompt')).toBeNull();
    expect((await start(true)).authorization.searchParams.get('prompt')).toBe('login');
  });

  it('signs in through the provider: the code exchanged, the ID token checked, the claims from userinfo', async () => {
    const { browser, authorization } = await start();
    const callback = await signInAtProvider(browser, authorization, sam);
    const done = await browser.fetch(callback.href);
    expect(done.status).toBe(303);
    // Sam signed in through SAML above: the OpenID provider is another identity, so another contact.
    expect(done.headers.get('location')).toBe('/campus/new/account/profile');
    const [identity] = await db().select().from(ssoIdentities).where(and(eq(ssoIdentities.orgId, 'campus'), eq(ssoIdentities.providerId, 'campus-id'), eq(ssoIdentities.subject, sam.subject)));
    const [contact] = await db().select().from(contacts).where(and(eq(contacts.orgId, 'campus'), eq(contacts.contactId, identity!.contactId)));
    expect(contact).toMatchObject({ firstName: 'Sam', lastName: 'Student', email: sam.email, externalId: null });
    // The code is spent: the same callback again signs nobody in.
    const replay = await browser.fetch(callback.href);
    expect(ssoErrorOf(replay.headers.get('location'))).toBe('invalid_assertion');
  });

  it('refuses a callback whose state names no request, or another browser\'s, creating nothing', async () => {
    const before = await countContacts();
    const { browser, authorization } = await start();
    const callback = await signInAtProvider(browser, authorization, alex);
    const unknownState = new URL(callback);
    unknownState.searchParams.set('state', 'x'.repeat(43));
    expect(ssoErrorOf((await browser.fetch(unknownState.href)).headers.get('location'))).toBe('invalid_assertion');
    const other = new BrowserJar();
    expect(ssoErrorOf((await other.fetch(callback.href)).headers.get('location'))).toBe('sso.request');
    expect(await countContacts()).toBe(before);
  });

  it.each([
    ['a wrong nonce', { nonce: 'n'.repeat(43) }],
    ['a wrong PKCE verifier', { codeVerifier: 'v'.repeat(43) }],
  ])('refuses a sign-in with %s (sso.token), creating nothing', async (_name, tampered) => {
    const before = await countContacts();
    const { browser, authorization } = await start();
    const state = authorization.searchParams.get('state')!;
    await db().update(ssoRequests).set(tampered).where(eq(ssoRequests.requestId, state));
    const callback = await signInAtProvider(browser, authorization, alex);
    expect(ssoErrorOf((await browser.fetch(callback.href)).headers.get('location'))).toBe('sso.token');
    expect(await countContacts()).toBe(before);
  });

  it('answers the provider\'s refusal (error=access_denied) as sso.denied', async () => {
    const { browser, authorization } = await start();
    const state = authorization.searchParams.get('state')!;
    const refused = await browser.fetch(`${base}/sso/campus/campus-id/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(`${base}/demo-idp/oidc`)}`);
    expect(ssoErrorOf(refused.headers.get('location'))).toBe('sso.denied');
  });

  it('sends a member signed in through OpenID Connect to the provider\'s end-session endpoint when they log out', async () => {
    const { browser, authorization } = await start();
    const callback = await signInAtProvider(browser, authorization, sam);
    expect((await browser.fetch(callback.href)).headers.get('location')).toBe('/campus/home');
    const csrf = (await (await browser.fetch(`${base}/rest/init/csrf?orgId=campus`)).json()).csrfToken as string;
    const logout = await fetch(`${base}/logout/campus`, { method: 'POST', headers: { cookie: `SSPSESSION=${browser.cookie('SSPSESSION')}`, 'x-csrf-token': csrf, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const end = new URL((await logout.json() as { redirect: string }).redirect);
    expect(end.href.startsWith(`${base}/demo-idp/oidc/`)).toBe(true);
    const hint = end.searchParams.get('id_token_hint')!.split('.');
    expect(hint).toHaveLength(3);
    expect(JSON.parse(Buffer.from(hint[1]!, 'base64url').toString())).toMatchObject({ sub: sam.subject, iss: `${base}/demo-idp/oidc` });
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/campus/login`);
  });
});

describe('the admin page\'s single sign-on setup', () => {
  it('lists each provider with the portal\'s addresses for it and whether its secret is set (never the secret)', async () => {
    await ensureAdmin(db(), DEMO_ADMIN_PASSWORD);
    const admin = await signInAdmin(app);
    const response = await app.inject({ method: 'GET', url: '/admin/api/orgs/campus/sso', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const [saml, oidc] = response.json().data;
    expect(saml).toEqual({
      id: 'campus-sso', name: 'Campus SSO', protocol: 'saml', secretSetAt: null,
      addresses: [
        { kind: 'metadata', url: `${base}/sso/campus/campus-sso/saml/metadata` },
        { kind: 'acs', url: `${base}/sso/campus/campus-sso/saml/acs` },
        { kind: 'slo', url: `${base}/sso/campus/campus-sso/saml/slo` },
      ],
    });
    expect(oidc).toMatchObject({ id: 'campus-id', protocol: 'oidc', addresses: [{ kind: 'redirectUri', url: `${base}/sso/campus/campus-id/oidc/callback` }, { kind: 'postLogout', url: `${base}/campus/login` }] });
    // The demo's secret was made at start; the answer says when, not what.
    expect(typeof oidc.secretSetAt).toBe('string');
    expect(response.body).not.toContain((await db().select().from(ssoClientSecrets))[0]!.secret);
  });

  it('sets an OpenID provider\'s secret, with the CSRF token, and refuses one for a SAML provider or without the token', async () => {
    const admin = await signInAdmin(app);
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken };
    const before = await db().select().from(ssoClientSecrets).where(eq(ssoClientSecrets.providerId, 'campus-id'));
    const saml = await app.inject({ method: 'PUT', url: '/admin/api/orgs/campus/sso/campus-sso/secret', headers, payload: { secret: 'abc' } });
    expect(saml.statusCode).toBe(404);
    expect(saml.json().errorCode).toBe('sso.provider');
    const forged = await app.inject({ method: 'PUT', url: '/admin/api/orgs/campus/sso/campus-id/secret', headers: { cookie: admin.cookie }, payload: { secret: 'abc' } });
    expect(forged.statusCode).toBe(403);
    expect(await db().select().from(ssoClientSecrets).where(eq(ssoClientSecrets.providerId, 'campus-id'))).toEqual(before);
    const empty = await app.inject({ method: 'PUT', url: '/admin/api/orgs/campus/sso/campus-id/secret', headers, payload: { secret: '' } });
    expect(empty.statusCode).toBe(400);

    const set = await app.inject({ method: 'PUT', url: '/admin/api/orgs/campus/sso/campus-id/secret', headers, payload: { secret: 'a-new-client-secret' } });
    expect(set.statusCode).toBe(200);
    const [after] = await db().select().from(ssoClientSecrets).where(eq(ssoClientSecrets.providerId, 'campus-id'));
    expect(after!.secret).toBe('a-new-client-secret');
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime());
    // The demo provider knows its client by the portal's secret: a sign-in with the new one goes through.
    const browser = new BrowserJar();
    const started = await browser.fetch(`${base}/sso/campus/start?idp=campus-id`);
    const { url: interaction } = await browser.follow(started.headers.get('location')!, (url) => url.pathname.includes('/interaction/'));
    const login = await browser.fetch(interaction.href, { form: { username: sam.username, password: sam.password } });
    const { url: callback } = await browser.follow(new URL(login.headers.get('location')!, interaction).href, (url) => url.pathname.endsWith('/oidc/callback'));
    expect((await browser.fetch(callback.href)).headers.get('location')).toBe('/campus/home');
  });
});

describe('a SAML provider described by its metadata (metadataUrl, metadataXml)', () => {
  async function addProvider(extra: Record<string, unknown>) {
    const stored = await readSettings(db(), 'campus');
    if (!stored.ok) throw new Error('no campus');
    const providers = [...(stored.settings.ssoProviders ?? []).filter((p) => p.id !== 'campus-md'), { id: 'campus-md', name: 'Campus (metadata)', protocol: 'saml', ...extra }];
    const saved = await saveSettings({ db: db(), orgCache: app.orgCache }, 'campus', { ...stored.settings, ssoProviders: providers }, stored.settingsVersion);
    expect(saved).toMatchObject({ ok: true });
  }

  async function signInThrough(user = sam) {
    const browser = new BrowserJar();
    const started = await browser.fetch(`${base}/sso/campus/start?idp=campus-md`);
    const location = new URL(started.headers.get('location')!);
    expect(location.href.startsWith(`${base}/demo-idp/saml/sso?`)).toBe(true);
    const form = await browser.fetch(location.href);
    expect(form.status).toBe(200);
    const posting = await browser.fetch(`${base}/demo-idp/saml/sso`, { form: { ...hiddenFields(await form.text()), username: user.username, password: user.password } });
    const { SAMLResponse } = hiddenFields(await posting.text());
    const posted = await browser.fetch(`${base}/sso/campus/campus-md/saml/acs`, { form: { SAMLResponse: SAMLResponse! } });
    const finished = await browser.fetch(new URL(posted.headers.get('location')!, base).href);
    return finished.headers.get('location');
  }

  it('signs in through a provider given only by its metadata address: entity id, sign-on address and certificate read from it', async () => {
    await addProvider({ metadataUrl: `${base}/demo-idp/saml/metadata` });
    expect(await signInThrough()).toMatch(/^\/campus\/(home|new\/account\/profile)$/);
  });

  it('signs in through a provider given by its metadata XML', async () => {
    const xml = (await app.inject({ method: 'GET', url: '/demo-idp/saml/metadata' })).body;
    expect(xml).toContain('IDPSSODescriptor');
    await addProvider({ metadataXml: xml });
    expect(await signInThrough(alex)).toMatch(/^\/campus\/(home|new\/account\/profile)$/);
  });

  it.each([
    ['metadata XML that is not an identity provider\'s', { metadataXml: '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>' }, ['/ssoProviders/0/metadataXml admin.settings.error.sso.metadata']],
    ['neither metadata nor the fields', {}, ['/ssoProviders/0/entityId admin.settings.error.sso.required', '/ssoProviders/0/ssoUrl admin.settings.error.sso.required', '/ssoProviders/0/certificate admin.settings.error.sso.required']],
    ['a certificate that is not one', { entityId: 'x', ssoUrl: 'https://idp.example.org/sso', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, ['/ssoProviders/0/certificate admin.settings.error.sso.certificate']],
  ])('refuses a SAML provider with %s, at its field', (_name, extra, expected) => {
    const result = validateOrgSettings({ orgName: 'X', enabledSSO: true, ssoProviders: [{ id: 'p', name: 'P', protocol: 'saml', ...extra }] });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.key}`)).toEqual(expected);
  });

  it('refuses single sign-on without a provider, and two providers with one id', () => {
    const none = validateOrgSettings({ orgName: 'X', enabledSSO: true, ssoProviders: [] });
    expect(none.ok ? [] : none.errors.map((e) => `${e.pointer} ${e.key}`)).toEqual(['/ssoProviders admin.settings.error.sso.missing']);
    const oidc = { id: 'p', name: 'P', protocol: 'oidc', issuer: 'https://idp.example.org', clientId: 'portal' };
    const twice = validateOrgSettings({ orgName: 'X', enabledSSO: true, ssoProviders: [oidc, oidc] });
    expect(twice.ok ? [] : twice.errors.map((e) => `${e.pointer} ${e.key}`)).toEqual(['/ssoProviders/1/id admin.settings.error.sso.idTaken']);
  });
});
