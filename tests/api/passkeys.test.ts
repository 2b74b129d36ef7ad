/**
 * Issue 15 passkeys, verified with real WebAuthn data: a software authenticator (tests/support/
 * softAuthenticator.ts: an ES256 key of node's crypto, authenticatorData, clientDataJSON and a 'none'
 * attestationObject built as a browser and authenticator would) registers from the member's page and
 * at the sign-in, signs in without a password and as the second step; a wrong challenge, origin,
 * relying party, key, counter or user verification is refused. The relying party is the portal's
 * address (here, in demo mode without PUBLIC_URL: http://localhost, what inject's server calls itself).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, memberPasskeys } from '../../server/db/schema.ts';
import { relyingPartyOf } from '../../server/http/relyingParty.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { MemberBrowser } from '../support/memberBrowser.ts';
import { SoftAuthenticator, strangerKey, type Bend } from '../support/softAuthenticator.ts';
import { createTestApp, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const ORIGIN = 'http://localhost';
const PASSWORD = 'Pass#Keys2026x';
let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

let made = 0;
async function newMember(orgId: string) {
  const username = `passkey.member.${++made}`;
  const [row] = await t.database.db.insert(contacts)
    .values({ orgId, username, passwordHash, firstName: 'Pia', lastName: `Key${made}`, email: `${username}@example.org` })
    .returning({ contactId: contacts.contactId });
  return { username, contactId: row!.contactId };
}

interface Options { challenge: string; rp?: { id: string; name: string }; user?: { id: string; name: string; displayName: string }; [key: string]: unknown }

/** Adds a passkey from the member's page; answers the response of the registration. */
async function register(browser: MemberBrowser, base: string, authenticator: SoftAuthenticator, bend: Bend = {}, name?: string) {
  const started = await browser.post(`${base}/passkeys/options`);
  expect(started.statusCode, started.body).toBe(200);
  const { options } = started.json() as { options: Options };
  return browser.post(`${base}/passkeys`, { credential: authenticator.register(options, bend), ...(name === undefined ? {} : { name }) });
}

/** A signed-in springfield member with one passkey. */
async function memberWithPasskey() {
  const member = await newMember('springfield');
  const browser = new MemberBrowser(t.app, 'springfield');
  expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '1' });
  const base = `/springfield/${member.contactId}/secondFactors`;
  const authenticator = new SoftAuthenticator(ORIGIN, 'localhost');
  const added = await register(browser, base, authenticator, {}, 'Work laptop');
  expect(added.statusCode, added.body).toBe(200);
  return { ...member, browser, base, authenticator, added: added.json() as { passkey: { id: string }; recoveryCodes?: string[] } };
}

/** "Sign in with a passkey" in a new browser: the options, then the answer `answer` makes of them. */
async function passwordless(orgId: string, answer: (options: Options) => unknown) {
  const browser = new MemberBrowser(t.app, orgId);
  await browser.start();
  const started = await browser.post(`/${orgId}/signIn/passkey/options`);
  expect(started.statusCode, started.body).toBe(200);
  const { options, origin } = started.json() as { options: Options; origin: string };
  expect(origin).toBe(ORIGIN);
  const response = browser.takeToken(await browser.post(`/${orgId}/signIn/passkey`, { credential: answer(options) }));
  return { browser, options, response };
}

