/**
 * §7 forgot password: getQuestion, validateForgetPassword, sendEmail, validateEmail,
 * validateQuestionAnswer and `POST /{orgId}/forgotPassword` (§4 forgot flows, §5 "Forgot password"
 * and "Reset"). The reset mail goes through a real SMTP server on loopback and its link is followed.
 */
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECURITY_QUESTIONS } from '../../schemas/forms/commonFields.ts';
import { buildApp } from '../../server/app.ts';
import { contacts, loginThrottle, mailOutbox, passwordResets, sessionLogins } from '../../server/db/schema.ts';
import { FORGOT_THROTTLE_PER_ADDRESS, FORGOT_THROTTLE_PER_LOGIN } from '../../server/services/forgotPassword.ts';
import { createMailer, type Mailer } from '../../server/services/mail.ts';
import { headersOf, startSmtpServer, textBodyOf, type TestSmtpServer } from '../support/smtpServer.ts';
import { setCookie, signInAsDemoMember, startSession, useTestApp, UNLIMITED_ADDRESSES } from '../support/testApp.ts';

const PUBLIC_URL = 'https://portal.example.test';
const DEMO_EMAIL = 'demo.member@example.org';
const DEMO_PASSWORD = 'Demo!Member2026';
/** demo.member's security question and answer, set up below (the seed stores none). */
const QUESTION = 'question_three';
const ANSWER = 'Evergreen Terrace';

/**
 * fedagency as it was before it required a second factor (issue 15): this file is about its FedRAMP
 * password lock-out, with the password alone; the second step's own counting is tests/api/secondFactors.test.ts.
 */
const t = useTestApp({ orgSettings: { fedagency: { requireSecondFactor: false } } });
// One address gets three reset mails an hour (issue 9 row 4, tests/api/mailLimit.test.ts); each test starts with none sent.
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
});
let smtp: TestSmtpServer;
let mailer: Mailer;
let app: FastifyInstance;
const mailErrors: string[] = [];

const db = () => t.database.db;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const answerHash = (answer: string) => argon2.hash(answer.trim().toLowerCase(), { type: argon2.argon2id });

const member = async (orgId: string, username = 'demo.member') =>
  (await db().select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username))))[0]!;

/** A member of `orgId` with a security question, straight in the database. */
async function addMember(orgId: string, username: string, email: string) {
  const [row] = await db().insert(contacts).values({
    orgId, username, email, firstName: 'Extra', lastName: 'Member',
    passwordHash: await argon2.hash('Unused#Password2026', { type: argon2.argon2id }),
    securityQuestion: 'question_five', securityAnswerHash: await answerHash('Blue'),
  }).returning();
  return row!;
}

/** A reset link's token for `username` of `orgId`, straight in the database (the mailed ones are tested apart). */
async function resetToken(orgId: string, username = 'demo.member', minutesLeft = 60) {
  const token = randomBytes(32).toString('base64url');
  const { contactId } = await member(orgId, username);
  await db().insert(passwordResets).values({ orgId, tokenHash: sha256(token), contactId, expiresAt: new Date(Date.now() + minutesLeft * 60000) });
  return token;
}

const resetRow = async (orgId: string, token: string) =>
  (await db().select().from(passwordResets).where(and(eq(passwordResets.orgId, orgId), eq(passwordResets.tokenHash, sha256(token)))))[0];

const counts = async () => ({
  resets: (await db().select().from(passwordResets)).length,
  mails: (await db().select().from(mailOutbox)).length,
});

interface Caller {
  session?: { cookie: string; csrfToken: string };
  csrf?: string | null;
  remoteAddress?: string;
}

