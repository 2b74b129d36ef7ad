/**
 * Issue 9 row 4: no mail bombing and no free address oracle. One address gets at most
 * MAILS_PER_RECIPIENT_PER_HOUR mails of one kind an hour whoever asks (counted and written under one
 * advisory lock, so concurrent requests cannot overshoot, on PGlite and PostgreSQL alike); the
 * forgot-username checks are throttled per client and per client and address, never per address
 * alone, so nobody can shut out an address's owner.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contacts, loginThrottle, mailOutbox } from '../../server/db/schema.ts';
import { FORGOT_USERNAME_PER_TARGET, FORGOT_USERNAME_UNKNOWN_PER_ADDRESS } from '../../server/services/forgotUsername.ts';
import { MAILS_PER_RECIPIENT_PER_HOUR } from '../../server/services/mail.ts';
import { adminSession } from '../support/signUp.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const OWNER = 'demo.member@example.org';
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
  await t.database.db.delete(loginThrottle);
});

const mailsTo = async (recipient: string, kind?: string) => (await t.database.db.select().from(mailOutbox)
  .where(and(eq(sql`lower(${mailOutbox.recipient})`, recipient.toLowerCase()), kind ? eq(mailOutbox.kind, kind) : undefined))).length;

async function sendUsername(email: string, remoteAddress: string, orgId = 'springfield') {
  const session = await startSession(t.app, orgId);
  return t.app.inject({
    method: 'POST', url: `/${orgId}/forgotUsername/sendEmail`, remoteAddress,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload: { email },
  });
}

async function sendResetLink(remoteAddress: string) {
  const session = await startSession(t.app, 'springfield');
  return t.app.inject({
    method: 'POST', url: '/springfield/forgotPassword/sendEmail', remoteAddress,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    payload: { loginId: 'demo.member', email: OWNER, securityAnswer: 'Blue', version: '201911' },
  });
}

const validateEmail = (email: string, remoteAddress: string) =>
  t.app.inject({ url: `/springfield/forgotUsername/validateEmail?email=${encodeURIComponent(email)}`, remoteAddress });

describe(`mails to one address: ${MAILS_PER_RECIPIENT_PER_HOUR} an hour of each kind, whoever asks`, () => {
  it('queues 3 of 30 concurrent forgot-username requests from 30 clients, and answers every one alike', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sendUsername(i % 2 ? OWNER : OWNER.toUpperCase(), `192.0.2.${i + 1}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['{"status":1}']));
    expect(await mailsTo(OWNER, 'forgotUsername')).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('sends 3 of 10 reset links, answers each the generic status 1, and counts the kinds apart', async () => {
    for (let i = 0; i < 10; i++) expect((await sendResetLink(`198.51.100.${i + 1}`)).json()).toEqual({ status: '1' });
    expect(await mailsTo(OWNER, 'resetPassword')).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
    // The username mail is another kind: it still goes.
    expect((await sendUsername(OWNER, '198.51.100.99')).json()).toEqual({ status: 1 });
    expect(await mailsTo(OWNER, 'forgotUsername')).toBe(1);
  });

  it('counts the address across organisations, and sends again once the hour is over', async () => {
    for (const orgId of ['springfield', 'acme', 'springfield', 'acme']) await sendUsername(OWNER, '203.0.113.50', orgId);
    expect(await mailsTo(OWNER)).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
    await t.database.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 61 * 60_000) });
    await sendUsername(OWNER, '203.0.113.51');
    expect(await mailsTo(OWNER)).toBe(MAILS_PER_RECIPIENT_PER_HOUR + 1);
  });

  it('refuses a 4th invitation to one address in an hour with 429, still handing the administrator the link', async () => {
    const admin = await adminSession(t.app, t.database.db);
    const invite = () => t.app.inject({
      method: 'POST', url: '/admin/api/orgs/acme/invitations', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
      payload: { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy.invitee@example.org' },
    });
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) expect((await invite()).statusCode).toBe(201);
    const fourth = await invite();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ errorCode: 'invitation.mail.limited', contactId: expect.any(Number), url: expect.stringContaining('/acme/') });
    expect(await mailsTo('ivy.invitee@example.org', 'invitation')).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
    const [invitee] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.email, 'ivy.invitee@example.org')));
    expect(invitee?.contactId).toBe(fourth.json().contactId);
  });
});

describe('the forgot-username address check: per client, never per address alone', () => {
  it(`answers one client ${FORGOT_USERNAME_PER_TARGET} questions about one address, then 429, while another client still gets its answer`, async () => {
    for (let i = 0; i < FORGOT_USERNAME_PER_TARGET; i++) expect((await validateEmail(OWNER, '192.0.2.77')).json()).toBe(true);
    const refused = await validateEmail(OWNER, '192.0.2.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: 'forgotUsername.throttled' });
    expect((await sendUsername(OWNER, '192.0.2.77')).statusCode).toBe(429);
    // The owner, elsewhere:
    expect((await validateEmail(OWNER, '192.0.2.78')).json()).toBe(true);
    expect((await sendUsername(OWNER, '192.0.2.78')).json()).toEqual({ status: 1 });
  });

  it(`refuses a client that tried ${FORGOT_USERNAME_UNKNOWN_PER_ADDRESS} unknown addresses, and no other client, not even about the same addresses`, async () => {
    for (let i = 0; i < FORGOT_USERNAME_UNKNOWN_PER_ADDRESS; i++) expect((await validateEmail(`nobody${i}@example.org`, '192.0.2.90')).json()).toBe(false);
    expect((await validateEmail(OWNER, '192.0.2.90')).statusCode).toBe(429);
    expect((await validateEmail('nobody0@example.org', '192.0.2.91')).json()).toBe(false);
    expect((await validateEmail(OWNER, '192.0.2.91')).json()).toBe(true);
  });
});