describe('adding a passkey from the member\'s page', () => {
  it('asks for a discoverable credential with user verification for the portal\'s relying party, and stores it with its name', async () => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const base = `/springfield/${member.contactId}/secondFactors`;
    const { options } = (await browser.post(`${base}/passkeys/options`)).json() as { options: Options };
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'City of Springfield' },
      user: { name: member.username, displayName: `Pia Key${made}` },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    // The user handle is random, not the contactId.
    expect(Buffer.from(options.user!.id, 'base64url')).toHaveLength(16);
    const authenticator = new SoftAuthenticator(ORIGIN, 'localhost');
    const added = await browser.post(`${base}/passkeys`, { credential: authenticator.register(options), name: '  Phone  ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      passkey: { id: authenticator.id, name: 'Phone', deviceType: 'singleDevice', backedUp: false, lastUsedAt: null },
      recoveryCodes: expect.any(Array),
    });
    const [stored] = await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.credentialId, authenticator.id));
    expect(stored).toMatchObject({ contactId: member.contactId, counter: 0, transports: ['internal'], userHandle: options.user!.id, name: 'Phone' });
    expect((await browser.get(base)).json()).toMatchObject({ passkeys: [{ id: authenticator.id, name: 'Phone' }], recoveryCodesLeft: 10, maxPasskeys: 10 });

    // A second passkey shares the user handle, excludes the first, and brings no new recovery codes.
    const second = (await browser.post(`${base}/passkeys/options`)).json() as { options: Options & { excludeCredentials: { id: string }[] } };
    expect(second.options.user!.id).toBe(options.user!.id);
    expect(second.options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const another = await browser.post(`${base}/passkeys`, { credential: new SoftAuthenticator(ORIGIN, 'localhost').register(second.options) });
    expect(another.json()).toMatchObject({ passkey: { name: '' } });
    expect(another.json()).not.toHaveProperty('recoveryCodes');
  });

  it.each<[string, Bend]>([
    ['another challenge', { challenge: Buffer.from('not the challenge').toString('base64url') }],
    ['another origin', { origin: 'https://evil.example' }],
    ['another relying party', { rpID: 'evil.example' }],
    ['no user verification', { userVerified: false }],
    ['an assertion instead of a creation', { type: 'webauthn.get' }],
  ])('refuses a registration with %s (400 passkey.invalid), and stores nothing', async (_name, bend) => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const response = await register(browser, `/springfield/${member.contactId}/secondFactors`, new SoftAuthenticator(ORIGIN, 'localhost'), bend);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'passkey.invalid' });
    expect(await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.contactId, member.contactId))).toEqual([]);
  });

  it('answers a challenge once, refuses one never handed out, and refuses a credential registered already', async () => {
    const { browser, base, authenticator } = await memberWithPasskey();
    const { options } = (await browser.post(`${base}/passkeys/options`)).json() as { options: Options };
    const fresh = new SoftAuthenticator(ORIGIN, 'localhost');
    const credential = fresh.register(options);
    expect((await browser.post(`${base}/passkeys`, { credential })).statusCode).toBe(200);
    expect((await browser.post(`${base}/passkeys`, { credential })).json()).toEqual({ errorCode: 'secondFactor.setupExpired' });
    const again = (await browser.post(`${base}/passkeys/options`)).json() as { options: Options };
    expect((await browser.post(`${base}/passkeys`, { credential: authenticator.register(again.options) })).json()).toEqual({ errorCode: 'passkey.exists' });
  });

  it('keeps at most 10 passkeys a member (409 passkey.limit)', async () => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const base = `/springfield/${member.contactId}/secondFactors`;
    for (let i = 0; i < 10; i++) expect((await register(browser, base, new SoftAuthenticator(ORIGIN, 'localhost'))).statusCode).toBe(200);
    const refused = await browser.post(`${base}/passkeys/options`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 'passkey.limit' });
  });

  it('renames and removes a passkey, only the member\'s own', async () => {
    const { browser, base, added } = await memberWithPasskey();
    const other = await memberWithPasskey();
    const id = added.passkey.id;
    expect((await browser.send('PUT', `${base}/passkeys/${id}`, { name: 'Desk key' })).json()).toEqual({ status: 'ok' });
    expect((await browser.get(base)).json()).toMatchObject({ passkeys: [{ id, name: 'Desk key' }] });
    expect((await browser.send('PUT', `${base}/passkeys/${other.added.passkey.id}`, { name: 'Mine now' })).json()).toEqual({ errorCode: 'secondFactor.notFound' });
    expect((await browser.send('DELETE', `${base}/passkeys/${other.added.passkey.id}`)).json()).toEqual({ errorCode: 'secondFactor.notFound' });
    expect((await browser.send('PUT', `${base}/passkeys/${id}`, { name: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await browser.send('DELETE', `${base}/passkeys/${id}`)).json()).toEqual({ status: 'ok' });
    expect((await browser.get(base)).json()).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await other.browser.get(other.base)).json()).toMatchObject({ passkeys: [{ id: other.added.passkey.id }] });
  });
});