/** A form POST (application/x-www-form-urlencoded, as the browser sends it) with a visitor session and its CSRF token. */
async function post(url: string, fields: Record<string, string>, caller: Caller = {}) {
  const session = caller.session ?? (await startSession(app, 'springfield'));
  const csrf = caller.csrf === undefined ? session.csrfToken : caller.csrf;
  return app.inject({
    method: 'POST', url, remoteAddress: caller.remoteAddress,
    headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded', ...(csrf === null ? {} : { 'x-csrf-token': csrf }) },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function login(orgId: string, password: string) {
  const session = await startSession(app, orgId);
  const response = await app.inject({
    method: 'POST', url: '/manage/login', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    payload: { orgId, username: 'demo.member', password },
  });
  return response;
}

const accountOf = async (cookie: string, orgId: string) =>
  (await app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account as { username: string } | null;

/** The next mail to demo.member that says their password was changed (services/accountMails.ts), skipping none. */
async function mailedNotice() {
  const mail = await smtp.nextMail(DEMO_EMAIL);
  return { mail, body: textBodyOf(mail.raw) };
}

/** The reset link of the next mail to demo.member, and the mail (a password-changed notice before it is passed over). */
async function mailedLink(orgId: string) {
  let mail = await smtp.nextMail(DEMO_EMAIL);
  for (let i = 0; i < 3 && / was changed$/.test(headersOf(mail.raw).get('subject') ?? ''); i++) mail = await smtp.nextMail(DEMO_EMAIL);
  const body = textBodyOf(mail.raw);
  const match = new RegExp(`${PUBLIC_URL}/${orgId}/reset-password\\?token=([A-Za-z0-9_-]{43})\\n`).exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return { token: match[1]!, mail, body };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = createMailer({ db: db(), smtpUrl: smtp.url, log: { error: (_details, message) => mailErrors.push(message) } });
  app = await buildApp({ db: db(), client: null, demo: true, serverVersion: '0.0.0-test', publicUrl: PUBLIC_URL, mailer, hashLimits: UNLIMITED_ADDRESSES });
  await app.ready();
  // campus's demo.member keeps no question: the account without one.
  for (const orgId of ['springfield', 'acme', 'fedagency', 'paused']) {
    await db().update(contacts).set({ securityQuestion: QUESTION, securityAnswerHash: await answerHash(ANSWER) })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.username, 'demo.member')));
  }
  // Usernames that pass their organisation's policy as passwords, for the username refusal.
  await addMember('springfield', 'river2026side', 'river@example.org');
  await addMember('acme', 'Dana.Member9', 'dana@example.org');
  await addMember('fedagency', 'Agency@Member2026', 'agency@example.org');
});

afterAll(async () => {
  await app.close();
  await mailer.close();
  await smtp.close();
});

