/**
 * §7 `POST /manage/login` (§4 login states, §5 login rules, §6 FedRAMP lock-out) and session
 * rotation, against the real app on a fresh database.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, loginThrottle } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { FEDRAMP_LOCK_MINUTES, FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT } from '../../server/services/login.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

/**
 * fedagency as it was before it required a second factor (issue 15): this file is about its FedRAMP
 * password lock-out, with the password alone; the second step's own counting is tests/api/secondFactors.test.ts.
 */
const t = useTestApp({ orgSettings: { fedagency: { requireSecondFactor: false } } });

async function login(orgId: string, username: string, password: string, session?: { cookie: string; csrfToken: string }) {
  const s = session ?? (await startSession(t.app, orgId));
  const response = await t.app.inject({
    method: 'POST', url: '/manage/login',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: { orgId, username, password, keepSigned: 'false' },
  });
  return { response, session: s };
}

const account = async (cookie: string, orgId: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account;

describe('POST /manage/login', () => {
  it('signs demo.member in on a new session and answers status 1 with the home page', async () => {
    const { response, session } = await login('springfield', 'demo.member', 'Demo!Member2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: '1', redirect: '/springfield/home' });
    const rotated = setCookie(response, 'SSPSESSION')!;
    expect(rotated.value).not.toBe(session.cookie.replace('SSPSESSION=', ''));
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(body.CSRF_TOKEN_FOR_SESSION).not.toBe(session.csrfToken);
    // The new cookie is signed in; the old one is gone.
    expect(await account(`SSPSESSION=${rotated.value}`, 'springfield')).toMatchObject({ name: 'Dana Member' });
    expect(await account(session.cookie, 'springfield')).toBeNull();
  });

  it('accepts the username in any case', async () => {
    const { response } = await login('acme', 'Demo.Member', 'Demo!Member2026');
    expect(response.json().status).toBe('1');
  });

  // On PGlite the login's statements carry the name as a literal (server/db/runStatement.ts): quotes
  // and backslashes in it are only characters of a name, on either database.
  it('signs in a member whose username holds quotes and backslashes, and counts such a name as any other', async () => {
    const username = "o'brien\\'; --";
    await t.database.db.insert(contacts).values({
      orgId: 'springfield', username, passwordHash: await hashPassword('Quoted#Name2026'), firstName: 'Quoted', lastName: 'Name', email: 'quoted@example.org',
    });
    expect((await login('springfield', username.toUpperCase(), 'Quoted#Name2026')).response.json().status).toBe('1');
    const stranger = "x'); delete from contacts; --\\";
    expect((await login('springfield', stranger, 'Quoted#Name2026')).response.json()).toEqual({ status: 'failed', errorCode: 'login.failed' });
    const [counted] = await t.database.db.select().from(loginThrottle)
      .where(and(eq(loginThrottle.orgId, 'springfield'), eq(loginThrottle.key, `user:${stranger.toLowerCase()}`)));
    expect(counted?.failures).toBe(1);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.username, username))).toHaveLength(1);
  });

  it.each([
    ['a wrong password', 'demo.member', 'wrong-password'],
    ['an unknown username', 'nobody.here', 'Demo!Member2026'],
  ])('refuses %s with the same answer', async (_name, username, password) => {
    const { response } = await login('campus', username, password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'failed', errorCode: 'login.failed' });
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
  });

  it.each([
    ['no username', { username: '', password: 'x' }, [['/username', 'login.username.enterUsername']]],
    ['no password', { username: 'demo.member', password: '' }, [['/password', 'login.password.enterPassword']]],
  ])('refuses %s with the §5 field keys', async (_name, fields, keys) => {
    const { response } = await login('springfield', fields.username, fields.password);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(keys);
  });

  it('refuses a login without the CSRF token, and in a deactivated or unknown organisation', async () => {
    const s = await startSession(t.app, 'springfield');
    const noCsrf = await t.app.inject({ method: 'POST', url: '/manage/login', headers: { cookie: s.cookie }, payload: { orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026' } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errorCode).toBe('csrf.invalid');
    expect((await login('paused', 'demo.member', 'Demo!Member2026')).response.json().errorCode).toBe('ssp.page.deactivated');
    expect((await login('nowhere', 'demo.member', 'Demo!Member2026', s)).response.statusCode).toBe(404);
  });

  it('answers status -1 for an expired password and signs nothing in (§4)', async () => {
    await t.database.db.update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, 'campus'), eq(contacts.username, 'demo.member')));
    const { response, session } = await login('campus', 'demo.member', 'Demo!Member2026');
    // With the proof of this login, which the expired-password change must carry (issue 9 row 2).
    expect(response.json()).toEqual({ status: '-1', redirect: '/campus/reset-password', expiredToken: expect.stringMatching(/^[\w-]{43}$/) });
    expect(await account(session.cookie, 'campus')).toBeNull();
    await t.database.db.update(contacts).set({ passwordExpired: false }).where(and(eq(contacts.orgId, 'campus'), eq(contacts.username, 'demo.member')));
  });
});

describe('FedRAMP lock-out (fedagency, §6)', () => {
  it('counts down the remaining attempts, then locks, and a right password does not open a locked account', async () => {
    const answers = [];
    for (let i = 0; i < FEDRAMP_MAX_ATTEMPTS; i++) answers.push((await login('fedagency', 'demo.member', `wrong-${i}`)).response.json());
    expect(answers).toEqual([
      { status: 'failed', errorCode: 'ssp.request.account.error.fedRamp', remainCount: 2 },
      { status: 'failed', errorCode: 'ssp.request.account.error.fedRamp', remainCount: 1 },
      { status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: 30 },
    ]);
    const locked = (await login('fedagency', 'demo.member', 'Demo!Member2026')).response;
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp' });
    // Once the lock has passed, the right password signs in and the count starts again.
    await t.database.db.update(loginThrottle).set({ windowStart: new Date(Date.now() - (FEDRAMP_LOCK_MINUTES * 60 + 1) * 1000) })
      .where(and(eq(loginThrottle.orgId, 'fedagency'), eq(loginThrottle.key, 'user:demo.member')));
    expect((await login('fedagency', 'demo.member', 'Demo!Member2026')).response.json().status).toBe('1');
  });

  it('answers an unknown username exactly as a known one', async () => {
    const answers = [];
    for (let i = 0; i < FEDRAMP_MAX_ATTEMPTS + 1; i++) answers.push((await login('fedagency', 'ghost.user', `wrong-${i}`)).response.json());
    expect(answers.map((a) => a.errorCode)).toEqual([
      'ssp.request.account.error.fedRamp', 'ssp.request.account.error.fedRamp', 'ssp.request.account.locked.fedRamp', 'ssp.request.account.locked.fedRamp',
    ]);
    expect(answers[0].remainCount).toBe(2);
  });
});

describe('throttling elsewhere (§6)', () => {
  it(`slows an account name down after ${THROTTLE_PER_ACCOUNT} failures, whether it exists or not`, async () => {
    for (const username of ['demo.member', 'someone.else']) {
      for (let i = 0; i < THROTTLE_PER_ACCOUNT; i++) expect((await login('acme', username, 'wrong')).response.statusCode).toBe(403);
      const throttled = (await login('acme', username, 'Demo!Member2026')).response;
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toEqual({ status: 'failed', errorCode: 'login.throttled' });
    }
  });
});