describe('Sign in with a passkey (no username, no password)', () => {
  it('signs the member the passkey names in, with user verification, and counts its signatures', async () => {
    const member = await memberWithPasskey();
    const { browser, options, response } = await passwordless('springfield', (o) => member.authenticator.authenticate(o));
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: '1', redirect: '/springfield/home' });
    expect(await browser.account()).toMatchObject({ id: member.contactId });
    expect(browser.cookie('SSPPENDING')).toBeUndefined();
    const [stored] = await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.credentialId, member.authenticator.id));
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
  });

  it.each<[string, (key: SoftAuthenticator) => Bend, string]>([
    ['another challenge', () => ({ challenge: Buffer.from('replayed').toString('base64url') }), 'passkey.invalid'],
    ['another origin', () => ({ origin: 'https://phish.example' }), 'passkey.invalid'],
    ['another relying party', () => ({ rpID: 'phish.example' }), 'passkey.invalid'],
    ['no user verification', () => ({ userVerified: false }), 'passkey.invalid'],
    ['another key\'s signature', () => ({ signingKey: strangerKey() }), 'passkey.invalid'],
    ['a counter that did not grow (a cloned authenticator)', () => ({ counter: 0 }), 'passkey.invalid'],
    ['another member\'s user handle', () => ({ userHandle: Buffer.alloc(16, 7).toString('base64url') }), 'passkey.unknown'],
  ])('refuses an answer with %s, and signs nobody in', async (_name, bend, errorCode) => {
    const member = await memberWithPasskey();
    // One signature first, so the counter has something to go back from.
    expect((await passwordless('springfield', (o) => member.authenticator.authenticate(o))).response.statusCode).toBe(200);
    const { browser, response } = await passwordless('springfield', (o) => member.authenticator.authenticate(o, bend(member.authenticator)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 'failed', errorCode });
    expect(await browser.account()).toBeNull();
  });

  it('refuses a passkey the organisation does not know, and one of another organisation', async () => {
    const stranger = new SoftAuthenticator(ORIGIN, 'localhost');
    stranger.userHandle = Buffer.alloc(16).toString('base64url');
    expect((await passwordless('springfield', (o) => stranger.authenticate(o))).response.json()).toEqual({ status: 'failed', errorCode: 'passkey.unknown' });
    const member = await memberWithPasskey();
    expect((await passwordless('acme', (o) => member.authenticator.authenticate(o))).response.json()).toEqual({ status: 'failed', errorCode: 'passkey.unknown' });
  });

  it('takes the answer only from the browser that asked, and once', async () => {
    const member = await memberWithPasskey();
    const asking = new MemberBrowser(t.app, 'springfield');
    await asking.start();
    const { options } = (await asking.post('/springfield/signIn/passkey/options')).json() as { options: Options };
    const credential = member.authenticator.authenticate(options);
    const other = new MemberBrowser(t.app, 'springfield');
    await other.start();
    expect((await other.post('/springfield/signIn/passkey', { credential })).json()).toEqual({ status: 'failed', errorCode: 'secondFactor.pendingExpired' });
    expect((await asking.post('/springfield/signIn/passkey', { credential })).statusCode).toBe(200);
  });

  it('keeps a FedRAMP account locked', async () => {
    const member = await newMember('fedagency');
    const browser = new MemberBrowser(t.app, 'fedagency');
    expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '2' });
    // Enrolment at the sign-in, with a passkey: signed in, with the recovery codes.
    const { options } = (await browser.post('/fedagency/signIn/pending/passkeys/options')).json() as { options: Options };
    const authenticator = new SoftAuthenticator(ORIGIN, 'localhost');
    const enrolled = await browser.post('/fedagency/signIn/pending/passkeys', { credential: authenticator.register(options), name: 'Badge' });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({ status: '1', recoveryCodes: expect.any(Array) });
    for (let i = 0; i < 3; i++) await new MemberBrowser(t.app, 'fedagency').login(member.username, 'Wrong#Password1');
    const { response } = await passwordless('fedagency', (o) => authenticator.authenticate(o));
    expect(response.json()).toMatchObject({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp' });
  });
});

