/**
 * Issue 15 "Passkeys and one-time codes": the authenticator app (RFC 6238) and recovery codes, added
 * from the member's page and at the sign-in where the organisation requires a second factor; the
 * second step after the password (its pending sign-in kept server-side, 5 minutes, finished once), its
 * throttle and FedRAMP lock-out (the password's counting); the last factor kept where one is required.
 * Passkeys are in passkeys.test.ts. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, loginThrottle, memberTotp, pendingSignIns, recoveryCodes, secondFactorEnrolments, sessionLogins } from '../../server/db/schema.ts';
import { matchingTotpStep } from '../../server/services/oneTimeCodes.ts';
import { RECENT_SIGN_IN_MS, isRecentSignIn } from '../../server/services/recentSignIn.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { sweep } from '../../server/services/sweep.ts';
import { MemberBrowser } from '../support/memberBrowser.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const PASSWORD = 'Second#Factor2026';
let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

let made = 0;
/** A new member of `orgId` with PASSWORD and no second factor. */
async function newMember(orgId: string): Promise<{ username: string; contactId: number }> {
  const username = `second.factor.${++made}`;
  const [row] = await t.database.db.insert(contacts)
    .values({ orgId, username, passwordHash, firstName: 'Sam', lastName: `Factor${made}`, email: `${username}@example.org` })
    .returning({ contactId: contacts.contactId });
  return { username, contactId: row!.contactId };
}

/** The code of `secret` at `offsetSteps` steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/**
 * A new member, signed in, with an authenticator app: added from their page in springfield (no second
 * factor required there), at the sign-in in fedagency (required). Answers its secret and recovery codes.
 */
async function memberWithApp(orgId = 'springfield') {
  const member = await newMember(orgId);
  const browser = new MemberBrowser(t.app, orgId);
  const base = `/${orgId}/${member.contactId}/secondFactors`;
  const login = (await browser.login(member.username, PASSWORD)).json() as { status: string };
  const [setupUrl, confirmUrl] = login.status === '2'
    ? [`/${orgId}/signIn/pending/totp/setup`, `/${orgId}/signIn/pending/totp`]
    : [`${base}/totp/setup`, `${base}/totp`];
  const setup = await browser.post(setupUrl);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = browser.takeToken(await browser.post(confirmUrl, { code: codeAt(secret) }));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...member, browser, secret, base, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const storedSteps = async (orgId: string, contactId: number) =>
  (await t.database.db.select().from(memberTotp).where(and(eq(memberTotp.orgId, orgId), eq(memberTotp.contactId, contactId))))[0]?.lastUsedStep;

/** Waits until the current 30-second step has at least `seconds` left (so a code of "now" stays now). */
async function awayFromStepEnd(seconds = 3) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('the authenticator app, added from the member\'s page', () => {
  it('hands out a secret with its otpauth address and QR code, and stores it only once a code of it is typed', async () => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const base = `/springfield/${member.contactId}/secondFactors`;
    const setup = await browser.post(`${base}/totp/setup`);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, uri, qrCode } = setup.json() as { secret: string; uri: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/City%20of%20Springfield:${member.username}?issuer=City%20of%20Springfield&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect((await browser.get(base)).json()).toMatchObject({ totp: null, recoveryCodesLeft: 0, required: false });

    // A wrong code stores nothing and the setup stays (the member may type again).
    const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await browser.post(`${base}/totp`, { code: wrongCode })).json()).toEqual({ errorCode: 'secondFactor.codeInvalid' });
    expect(await storedSteps('springfield', member.contactId)).toBeUndefined();

    const confirmed = await browser.post(`${base}/totp`, { code: codeAt(secret).replace(/(\d{3})/, '$1 ') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept only as HMACs: no code is in the table.
    const kept = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.contactId, member.contactId));
    expect(kept).toHaveLength(10);
    for (const row of kept) expect(codes.map((code) => code.replace('-', ''))).not.toContain(row.codeHash);
    // The setup is used up; a second app is refused.
    expect((await browser.get(base)).json()).toMatchObject({ totp: { lastUsedAt: expect.any(String) }, recoveryCodesLeft: 10 });
    expect((await browser.post(`${base}/totp`, { code: codeAt(secret) })).json()).toEqual({ errorCode: 'secondFactor.setupExpired' });
    expect((await browser.post(`${base}/totp/setup`)).json()).toEqual({ errorCode: 'secondFactor.totpExists' });
  });

  it('refuses the confirmation of a setup that expired', async () => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const base = `/springfield/${member.contactId}/secondFactors`;
    const { secret } = (await browser.post(`${base}/totp/setup`)).json() as { secret: string };
    await t.database.db.update(secondFactorEnrolments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(secondFactorEnrolments.contactId, member.contactId));
    expect((await browser.post(`${base}/totp`, { code: codeAt(secret) })).json()).toEqual({ errorCode: 'secondFactor.setupExpired' });
    await sweep(t.database.db);
    expect(await t.database.db.select().from(secondFactorEnrolments).where(eq(secondFactorEnrolments.contactId, member.contactId))).toEqual([]);
  });
});