describe('which organisations answer', () => {
  const calls: [string, (orgId: string) => Promise<Awaited<ReturnType<typeof post>>>][] = [
    ['getQuestion', (orgId) => post(`/${orgId}/forgotPassword/getQuestion`, { loginId: 'demo.member' })],
    ['validateForgetPassword', (orgId) => post(`/${orgId}/forgotPassword/validateForgetPassword`, { loginId: 'demo.member', email: DEMO_EMAIL, version: '201911' })],
    ['sendEmail', (orgId) => post(`/${orgId}/forgotPassword/sendEmail`, { loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' })],
    ['validateEmail', (orgId) => app.inject({ url: `/${orgId}/forgotPassword/validateEmail?loginId=demo.member&email=${DEMO_EMAIL}` })],
    ['validateQuestionAnswer', (orgId) => post(`/${orgId}/forgotPassword/validateQuestionAnswer`, { loginId: 'demo.member', securityAnswer: ANSWER })],
    ['forgotPassword', (orgId) => post(`/${orgId}/forgotPassword`, { token: 'x', password: 'maple2026x', confirmPassword: 'maple2026x' })],
  ];
  const refusals: [string, number, string][] = [
    ['nowhere', 404, 'org.notFound'],
    ['dormant', 404, 'org.notFound'],
    ['paused', 403, 'ssp.page.deactivated'],
  ];

  it.each(calls.flatMap(([name, call]) => refusals.map(([orgId, status, errorCode]) => [name, orgId, status, errorCode, call] as const)))(
    '%s in %s answers %i %s and sends nothing',
    async (_name, orgId, status, errorCode, call) => {
      const before = await counts();
      const response = await call(orgId);
      expect(response.statusCode).toBe(status);
      expect(response.json().errorCode).toBe(errorCode);
      expect(await counts()).toEqual(before);
    },
  );
});

describe('POST /{orgId}/forgotPassword/getQuestion', () => {
  const question = async (orgId: string, loginId: string) => {
    const response = await post(`/${orgId}/forgotPassword/getQuestion`, { loginId });
    expect(response.statusCode).toBe(200);
    return response.json().question as string;
  };

  it('answers the account\'s own question, whatever the case of the login', async () => {
    expect(await question('springfield', 'demo.member')).toBe(QUESTION);
    expect(await question('springfield', '  Demo.Member ')).toBe(QUESTION);
    expect(await question('fedagency', 'DEMO.MEMBER')).toBe(QUESTION);
  });

  it('answers an unknown login one of the 11 questions, the same one every time', async () => {
    const first = await question('springfield', 'nobody.at.all');
    expect(SECURITY_QUESTIONS).toContain(first);
    expect(await question('springfield', 'nobody.at.all')).toBe(first);
    expect(await question('springfield', 'NOBODY.at.all')).toBe(first);
  });

  it('picks the decoy by login, not one question for every stranger', async () => {
    const decoys = await Promise.all(Array.from({ length: 24 }, (_, i) => question('acme', `stranger${i}`)));
    for (const decoy of decoys) expect(SECURITY_QUESTIONS).toContain(decoy);
    expect(new Set(decoys).size).toBeGreaterThan(1);
  });

  it('answers an account without a question a stable decoy too (campus demo.member)', async () => {
    const decoy = await question('campus', 'demo.member');
    expect(SECURITY_QUESTIONS).toContain(decoy);
    expect(await question('campus', 'demo.member')).toBe(decoy);
  });

  it.each([
    ['no loginId', {}, [['/username', 'login.username.required']]],
    ['an empty loginId', { loginId: '' }, [['/username', 'login.username.required']]],
    ['blanks only', { loginId: '   ' }, [['/username', 'login.username.required']]],
    ['81 characters', { loginId: 'u'.repeat(81) }, [['/username', 'jquery.validation.maxlength']]],
  ])('refuses %s with the §5 key', async (_name, fields, keys) => {
    const response = await post('/springfield/forgotPassword/getQuestion', fields as Record<string, string>);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(keys);
  });

  it('refuses a loginId over 200 characters, or one that is no text, with request.invalid', async () => {
    expect((await post('/springfield/forgotPassword/getQuestion', { loginId: 'u'.repeat(201) })).json().errorCode).toBe('request.invalid');
    const session = await startSession(app);
    const response = await app.inject({
      method: 'POST', url: '/springfield/forgotPassword/getQuestion', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { loginId: { $ne: null } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});

describe('POST /{orgId}/forgotPassword/validateForgetPassword', () => {
  const good = { loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' };
  it.each([
    ['the whole form', good],
    ['the first step, without an answer', { loginId: 'demo.member', email: DEMO_EMAIL, version: '201911' }],
    ['an address that is not the account\'s (never revealed)', { ...good, email: 'someone.else@example.org' }],
    ['an unknown login (never revealed)', { ...good, loginId: 'nobody.at.all' }],
    ['a wrong answer (never revealed)', { ...good, securityAnswer: 'wrong' }],
  ])('answers true to %s', async (_name, fields) => {
    const response = await post('/springfield/forgotPassword/validateForgetPassword', fields);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
  });

  it.each([
    ['an empty loginId', { ...good, loginId: '' }, [['/username', 'login.username.required']]],
    ['no email', { loginId: 'demo.member', securityAnswer: ANSWER }, [['/email', 'jquery.validation.field.required']]],
    ['an email that is no address', { ...good, email: 'demo.member.example.org' }, [['/email', 'jquery.validation.email']]],
    ['an email of 81 characters', { ...good, email: `${'m'.repeat(69)}@example.com` }, [['/email', 'jquery.validation.maxlength']]],
    ['an answer of one character', { ...good, securityAnswer: 'a' }, [['/securityAnswer', 'jquery.validation.minlength']]],
    ['an empty answer that was sent', { ...good, securityAnswer: '' }, [['/securityAnswer', 'jquery.validation.minlength']]],
    ['nothing at all', {}, [['/username', 'login.username.required'], ['/email', 'jquery.validation.field.required']]],
  ])('refuses %s with the §5 keys', async (_name, fields, keys) => {
    const response = await post('/springfield/forgotPassword/validateForgetPassword', fields);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(keys);
  });
});

describe('POST /{orgId}/forgotPassword/sendEmail', () => {
  const good = { loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' };

  it.each([
    ['an unknown login', 'springfield', { ...good, loginId: 'nobody.at.all' }],
    ['the wrong e-mail address', 'springfield', { ...good, email: 'someone.else@example.org' }],
    ['the wrong answer', 'springfield', { ...good, securityAnswer: 'Springfield Elementary' }],
    ['a member of another organisation', 'springfield', { loginId: 'Dana.Member9', email: 'dana@example.org', securityAnswer: 'Blue', version: '201911' }],
    ['an account without a security question', 'campus', { ...good, securityAnswer: 'anything at all' }],
  ])('answers the generic status 1 to %s, and no mail and no reset link result', async (_name, orgId, fields) => {
    const before = { ...(await counts()), delivered: smtp.received.length };
    const response = await post(`/${orgId}/forgotPassword/sendEmail`, fields);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: '1' });
    await mailer.settle();
    expect({ ...(await counts()), delivered: smtp.received.length }).toEqual(before);
  });

  it.each([
    ['an empty loginId', { ...good, loginId: '' }, [['/username', 'login.username.required']]],
    ['an email that is no address', { ...good, email: 'nope' }, [['/email', 'jquery.validation.email']]],
    ['no answer', { loginId: 'demo.member', email: DEMO_EMAIL }, [['/securityAnswer', 'jquery.validation.field.required']]],
    ['an answer of 121 characters', { ...good, securityAnswer: 'a'.repeat(121) }, [['/securityAnswer', 'jquery.validation.maxlength']]],
  ])('refuses %s with 400 and the §5 keys, and sends nothing', async (_name, fields, keys) => {
    const before = await counts();
    const response = await post('/springfield/forgotPassword/sendEmail', fields);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(keys);
    expect(await counts()).toEqual(before);
  });
});

describe('the mailed reset link (springfield, end to end over SMTP)', () => {
  it('arrives only when login, address and answer match, works once, and the new password logs in', async () => {
    // A browser signed in to springfield and acme on the same session.
    const signedIn = await login('springfield', DEMO_PASSWORD);
    expect(signedIn.json().status).toBe('1');
    const cookie = `SSPSESSION=${setCookie(signedIn, 'SSPSESSION')!.value}`;
    await signInAsDemoMember(t.database, 'acme', setCookie(signedIn, 'SSPSESSION')!.value);
    expect(await accountOf(cookie, 'springfield')).toMatchObject({ username: 'demo.member' });

    // Login in another case, the address in capitals, the answer with blanks and in another case.
    const response = await post('/springfield/forgotPassword/sendEmail', {
      loginId: 'Demo.Member', email: ' DEMO.Member@Example.org ', securityAnswer: '  evergreen TERRACE ', version: '201911',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: '1' });

    const { token, mail, body } = await mailedLink('springfield');
    expect(mail.rcptTo).toEqual([DEMO_EMAIL]);
    expect(headersOf(mail.raw).get('subject')).toBe('Reset your password for City of Springfield');
    expect(body).toContain('demo.member');
    const row = (await resetRow('springfield', token))!;
    expect(row).toMatchObject({ contactId: (await member('springfield')).contactId, usedAt: null });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60000);

    // The page asks whose password the link resets before anything is typed; nothing is used up.
    const resetLink = (t: string, orgId = 'springfield') => app.inject({ url: `/${orgId}/forgotPassword/resetLink?token=${encodeURIComponent(t)}` });
    expect((await resetLink(token)).json()).toEqual({ username: 'demo.member' });
    expect((await resetLink(token)).headers['cache-control']).toBe('no-store');
    expect((await resetRow('springfield', token))!.usedAt).toBeNull();
    // Another token: its last character changed (to one it is not: 1 token in 64 already ends in A).
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const [other, orgId] of [[altered, 'springfield'], [token, 'acme'], ['', 'springfield']] as const) {
      const refused = await resetLink(other, orgId);
      expect(refused.statusCode).toBe(400);
      if (other) expect(refused.json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });
    }

    const reset = await post('/springfield/forgotPassword', { token, password: 'Maple2027tree', confirmPassword: 'Maple2027tree' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: '1' });
    expect((await resetRow('springfield', token))!.usedAt).toBeInstanceOf(Date);
    expect((await resetLink(token)).json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });

    // The security notice (issue 11, NIST SP 800-63B): to the member, naming the account, with the way back.
    const notice = await mailedNotice();
    expect(headersOf(notice.mail.raw).get('subject')).toBe('Your password for City of Springfield was changed');
    expect(notice.body).toContain('demo.member');
    expect(notice.body).toContain(`${PUBLIC_URL}/springfield/forgot-password`);

    // The reset ended the member's springfield sign-in; the acme one is another account.
    expect(await accountOf(cookie, 'springfield')).toBeNull();
    expect(await accountOf(cookie, 'acme')).toMatchObject({ username: 'demo.member' });

    const again = await post('/springfield/forgotPassword', { token, password: 'Other2027tree', confirmPassword: 'Other2027tree' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });

    const old = await login('springfield', DEMO_PASSWORD);
    expect(old.statusCode).toBe(403);
    expect(old.json().errorCode).toBe('login.failed');
    const fresh = await login('springfield', 'Maple2027tree');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().status).toBe('1');
    expect(mailErrors).toEqual([]);
  });

  it('keeps one link of the contact: using one ends the others', async () => {
    const fields = { loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' };
    await post('/acme/forgotPassword/sendEmail', fields);
    const first = (await mailedLink('acme')).token;
    await post('/acme/forgotPassword/sendEmail', fields);
    const second = (await mailedLink('acme')).token;
    expect(second).not.toBe(first);

    const reset = await post('/acme/forgotPassword', { token: second, password: 'Acmecorp1', confirmPassword: 'Acmecorp1' });
    expect(reset.json()).toEqual({ status: '1' });
    expect(await resetRow('acme', first)).toBeUndefined();
    const stale = await post('/acme/forgotPassword', { token: first, password: 'Acmecorp2', confirmPassword: 'Acmecorp2' });
    expect(stale.json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });
    expect(await argon2.verify((await member('acme')).passwordHash!, 'Acmecorp1')).toBe(true);
  });

  it('refuses a mailed link once it has expired', async () => {
    await post('/fedagency/forgotPassword/sendEmail', { loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' });
    const { token } = await mailedLink('fedagency');
    await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResets.orgId, 'fedagency'), eq(passwordResets.tokenHash, sha256(token))));
    const before = (await member('fedagency')).passwordHash;
    const response = await post('/fedagency/forgotPassword', { token, password: 'Acme#Corp2026', confirmPassword: 'Acme#Corp2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });
    expect((await member('fedagency')).passwordHash).toBe(before);
  });
});

describe('POST /{orgId}/forgotPassword', () => {
  type Row = [string, string, string, string, string, string, [string, string][]];
  const rows: Row[] = [
    // [case, org, username, password, confirmPassword, errorCode, [pointer, key][]]
    ['public: no digit', 'springfield', 'demo.member', 'abcdefgh', 'abcdefgh', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['public: 7 characters', 'springfield', 'demo.member', 'abc1234', 'abc1234', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['private: two classes only', 'acme', 'demo.member', 'abcdefg1', 'abcdefg1', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['private: 7 characters', 'acme', 'demo.member', 'Abc#123', 'Abc#123', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['FedRAMP: 10 characters', 'fedagency', 'demo.member', 'Acme#Corp1', 'Acme#Corp1', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['FedRAMP: no capital', 'fedagency', 'demo.member', 'acme#corp2026', 'acme#corp2026', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['FedRAMP: a private-strength password', 'fedagency', 'demo.member', 'Acmecorp1', 'Acmecorp1', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['a confirmation that differs', 'acme', 'demo.member', 'Maple#2027x', 'Maple#2027y', 'validation', [['/confirmPassword', 'ssp.password.confirm.invalid']]],
    ['no password', 'springfield', 'demo.member', '', '', 'validation', [['/newPassword', 'login.password.required'], ['/confirmPassword', 'jquery.validation.field.required']]],
    ['blanks only', 'springfield', 'demo.member', '   ', '   ', 'validation', [['/newPassword', 'login.password.required'], ['/confirmPassword', 'jquery.validation.field.required']]],
    ['public: the username', 'springfield', 'river2026side', 'River2026Side', 'River2026Side', 'ssp.password.same.as.username', [['/newPassword', 'ssp.password.same.as.username']]],
    ['private: the username', 'acme', 'Dana.Member9', 'dana.member9', 'dana.member9', 'validation', [['/newPassword', 'ssp.password.valid.invalid']]],
    ['private: the username, meeting the policy', 'acme', 'Dana.Member9', 'Dana.Member9', 'Dana.Member9', 'ssp.password.same.as.username', [['/newPassword', 'ssp.password.same.as.username']]],
    ['FedRAMP: the username', 'fedagency', 'Agency@Member2026', 'agency@MEMBER2026', 'agency@MEMBER2026', 'ssp.password.same.as.username', [['/newPassword', 'ssp.password.same.as.username']]],
    ['public: a common password', 'springfield', 'demo.member', 'password1', 'password1', 'ssp.password.too.common', [['/newPassword', 'ssp.password.too.common']]],
    ['private: a common password', 'acme', 'demo.member', 'Password123', 'Password123', 'ssp.password.too.common', [['/newPassword', 'ssp.password.too.common']]],
    ['FedRAMP: a common password', 'fedagency', 'demo.member', 'Password@123', 'Password@123', 'ssp.password.too.common', [['/newPassword', 'ssp.password.too.common']]],
  ];

  it.each(rows)('refuses %s (%s) and changes nothing', async (_name, orgId, username, password, confirmPassword, errorCode, keys) => {
    const token = await resetToken(orgId, username);
    const before = (await member(orgId, username)).passwordHash;
    const response = await post(`/${orgId}/forgotPassword`, { token, password, confirmPassword });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 'failed', errorCode });
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(keys);
    expect((await member(orgId, username)).passwordHash).toBe(before);
    expect((await resetRow(orgId, token))!.usedAt).toBeNull();
  });

  it.each([
    ['an unknown token', () => Promise.resolve(randomBytes(32).toString('base64url'))],
    ['no token', () => Promise.resolve('')],
    ['a token of another organisation', () => resetToken('acme')],
    ['an expired token', () => resetToken('springfield', 'demo.member', -1)],
  ])('refuses %s with ssp.resetPassword.link.invalid', async (_name, makeToken) => {
    const token = await makeToken();
    const before = (await member('springfield')).passwordHash;
    const response = await post('/springfield/forgotPassword', { token, password: 'maple2026x', confirmPassword: 'maple2026x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });
    expect((await member('springfield')).passwordHash).toBe(before);
  });

  it('clears an expired-password marker and a FedRAMP lock', async () => {
    await db().update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, 'fedagency'), eq(contacts.username, 'demo.member')));
    for (let i = 0; i < 3; i++) await login('fedagency', `wrong-${i}`);
    expect((await login('fedagency', DEMO_PASSWORD)).json().errorCode).toBe('ssp.request.account.locked.fedRamp');
    const token = await resetToken('fedagency');
    const response = await post('/fedagency/forgotPassword', { token, password: 'Acme#Corp2026', confirmPassword: 'Acme#Corp2026' });
    expect(response.json()).toEqual({ status: '1' });
    expect(await member('fedagency')).toMatchObject({ passwordExpired: false });
    expect((await login('fedagency', 'Acme#Corp2026')).json().status).toBe('1');
  });
});

describe('GET validateEmail and POST validateQuestionAnswer', () => {
  const validateEmail = (orgId: string, loginId: string, email: string, remoteAddress?: string) =>
    app.inject({ url: `/${orgId}/forgotPassword/validateEmail?${new URLSearchParams({ loginId, email })}`, remoteAddress });
  const validateAnswer = (orgId: string, loginId: string, securityAnswer: string, remoteAddress?: string) =>
    post(`/${orgId}/forgotPassword/validateQuestionAnswer`, { loginId, securityAnswer }, { remoteAddress });

  it.each([
    ['the account\'s address', true, 'demo.member', DEMO_EMAIL],
    ['the address in another case', true, 'DEMO.member', 'Demo.Member@EXAMPLE.org'],
    ['another address', false, 'demo.member', 'someone.else@example.org'],
    ['an unknown login', false, 'nobody.at.all', DEMO_EMAIL],
  ])('validateEmail: %s → %s', async (_name, expected, loginId, email) => {
    const response = await validateEmail('acme', loginId, email, '10.0.1.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(expected);
  });

  it.each([
    ['the answer', true, 'demo.member', ANSWER],
    ['the answer trimmed and in another case', true, 'demo.member', '  EVERGREEN terrace '],
    ['a wrong answer', false, 'demo.member', 'Springfield'],
    ['an unknown login', false, 'nobody.at.all', ANSWER],
  ])('validateQuestionAnswer: %s → %s', async (_name, expected, loginId, answer) => {
    const response = await validateAnswer('acme', loginId, answer, '10.0.1.2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(expected);
  });

  it.each([
    ['validateEmail without email', () => app.inject({ url: '/acme/forgotPassword/validateEmail?loginId=demo.member' })],
    ['validateEmail with an empty loginId', () => validateEmail('acme', '', DEMO_EMAIL)],
    ['validateQuestionAnswer without an answer', () => post('/acme/forgotPassword/validateQuestionAnswer', { loginId: 'demo.member' })],
    ['validateQuestionAnswer with a loginId over 200 characters', () => validateAnswer('acme', 'u'.repeat(201), 'x')],
  ])('refuses %s with 400 request.invalid', async (_name, call) => {
    const response = await call();
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it(`answers 429 after ${FORGOT_THROTTLE_PER_LOGIN} wrong answers for one login, to both calls, until the window has passed`, async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < FORGOT_THROTTLE_PER_LOGIN / 2; i++) {
      expect((await validateEmail('springfield', 'demo.member', `wrong${i}@example.org`, address)).json()).toBe(false);
      // A right answer in between does not clear the count.
      expect((await validateEmail('springfield', 'demo.member', DEMO_EMAIL, address)).json()).toBe(true);
      expect((await validateAnswer('springfield', 'demo.member', `wrong ${i}`, address)).json()).toBe(false);
    }
    for (const response of [
      await validateEmail('springfield', 'demo.member', DEMO_EMAIL, address),
      await validateAnswer('springfield', 'Demo.Member', ANSWER, '10.0.2.2'),
    ]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ errorCode: 'forgotPassword.throttled' });
    }
    // Another login from the same address is still answered.
    expect((await validateAnswer('springfield', 'river2026side', 'Blue', address)).json()).toBe(true);

    await db().update(loginThrottle).set({ windowStart: new Date(Date.now() - 16 * 60000) })
      .where(and(eq(loginThrottle.orgId, 'springfield'), eq(loginThrottle.key, 'fp:user:demo.member')));
    expect((await validateAnswer('springfield', 'demo.member', ANSWER, address)).json()).toBe(true);
  });

  it(`answers 429 after ${FORGOT_THROTTLE_PER_ADDRESS} wrong answers from one address, whatever the login`, async () => {
    const address = '10.0.3.1';
    for (let i = 0; i < FORGOT_THROTTLE_PER_ADDRESS; i++) {
      expect((await validateEmail('campus', `stranger${i}`, DEMO_EMAIL, address)).json()).toBe(false);
    }
    const throttled = await validateEmail('campus', 'demo.member', DEMO_EMAIL, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ errorCode: 'forgotPassword.throttled' });
    expect((await validateEmail('campus', 'demo.member', DEMO_EMAIL, '10.0.3.2')).json()).toBe(true);
  });
});

describe('CSRF', () => {
  const calls: [string, string, () => Promise<Record<string, string>>][] = [
    ['getQuestion', '/springfield/forgotPassword/getQuestion', async () => ({ loginId: 'demo.member' })],
    ['validateForgetPassword', '/springfield/forgotPassword/validateForgetPassword', async () => ({ loginId: 'demo.member', email: DEMO_EMAIL })],
    ['sendEmail', '/springfield/forgotPassword/sendEmail', async () => ({ loginId: 'demo.member', email: DEMO_EMAIL, securityAnswer: ANSWER, version: '201911' })],
    ['validateQuestionAnswer', '/springfield/forgotPassword/validateQuestionAnswer', async () => ({ loginId: 'csrf.probe', securityAnswer: 'wrong' })],
    ['forgotPassword', '/springfield/forgotPassword', async () => ({ token: await resetToken('springfield'), password: 'maple2026x', confirmPassword: 'maple2026x' })],
  ];

  it.each(calls.flatMap(([name, url, fields]) => [
    [name, 'no', url, fields, null],
    [name, 'a wrong', url, fields, 'not-the-token'],
  ] as const))('refuses %s with %s X-CSRF-TOKEN: 403, nothing changed', async (_name, _which, url, fields, csrf) => {
    const payload = await fields();
    const before = { ...(await counts()), password: (await member('springfield')).passwordHash };
    const response = await post(url, payload, { csrf });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorCode: 'csrf.invalid' });
    await mailer.settle();
    expect({ ...(await counts()), password: (await member('springfield')).passwordHash }).toEqual(before);
    if (payload.token) expect((await resetRow('springfield', payload.token))!.usedAt).toBeNull();
    const throttle = await db().select().from(loginThrottle).where(and(eq(loginThrottle.orgId, 'springfield'), eq(loginThrottle.key, 'fp:user:csrf.probe')));
    expect(throttle).toEqual([]);
  });

  it('keeps every sign-in of a refused reset', async () => {
    const signedIn = await login('campus', DEMO_PASSWORD);
    const token = await resetToken('campus');
    await post('/campus/forgotPassword', { token, password: 'maple2026x', confirmPassword: 'maple2026x' }, { csrf: null });
    const { contactId } = await member('campus');
    const logins = await db().select().from(sessionLogins).where(and(eq(sessionLogins.orgId, 'campus'), eq(sessionLogins.contactId, contactId)));
    expect(logins).toHaveLength(1);
    expect(await accountOf(`SSPSESSION=${setCookie(signedIn, 'SSPSESSION')!.value}`, 'campus')).toMatchObject({ username: 'demo.member' });
  });
});
