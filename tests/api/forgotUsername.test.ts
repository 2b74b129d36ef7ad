/**
 * §7 forgot username: validateEmail (§5 "known") and sendEmail (statuses 1, 2, 3; the username is
 * e-mailed, never answered), with the mail read back from the outbox.
 */
import { desc, eq } from 'drizzle-orm';
import argon2 from 'argon2';
import { beforeEach, describe, expect, it } from 'vitest';
import { contacts, mailOutbox } from '../../server/db/schema.ts';
import { FORGOT_USERNAME_UNKNOWN_PER_ADDRESS } from '../../server/services/forgotUsername.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
// One address gets three username mails an hour (issue 9 row 4, tests/api/mailLimit.test.ts); each test starts with none sent.
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
});

const lastMail = async (orgId: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orgId, orgId)).orderBy(desc(mailOutbox.mailId)).limit(1))[0];

async function send(orgId: string, email: string, withCsrf = true) {
  const session = await startSession(t.app, orgId);
  return t.app.inject({
    method: 'POST', url: `/${orgId}/forgotUsername/sendEmail`,
    headers: { cookie: session.cookie, ...(withCsrf ? { 'x-csrf-token': session.csrfToken } : {}) },
    payload: { email },
  });
}

describe('GET /{orgId}/forgotUsername/validateEmail', () => {
  it.each([
    ['springfield', 'demo.member@example.org', true],
    ['springfield', 'DEMO.MEMBER@example.org', true],
    ['springfield', 'stranger@example.org', false],
  ])('%s · %s → %s', async (orgId, email, known) => {
    const response = await t.app.inject({ url: `/${orgId}/forgotUsername/validateEmail?email=${encodeURIComponent(email)}` });
    expect(response.json()).toBe(known);
  });

  it('refuses a missing e-mail and an unknown organisation', async () => {
    expect((await t.app.inject({ url: '/springfield/forgotUsername/validateEmail' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/nowhere/forgotUsername/validateEmail?email=a@b.co' })).statusCode).toBe(404);
  });
});

describe('POST /{orgId}/forgotUsername/sendEmail', () => {
  it('mails the username (status 1) and does not answer it', async () => {
    const response = await send('springfield', ' Demo.Member@example.org ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1 });
    expect(response.body).not.toContain('demo.member');
    const mail = (await lastMail('springfield'))!;
    expect(mail.recipient).toBe('Demo.Member@example.org');
    expect(mail.text).toContain('  demo.member');
    expect(mail.text).toMatch(/Sign in here: http:\/\/localhost(:\d+)?\/springfield\/login/);
  });

  it('answers status 2 when several accounts share the address, and lists them all in one mail', async () => {
    await t.database.db.insert(contacts).values({
      orgId: 'acme', username: 'dana.second', passwordHash: await argon2.hash('Second#Acct2026', { type: argon2.argon2id }),
      firstName: 'Dana', lastName: 'Second', email: 'demo.member@example.org',
    });
    expect((await send('acme', 'demo.member@example.org')).json()).toEqual({ status: 2 });
    const mail = (await lastMail('acme'))!;
    expect(mail.text).toContain('demo.member');
    expect(mail.text).toContain('dana.second');
  });

  it('answers status 3 in a single sign-on organisation', async () => {
    expect((await send('campus', 'demo.member@example.org')).json()).toEqual({ status: 3 });
    expect((await lastMail('campus'))!.text).toContain('single sign-on');
  });

  it.each([
    ['an unknown address', 'stranger@example.org', 400, 'ssp.forgotUsername.email.invalid'],
    ['an invalid address', 'demo.member@', 400, 'validation'],
    ['no address', '', 400, 'validation'],
  ])('refuses %s and sends nothing', async (_name, email, status, errorCode) => {
    const before = await lastMail('fedagency');
    const response = await send('fedagency', email);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    expect(await lastMail('fedagency')).toEqual(before);
  });

  it('refuses a call without the CSRF token, and in a deactivated organisation', async () => {
    expect((await send('springfield', 'demo.member@example.org', false)).statusCode).toBe(403);
    const paused = await send('paused', 'demo.member@example.org');
    expect(paused.statusCode).toBe(403);
    expect(paused.json().errorCode).toBe('ssp.page.deactivated');
  });

  it('puts PUBLIC_URL in the link, never the Host an attacker sent', async () => {
    const { buildApp } = await import('../../server/app.ts');
    const app = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: 'test', publicUrl: 'https://alerts.example.org' });
    try {
      const session = await startSession(app, 'springfield');
      await app.inject({
        method: 'POST', url: '/springfield/forgotUsername/sendEmail',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, host: 'evil.example' }, payload: { email: 'demo.member@example.org' },
      });
      const mail = (await lastMail('springfield'))!;
      expect(mail.text).toContain('Sign in here: https://alerts.example.org/springfield/login');
      expect(mail.text).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });
});

describe('forgot username: sifting addresses is throttled', () => {
  const probe = (orgId: string, email: string, remoteAddress: string) =>
    t.app.inject({ url: `/${orgId}/forgotUsername/validateEmail?email=${encodeURIComponent(email)}`, remoteAddress });

  it(`answers 429 to an address that tried ${FORGOT_USERNAME_UNKNOWN_PER_ADDRESS} unknown addresses, on both calls; known ones do not count; others are not held up`, async () => {
    const sifter = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await probe('springfield', 'demo.member@example.org', sifter)).json()).toBe(true);
    for (let i = 0; i < FORGOT_USERNAME_UNKNOWN_PER_ADDRESS; i++) {
      expect((await probe('springfield', `nobody${i}@example.org`, sifter)).json()).toBe(false);
    }
    const refused = await probe('springfield', 'demo.member@example.org', sifter);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: 'forgotUsername.throttled' });

    const session = await startSession(t.app, 'springfield');
    const before = await lastMail('springfield');
    const sent = await t.app.inject({
      method: 'POST', url: '/springfield/forgotUsername/sendEmail', remoteAddress: sifter,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload: { email: 'demo.member@example.org' },
    });
    expect(sent.statusCode).toBe(429);
    expect(await lastMail('springfield')).toEqual(before);

    expect((await probe('springfield', 'demo.member@example.org', '203.0.113.8')).json()).toBe(true);
    expect((await probe('acme', 'demo.member@example.org', sifter)).json()).toBe(true);
  });
});