describe('TOTP codes: ±1 step, each once (RFC 6238)', () => {
  const secret = new Secret({ size: 20 }).base32;
  const at = Date.UTC(2026, 10, 30, 12, 0, 15);
  const code = (steps: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at + steps * 30_000 });
  const step = Math.floor(at / 30_000);

  it.each([[-1], [0], [1]])('takes the code of step %i from now, and names its step', (offset) => {
    expect(matchingTotpStep(secret, code(offset), at)).toBe(step + offset);
  });

  it.each([[-3], [-2], [2], [3]])('refuses the code of step %i from now', (offset) => {
    expect(matchingTotpStep(secret, code(offset), at)).toBeNull();
  });

  it.each([['12345'], ['1234567'], ['abcdef'], ['']])('refuses %j (not 6 digits)', (typed) => {
    expect(matchingTotpStep(secret, typed, at)).toBeNull();
  });
});

describe('the second step after the password', () => {
  it('asks a member with an app for it: the password signs nobody in, the pending sign-in is an HttpOnly cookie, a code finishes it', async () => {
    const member = await memberWithApp();
    const browser = new MemberBrowser(t.app, 'springfield');
    const login = await browser.login(member.username, PASSWORD);
    expect(login.json()).toEqual({ status: '2', redirect: '/springfield/login/verify' });
    const pending = login.cookies.find((cookie) => cookie.name === 'SSPPENDING')!;
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/springfield/signIn' });
    expect(pending.expires!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(login.cookies.find((cookie) => cookie.name === 'SSPSESSION')).toBeUndefined();
    expect(await browser.account()).toBeNull();
    // Only a hash of the token is kept.
    expect(await t.database.db.select().from(pendingSignIns).where(eq(pendingSignIns.tokenHash, pending.value))).toEqual([]);

    const state = await browser.get('/springfield/signIn/pending');
    expect(state.json()).toMatchObject({ enrol: false, totp: true, passkey: false, recoveryCodes: true });
    expect((state.json() as { expiresInSeconds: number }).expiresInSeconds).toBeLessThanOrEqual(300);

    await awayFromStepEnd();
    const done = browser.takeToken(await browser.post('/springfield/signIn/pending/code', { code: codeAt(member.secret, 1) }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: '1', redirect: '/springfield/home', CSRF_TOKEN_FOR_SESSION: expect.any(String) });
    expect(browser.cookie('SSPPENDING')).toBeUndefined();
    expect(await browser.account()).toMatchObject({ id: member.contactId });
  });

  it('needs the CSRF token', async () => {
    const member = await memberWithApp();
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const response = await browser.post('/springfield/signIn/pending/code', { code: codeAt(member.secret) }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    expect(await browser.account()).toBeNull();
  });

  it('refuses a code outside ±1 step, a code used already, and one of an earlier step than the last used', async () => {
    // Codes are named by the step the setup used, not by "now": a step may end while the test runs.
    await awayFromStepEnd(10);
    const member = await memberWithApp();
    const setupStep = (await storedSteps('springfield', member.contactId))!;
    const codeOfStep = (step: number) => new TOTP({ secret: Secret.fromBase32(member.secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: step * 30_000 });
    const attempt = async (code: string) => {
      const browser = new MemberBrowser(t.app, 'springfield');
      expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '2' });
      return { browser, response: await browser.post('/springfield/signIn/pending/code', { code }) };
    };
    for (const offset of [-2, 3]) {
      const { browser, response } = await attempt(codeAt(member.secret, offset));
      expect(response.statusCode, `step ${offset}`).toBe(403);
      expect(response.json(), `step ${offset}`).toEqual({ status: 'failed', errorCode: 'secondFactor.codeInvalid' });
      expect(await browser.account()).toBeNull();
    }
    // The setup took the step of its code; that code again is refused.
    expect((await attempt(codeOfStep(setupStep))).response.json()).toEqual({ status: 'failed', errorCode: 'secondFactor.codeUsed' });
    const next = codeOfStep(setupStep + 1);
    expect((await attempt(next)).response.json()).toMatchObject({ status: '1' });
    expect((await attempt(next)).response.json()).toEqual({ status: 'failed', errorCode: 'secondFactor.codeUsed' });
    // The step before the one used last (still within ±1 of now) is refused too.
    expect((await attempt(codeOfStep(setupStep))).response.json()).toEqual({ status: 'failed', errorCode: 'secondFactor.codeUsed' });
    expect(await storedSteps('springfield', member.contactId)).toBe(setupStep + 1);
  });

  it('takes each recovery code once, typed in any case and with or without its dash', async () => {
    const member = await memberWithApp();
    const [first, second] = member.recoveryCodes as [string, string];
    const signIn = async (code: string) => {
      const browser = new MemberBrowser(t.app, 'springfield');
      await browser.login(member.username, PASSWORD);
      return browser.post('/springfield/signIn/pending/code', { code });
    };
    expect((await signIn(first.toUpperCase())).json()).toMatchObject({ status: '1' });
    expect((await signIn(first)).json()).toEqual({ status: 'failed', errorCode: 'secondFactor.codeInvalid' });
    expect((await signIn(` ${second.replace('-', ' ')} `)).json()).toMatchObject({ status: '1' });
    expect((await member.browser.get(member.base)).json()).toMatchObject({ recoveryCodesLeft: 8 });
    // New codes void the old ones.
    const renewed = await member.browser.post(`${member.base}/recoveryCodes`);
    expect(renewed.statusCode).toBe(200);
    expect((await signIn(member.recoveryCodes[2]!)).json()).toMatchObject({ errorCode: 'secondFactor.codeInvalid' });
    expect((await signIn((renewed.json() as { recoveryCodes: string[] }).recoveryCodes[0]!)).json()).toMatchObject({ status: '1' });
  });

  it('forgets a pending sign-in after 5 minutes, and signs in once with it', async () => {
    const member = await memberWithApp();
    const late = new MemberBrowser(t.app, 'springfield');
    await late.login(member.username, PASSWORD);
    await t.database.db.update(pendingSignIns).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(pendingSignIns.contactId, member.contactId));
    expect((await late.get('/springfield/signIn/pending')).json()).toEqual({ status: 'failed', errorCode: 'secondFactor.pendingExpired' });
    expect((await late.post('/springfield/signIn/pending/code', { code: member.recoveryCodes[0] })).json())
      .toEqual({ status: 'failed', errorCode: 'secondFactor.pendingExpired' });
    expect(await late.account()).toBeNull();
    await sweep(t.database.db);
    expect(await t.database.db.select().from(pendingSignIns).where(eq(pendingSignIns.contactId, member.contactId))).toEqual([]);

    // Finished once: the same cookie again (kept by whoever copied it) finds nothing.
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const token = browser.cookie('SSPPENDING')!;
    expect((await browser.post('/springfield/signIn/pending/code', { code: member.recoveryCodes[1] })).json()).toMatchObject({ status: '1' });
    const copy = new MemberBrowser(t.app, 'springfield');
    await copy.start();
    copy.setCookie('SSPPENDING', token);
    expect((await copy.post('/springfield/signIn/pending/code', { code: member.recoveryCodes[2] })).json())
      .toEqual({ status: 'failed', errorCode: 'secondFactor.pendingExpired' });
    expect(await copy.account()).toBeNull();
    // And nobody finishes a pending sign-in of another organisation with it.
    const elsewhere = new MemberBrowser(t.app, 'acme');
    await elsewhere.start();
    elsewhere.setCookie('SSPPENDING', token);
    expect((await elsewhere.get('/acme/signIn/pending')).json()).toMatchObject({ errorCode: 'secondFactor.pendingExpired' });
  });

  it('leaves a member without a second factor, and an expired password, as they were', async () => {
    const member = await newMember('springfield');
    const browser = new MemberBrowser(t.app, 'springfield');
    expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '1' });
    const expired = await memberWithApp();
    await t.database.db.update(contacts).set({ passwordExpired: true }).where(eq(contacts.contactId, expired.contactId));
    const answer = (await new MemberBrowser(t.app, 'springfield').login(expired.username, PASSWORD)).json();
    expect(answer).toMatchObject({ status: '-1', redirect: '/springfield/reset-password', expiredToken: expect.any(String) });
  });

  it('throttles wrong codes as it throttles wrong passwords (10 per account name in 15 minutes), and the password again buys no more', async () => {
    const member = await memberWithApp();
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    for (let i = 0; i < 6; i++) {
      expect((await browser.post('/springfield/signIn/pending/code', { code: '000000' })).json()).toMatchObject({ errorCode: 'secondFactor.codeInvalid' });
    }
    // The right password again: the wrong codes stay counted.
    await browser.login(member.username, PASSWORD);
    for (let i = 0; i < 4; i++) {
      expect((await browser.post('/springfield/signIn/pending/code', { code: 'zzzzz-zzzzz' })).json()).toMatchObject({ errorCode: 'secondFactor.codeInvalid' });
    }
    const throttled = await browser.post('/springfield/signIn/pending/code', { code: member.recoveryCodes[0] });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ status: 'failed', errorCode: 'login.throttled' });
    expect(await browser.account()).toBeNull();
  });
});