describe('a passkey as the second step after the password', () => {
  it('offers the member\'s own passkeys (user verification preferred) and signs in with one', async () => {
    const member = await memberWithPasskey();
    const browser = new MemberBrowser(t.app, 'springfield');
    expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '2' });
    expect((await browser.get('/springfield/signIn/pending')).json()).toMatchObject({ passkey: true, totp: false, recoveryCodes: true });
    const { options } = (await browser.post('/springfield/signIn/pending/passkey/options')).json() as { options: Options & { allowCredentials: { id: string }[] } };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([member.authenticator.id]);
    expect(options.userVerification).toBe('preferred');
    // Another challenge is refused (and counted); the one handed out is then used up too.
    const wrongOne = await browser.post('/springfield/signIn/pending/passkey', { credential: member.authenticator.authenticate(options, { challenge: 'AAAA' }) });
    expect(wrongOne.json()).toEqual({ status: 'failed', errorCode: 'passkey.invalid' });
    const again = (await browser.post('/springfield/signIn/pending/passkey/options')).json() as { options: Options };
    const done = browser.takeToken(await browser.post('/springfield/signIn/pending/passkey', { credential: member.authenticator.authenticate(again.options, { userVerified: false }) }));
    expect(done.statusCode, done.body).toBe(200);
    expect(await browser.account()).toMatchObject({ id: member.contactId });
  });

  it('refuses another member\'s passkey as this member\'s second step', async () => {
    const member = await memberWithPasskey();
    const other = await memberWithPasskey();
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const { options } = (await browser.post('/springfield/signIn/pending/passkey/options')).json() as { options: Options };
    const response = await browser.post('/springfield/signIn/pending/passkey', { credential: other.authenticator.authenticate(options) });
    expect(response.json()).toEqual({ status: 'failed', errorCode: 'passkey.invalid' });
    expect(await browser.account()).toBeNull();
  });
});

describe('the relying party', () => {
  it.each([
    ['https://alerts.example.org', { rpID: 'alerts.example.org', origin: 'https://alerts.example.org' }],
    ['https://alerts.example.org:8443', { rpID: 'alerts.example.org', origin: 'https://alerts.example.org:8443' }],
    ['http://127.0.0.1:8080', { rpID: 'localhost', origin: 'http://localhost:8080' }],
    ['http://[::1]:8080', { rpID: 'localhost', origin: 'http://localhost:8080' }],
    ['http://localhost', { rpID: 'localhost', origin: 'http://localhost' }],
    ['http://192.0.2.7:8080', null],
  ])('of a portal at %s', (address, expected) => {
    expect(relyingPartyOf(address)).toEqual(expected);
  });

  it('is PUBLIC_URL\'s, whatever Host the request names', async () => {
    const app = await createTestApp({ demo: false });
    try {
      const [row] = await app.database.db.insert(contacts).values({ orgId: 'springfield', username: 'rp.member', passwordHash, firstName: 'R', lastName: 'P' })
        .returning({ contactId: contacts.contactId });
      const browser = new MemberBrowser(app.app, 'springfield');
      expect((await browser.login('rp.member', PASSWORD)).json()).toMatchObject({ status: '1' });
      const response = await app.app.inject({
        method: 'POST', url: `/springfield/${row!.contactId}/secondFactors/passkeys/options`,
        headers: { cookie: `SSPSESSION=${browser.cookie('SSPSESSION')}`, 'x-csrf-token': browser.csrfToken, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.json()).toMatchObject({ options: { rp: { id: 'portal.example.org' } }, origin: 'https://portal.example.org' });
    } finally {
      await app.close();
    }
  });
});
