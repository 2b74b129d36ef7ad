/**
 * §7 `POST /deleteAccount/{orgId}`: who may delete, what goes, what is answered. Issue 9 row 16: the
 * member gives their current password, checked through the one throttle and lock-out of every
 * password check; an account without a password (public portal) needs a sign-in of the last 10 minutes.
 */
import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessKeys, addresses, contactPaths, contacts, loginThrottle, mailOutbox, organizations, passwordResets, sessionLogins } from '../../server/db/schema.ts';
import { updateSettings } from '../../server/repositories/organizations.ts';
import { issueAccessKey } from '../../server/services/accessKeys.ts';
import { RECENT_SIGN_IN_MS } from '../../server/services/recentSignIn.ts';
import { FEDRAMP_LOCK_MINUTES, FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT } from '../../server/services/passwordAttempts.ts';
import { postSignUp, validPayload } from '../support/signUp.ts';
import { setCookie, signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const DEMO_PASSWORD = 'Demo!Member2026';
const DELETE_WITH_PASSWORD = { _method: 'DELETE', password: DEMO_PASSWORD };

const contactNamed = async (orgId: string, username: string) =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username))))[0];
const member = (orgId: string) => contactNamed(orgId, 'demo.member');

async function remove(orgId: string, signIn: boolean, payload: Record<string, string> = DELETE_WITH_PASSWORD) {
  const session = await startSession(t.app, orgId);
  if (signIn) await signInAsDemoMember(t.database, orgId, session.sessionToken);
  return t.app.inject({ method: 'POST', url: `/deleteAccount/${orgId}`, headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload });
}

describe('POST /deleteAccount/{orgId}', () => {
  it.each([
    ['a visitor', 'springfield', false, 401, 'session.signInRequired'],
    ['a member of a private organisation', 'acme', true, 403, 'ssp.account.delete.notAllowed'],
    ['a member where the flag is off (paused is public)', 'paused', true, 403, 'ssp.account.delete.notAllowed'],
  ])('refuses %s and deletes nothing', async (_name, orgId, signIn, status, errorCode) => {
    const response = await remove(orgId, signIn);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status: 'no', errorCode });
    expect(await member(orgId)).toBeDefined();
  });

  it('refuses a call without _method=DELETE', async () => {
    const response = await remove('springfield', true, { password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(await member('springfield')).toBeDefined();
  });

  it('deletes the member and everything of theirs in springfield (public, flag on), and clears the stored cookies', async () => {
    const before = (await member('springfield'))!;
    await t.database.db.insert(passwordResets).values({ orgId: 'springfield', tokenHash: 'x', contactId: before.contactId, expiresAt: new Date(Date.now() + 60000) });
    const response = await remove('springfield', true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'yes' });
    expect(await member('springfield')).toBeUndefined();
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.orgId, 'springfield'))).toEqual([]);
    expect(await t.database.db.select().from(sessionLogins).where(eq(sessionLogins.orgId, 'springfield'))).toEqual([]);
    expect(setCookie(response, 'entryFromPublicPortal')).toMatchObject({ path: '/springfield', value: '' });
    // Other organisations keep their demo.member.
    expect(await member('acme')).toBeDefined();
  });

  it('takes a signed-up member\'s contact paths, address and access keys with them, in one go', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const signUp = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('springfield') });
    expect(signUp.statusCode).toBe(200);
    const { contactId, CSRF_TOKEN_FOR_SESSION: csrfToken } = signUp.json() as { contactId: number; CSRF_TOKEN_FOR_SESSION: string };
    const cookie = `SSPSESSION=${setCookie(signUp, 'SSPSESSION')!.value}`;
    await issueAccessKey(t.database.db, 'springfield', contactId);
    const rowsOf = async () => Promise.all([contactPaths, addresses, accessKeys].map(async (table) =>
      (await t.database.db.select().from(table).where(and(eq(table.orgId, 'springfield'), eq(table.contactId, contactId)))).length));
    expect(await rowsOf()).toEqual([2, 1, 1]);

    const payload = { _method: 'DELETE', password: validPayload('springfield').password as string };
    const response = await t.app.inject({ method: 'POST', url: '/deleteAccount/springfield', headers: { cookie, 'x-csrf-token': csrfToken }, payload });
    expect(response.json()).toEqual({ status: 'yes' });
    expect(await rowsOf()).toEqual([0, 0, 0]);
  });
});

let serial = 0;

/** A springfield member of this file's own, with a password, and a session signed in as them. */
async function ownMember(username: string, password = 'Own!Passw0rd2026') {
  await t.database.db.insert(contacts).values({
    orgId: 'springfield', username, firstName: 'Own', lastName: 'Member', email: `${username}@example.org`,
    passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
  });
  const contactId = (await contactNamed('springfield', username))!.contactId;
  const session = await startSession(t.app, 'springfield');
  await t.database.db.insert(sessionLogins).values({ orgId: 'springfield', sessionHash: sessionHashOf(session.sessionToken!), contactId });
  const send = (payload: Record<string, string>, address = '203.0.113.7') => t.app.inject({
    method: 'POST', url: '/deleteAccount/springfield', remoteAddress: address,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload,
  });
  return { contactId, session, send, exists: async () => (await contactNamed('springfield', username)) !== undefined };
}