describe('FedRAMP (fedagency): a second factor required, wrong codes lock the account', () => {
  it('has a member without one add an app right after the password, shows the recovery codes, and only then signs in', async () => {
    const member = await newMember('fedagency');
    const browser = new MemberBrowser(t.app, 'fedagency');
    expect((await browser.login(member.username, PASSWORD)).json()).toEqual({ status: '2', redirect: '/fedagency/login/verify' });
    expect((await browser.get('/fedagency/signIn/pending')).json()).toMatchObject({ enrol: true, totp: false, passkey: false, recoveryCodes: false });
    // No code is taken before a factor is added.
    expect((await browser.post('/fedagency/signIn/pending/code', { code: '123456' })).json()).toMatchObject({ errorCode: 'secondFactor.enrolFirst' });
    const setup = await browser.post('/fedagency/signIn/pending/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(uri).toContain('issuer=Federal%20Agency');
    expect(await browser.account()).toBeNull();
    const done = browser.takeToken(await browser.post('/fedagency/signIn/pending/totp', { code: codeAt(secret) }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: '1', redirect: '/fedagency/home', recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]) });
    expect(await browser.account()).toMatchObject({ id: member.contactId });
    // Once added, the enrolment is closed to the password alone.
    const again = new MemberBrowser(t.app, 'fedagency');
    await again.login(member.username, PASSWORD);
    expect((await again.get('/fedagency/signIn/pending')).json()).toMatchObject({ enrol: false, totp: true });
    expect((await again.post('/fedagency/signIn/pending/totp/setup')).json()).toMatchObject({ errorCode: 'secondFactor.enrolNotAllowed' });
  });

  it('refuses enrolment at the sign-in where no second factor is required', async () => {
    const member = await memberWithApp();
    await t.database.db.delete(memberTotp).where(eq(memberTotp.contactId, member.contactId));
    const browser = new MemberBrowser(t.app, 'springfield');
    expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '1' });
  });

  it('counts wrong codes with wrong passwords: 3 in a row lock the account for 30 minutes, the right code included', async () => {
    const member = await memberWithApp('fedagency');
    const browser = new MemberBrowser(t.app, 'fedagency');
    // One wrong password, then the right one: the wrong one stays counted.
    expect((await browser.login(member.username, 'Wrong#Password1')).json()).toMatchObject({ remainCount: 2 });
    expect((await browser.login(member.username, PASSWORD)).json()).toMatchObject({ status: '2' });
    expect((await browser.post('/fedagency/signIn/pending/code', { code: '000001' })).json())
      .toEqual({ status: 'failed', errorCode: 'secondFactor.codeInvalid', remainCount: 1 });
    const locked = await browser.post('/fedagency/signIn/pending/code', { code: '000002' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: 30 });
    await awayFromStepEnd();
    expect((await browser.post('/fedagency/signIn/pending/code', { code: codeAt(member.secret, 1) })).json()).toMatchObject({ status: 'locked' });
    expect((await new MemberBrowser(t.app, 'fedagency').login(member.username, PASSWORD)).json()).toMatchObject({ status: 'locked' });
    expect(await browser.account()).toBeNull();
    // A right code within the budget clears the count.
    await t.database.db.delete(loginThrottle).where(eq(loginThrottle.key, `user:${member.username}`));
    const fresh = new MemberBrowser(t.app, 'fedagency');
    await fresh.login(member.username, PASSWORD);
    expect((await fresh.post('/fedagency/signIn/pending/code', { code: '999999' })).json()).toMatchObject({ remainCount: 2 });
    expect((await fresh.post('/fedagency/signIn/pending/code', { code: member.recoveryCodes[0] })).json()).toMatchObject({ status: '1' });
    expect(await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, `user:${member.username}`))).toEqual([]);
  });

  it('refuses to remove the last factor where one is required (409 secondFactor.required), and removes it elsewhere with the recovery codes', async () => {
    const fed = await memberWithApp('fedagency');
    const refused = await fed.browser.send('DELETE', `${fed.base}/totp`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 'secondFactor.required' });
    expect((await fed.browser.get(fed.base)).json()).toMatchObject({ required: true, totp: { createdAt: expect.any(String) } });

    const city = await memberWithApp('springfield');
    expect((await city.browser.send('DELETE', `${city.base}/totp`)).json()).toEqual({ status: 'ok' });
    expect((await city.browser.get(city.base)).json()).toMatchObject({ totp: null, recoveryCodesLeft: 0 });
    expect((await city.browser.send('DELETE', `${city.base}/totp`)).json()).toEqual({ errorCode: 'secondFactor.notFound' });
    expect((await city.browser.post(`${city.base}/recoveryCodes`)).json()).toEqual({ errorCode: 'secondFactor.none' });
    expect((await new MemberBrowser(t.app, 'springfield').login(city.username, PASSWORD)).json()).toMatchObject({ status: '1' });
  });
});

describe('a change needs a recent sign-in, 10 minutes (a session someone else holds adds no factor and removes none)', () => {
  /** Makes the member's sign-in in `orgId` `ms` old. */
  const signedInAgo = (orgId: string, contactId: number, ms: number) => t.database.db.update(sessionLogins)
    .set({ createdAt: new Date(Date.now() - ms) }).where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.contactId, contactId)));
  const storedCodes = async (contactId: number) => (await t.database.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes)
    .where(and(eq(recoveryCodes.orgId, 'springfield'), eq(recoveryCodes.contactId, contactId)))).map((row) => row.hash).sort();
  const registration = { credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAAAAAA', attestationObject: 'AAAAAAAA' } } };

  it.each([
    ['POST', '/totp/setup', undefined],
    ['POST', '/totp', { code: '123456' }],
    ['DELETE', '/totp', undefined],
    ['POST', '/passkeys/options', undefined],
    ['POST', '/passkeys', registration],
    ['DELETE', '/passkeys/AAAA', undefined],
    ['POST', '/recoveryCodes', undefined],
  ] as const)('refuses %s …%s 10 minutes and a second after the sign-in with 403 secondFactor.signInAgain, changing nothing', async (method, path, body) => {
    const member = await memberWithApp();
    const before = { factors: (await member.browser.get(member.base)).json(), codes: await storedCodes(member.contactId) };
    await signedInAgo('springfield', member.contactId, RECENT_SIGN_IN_MS + 1000);
    const refused = await member.browser.send(method, `${member.base}${path}`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorCode: 'secondFactor.signInAgain' });
    expect({ factors: (await member.browser.get(member.base)).json(), codes: await storedCodes(member.contactId) }).toEqual(before);
  });

  it('lets the same change through within 10 minutes of the sign-in, and again after signing in anew', async () => {
    const member = await memberWithApp();
    await signedInAgo('springfield', member.contactId, RECENT_SIGN_IN_MS - 60_000);
    const renewed = await member.browser.post(`${member.base}/recoveryCodes`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((renewed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    await signedInAgo('springfield', member.contactId, RECENT_SIGN_IN_MS + 60_000);
    expect((await member.browser.send('DELETE', `${member.base}/totp`)).statusCode).toBe(403);
    await awayFromStepEnd();
    const again = new MemberBrowser(t.app, 'springfield');
    expect((await again.login(member.username, PASSWORD)).json()).toMatchObject({ status: '2' });
    again.takeToken(await again.post('/springfield/signIn/pending/code', { code: codeAt(member.secret, 1) }));
    expect((await again.send('DELETE', `${member.base}/totp`)).json()).toEqual({ status: 'ok' });
  });

  it.each([
    [0, false],
    [RECENT_SIGN_IN_MS, false],
    [RECENT_SIGN_IN_MS + 1, true],
    [null, true],
  ])('reads a sign-in %s ms old as too old: %s', (age, tooOld) => {
    const now = Date.now();
    expect(isRecentSignIn(age === null ? null : new Date(now - age), now)).toBe(!tooOld);
  });
});

describe('bad input', () => {
  it.each([
    ['a code too long', { code: 'x'.repeat(41) }, 400],
    ['no code', {}, 400],
    ['an empty code', { code: '  ' }, 400],
  ])('refuses %s with an errorCode, never 500', async (_name, body, status) => {
    const member = await memberWithApp();
    const browser = new MemberBrowser(t.app, 'springfield');
    await browser.login(member.username, PASSWORD);
    const response = await browser.post('/springfield/signIn/pending/code', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('errorCode');
  });
});