const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe('deleting an account asks for the current password (issue 9 row 16)', () => {
  it.each([
    ['no password', { _method: 'DELETE' }, 400, 'login.password.required'],
    ['an empty password', { _method: 'DELETE', password: '' }, 400, 'login.password.required'],
    ['a wrong password', { _method: 'DELETE', password: 'Wrong!Passw0rd2026' }, 403, 'ssp.password.current.invalid'],
    ['the password in other case', { _method: 'DELETE', password: 'OWN!PASSW0RD2026' }, 403, 'ssp.password.current.invalid'],
  ])('refuses %s with status no, beside the password field, and deletes nothing', async (_name, payload, status, errorCode) => {
    const own = await ownMember(`own.refused.${++serial}`);
    const response = await own.send(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status: 'no', errorCode, errors: [{ pointer: '/password', key: errorCode, params: {} }] });
    expect(await own.exists()).toBe(true);
    // Still signed in: a refusal ends nothing.
    expect((await t.app.inject({ url: '/rest/init/account?orgId=springfield', headers: { cookie: own.session.cookie } })).json().account?.username).toBeDefined();
  });

  it('counts no attempt for a missing password, one for a wrong one', async () => {
    const own = await ownMember('own.counted');
    const failures = async () => (await t.database.db.select().from(loginThrottle)
      .where(and(eq(loginThrottle.orgId, 'springfield'), eq(loginThrottle.key, 'user:own.counted'))))[0]?.failures ?? 0;
    await own.send({ _method: 'DELETE' });
    expect(await failures()).toBe(0);
    await own.send({ _method: 'DELETE', password: 'Wrong!Passw0rd2026' });
    expect(await failures()).toBe(1);
  });

  it('deletes with the right password, and mails the address the account had a receipt of what was removed (issue 12)', async () => {
    const own = await ownMember('own.right');
    await t.database.db.insert(contactPaths).values([
      { orgId: 'springfield', contactId: own.contactId, pathId: 1, pathType: 'EMAIL', value: 'own.right@example.org' },
      {
        orgId: 'springfield', contactId: own.contactId, pathId: 2, pathType: 'SMS', value: '2175550190', countryCode: 'US', sortOrder: 1,
        quietTimeFrames: [{ name: 'Night', days: [1, 2, 3, 4, 5, 6, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 }],
      },
    ]);
    await t.database.db.insert(addresses).values({ orgId: 'springfield', contactId: own.contactId, locationName: 'Home', streetAddress: '1 Main St' });
    const receipts = () => t.database.db.select().from(mailOutbox)
      .where(and(eq(mailOutbox.orgId, 'springfield'), eq(mailOutbox.recipient, 'own.right@example.org'), eq(mailOutbox.kind, 'accountDeleted')));
    expect((await own.send({ _method: 'DELETE', password: 'Wrong!Passw0rd2026' })).statusCode).toBe(403);
    expect(await receipts(), 'a refused deletion mails nothing').toEqual([]);

    const response = await own.send({ _method: 'DELETE', password: 'Own!Passw0rd2026' });
    expect(response.json()).toEqual({ status: 'yes' });
    expect(await own.exists()).toBe(false);
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your account at City of Springfield was deleted');
    expect(receipt!.text).toMatch(/^Hello Own,\n\nYour account own\.right at City of Springfield was deleted on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, as you asked\./);
    for (const line of ['- 2 contact paths, with 1 quiet time\n', '- 1 location\n', '- 0 additional-information answers\n', '- 1 open sign-in\n', '- 0 access keys\n']) {
      expect(receipt!.text).toContain(line);
    }
  });

  it('after the limit of wrong passwords even the right one is refused, and the login is throttled too', async () => {
    const own = await ownMember('own.throttled');
    for (let i = 0; i < THROTTLE_PER_ACCOUNT; i++) {
      expect((await own.send({ _method: 'DELETE', password: `Wrong!Passw0rd${i}` })).json().errorCode).toBe('ssp.password.current.invalid');
    }
    const right = await own.send({ _method: 'DELETE', password: 'Own!Passw0rd2026' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: 'no', errorCode: 'login.throttled' });
    expect(await own.exists()).toBe(true);
    // One count for every password check: the login of that account is throttled as well.
    const login = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { cookie: own.session.cookie, 'x-csrf-token': own.session.csrfToken },
      payload: { orgId: 'springfield', username: 'own.throttled', password: 'Own!Passw0rd2026' },
    });
    expect(login.statusCode).toBe(429);
  });

  it('wrong passwords from many addresses still count against the account', async () => {
    const own = await ownMember('own.spread');
    for (let i = 0; i < THROTTLE_PER_ACCOUNT; i++) await own.send({ _method: 'DELETE', password: `Wrong!Passw0rd${i}` }, `198.51.100.${i + 1}`);
    expect((await own.send({ _method: 'DELETE', password: 'Own!Passw0rd2026' }, '198.51.100.200')).statusCode).toBe(429);
    expect(await own.exists()).toBe(true);
  });

  it('FedRAMP: the third wrong password locks the account, and the right one then deletes nothing', async () => {
    const [stored] = await t.database.db.select().from(organizations).where(eq(organizations.orgId, 'springfield'));
    const version = await updateSettings(t.database.db, 'springfield', { ...stored!.settings, isFedRAMPCustomer: true }, stored!.settingsVersion);
    // Saved past the admin service, which would tell this app's cache; its notification may still be on its way (PostgreSQL).
    t.app.orgCache.invalidate('springfield');
    try {
      const own = await ownMember('own.fedramp');
      for (let i = 1; i < FEDRAMP_MAX_ATTEMPTS; i++) {
        expect((await own.send({ _method: 'DELETE', password: `Wrong!Passw0rd${i}` })).json()).toMatchObject({ status: 'no', errorCode: 'ssp.password.current.invalid' });
      }
      const third = await own.send({ _method: 'DELETE', password: 'Wrong!Passw0rd3' });
      expect(third.statusCode).toBe(403);
      expect(third.json()).toEqual({ status: 'no', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: FEDRAMP_LOCK_MINUTES });
      const right = await own.send({ _method: 'DELETE', password: 'Own!Passw0rd2026' });
      expect(right.json()).toMatchObject({ status: 'no', errorCode: 'ssp.request.account.locked.fedRamp' });
      expect(await own.exists()).toBe(true);
    } finally {
      await updateSettings(t.database.db, 'springfield', stored!.settings, version!);
      t.app.orgCache.invalidate('springfield');
    }
  });

  it('a member signed in by access key still has to give the password', async () => {
    const own = await ownMember('own.keyed');
    const { accessKey } = await issueAccessKey(t.database.db, 'springfield', own.contactId);
    const signedIn = await t.app.inject({ url: `/rest/init/csrf?orgId=springfield`, headers: { authorization: `token ${accessKey}` } });
    const cookie = `SSPSESSION=${setCookie(signedIn, 'SSPSESSION')!.value}`;
    const headers = { cookie, 'x-csrf-token': signedIn.json().csrfToken as string };
    const bare = await t.app.inject({ method: 'POST', url: '/deleteAccount/springfield', headers, payload: { _method: 'DELETE' } });
    expect(bare.json()).toMatchObject({ status: 'no', errorCode: 'login.password.required' });
    expect(await own.exists()).toBe(true);
    const right = await t.app.inject({ method: 'POST', url: '/deleteAccount/springfield', headers, payload: { _method: 'DELETE', password: 'Own!Passw0rd2026' } });
    expect(right.json()).toEqual({ status: 'yes' });
    expect(await own.exists()).toBe(false);
  });

  describe('an account without a password (a public-portal account)', () => {
    async function portalMember(signedInAgoMs: number) {
      const [row] = await t.database.db.insert(contacts)
        .values({ orgId: 'springfield', username: null, passwordHash: null, firstName: 'Portal', lastName: 'Member', email: null, publicProfileId: null })
        .returning({ contactId: contacts.contactId });
      const contactId = row!.contactId;
      const session = await startSession(t.app, 'springfield');
      await t.database.db.insert(sessionLogins)
        .values({ orgId: 'springfield', sessionHash: sessionHashOf(session.sessionToken!), contactId, createdAt: new Date(Date.now() - signedInAgoMs) });
      const send = (payload: Record<string, string>) => t.app.inject({
        method: 'POST', url: '/deleteAccount/springfield', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload,
      });
      const exists = async () => (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.contactId, contactId)))).length === 1;
      return { send, exists };
    }

    it('deletes within 10 minutes of signing in, with no password asked', async () => {
      const portal = await portalMember(60_000);
      expect((await portal.send({ _method: 'DELETE' })).json()).toEqual({ status: 'yes' });
      expect(await portal.exists()).toBe(false);
    });

    it('asks a sign-in older than 10 minutes to sign in again, and deletes nothing, whatever password is sent', async () => {
      const portal = await portalMember(RECENT_SIGN_IN_MS + 60_000);
      for (const payload of [{ _method: 'DELETE' }, { _method: 'DELETE', password: 'anything' }] as Record<string, string>[]) {
        const response = await portal.send(payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ status: 'no', errorCode: 'ssp.account.delete.signInAgain' });
      }
      expect(await portal.exists()).toBe(true);
    });
  });
});
