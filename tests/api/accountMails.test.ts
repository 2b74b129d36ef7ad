/**
 * Issue 11 "Outcomes are confirmed": a welcome mail after sign-up and a "your password was changed"
 * notice after a password change (the reset's is followed over SMTP in forgotPassword.test.ts). The
 * mails are read from the outbox the mailer writes first; a refused change or sign-up mails nothing.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema.ts';
import { postSignUp, validPayload } from '../support/signUp.ts';
import { signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const mailsTo = (orgId: string, recipient: string) => t.database.db.select().from(mailOutbox)
  .where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.recipient, recipient))).orderBy(desc(mailOutbox.mailId));

describe('the welcome mail', () => {
  it('goes to the new member with their username and where to keep their details current', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const payload = validPayload('springfield', { email: `welcome.${process.pid}@example.org` });
    const response = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload });
    expect(response.statusCode, response.body).toBe(200);
    // The e-mail path's confirmation code goes to the same address (issue 12): the welcome is its own mail.
    const [mail] = (await mailsTo('springfield', payload.email!)).filter((candidate) => candidate.kind === 'welcome');
    expect(mail).toMatchObject({ kind: 'welcome', subject: "Welcome to City of Springfield's notifications" });
    expect(mail!.text).toContain(payload.username);
    expect(mail!.text).toMatch(/\/springfield\/home\n/);
  });

  it('is not sent for a refused sign-up', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const payload = validPayload('springfield', { email: `refused.${process.pid}@example.org`, password: 'short' });
    const response = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload });
    expect(response.statusCode).toBe(400);
    expect(await mailsTo('springfield', payload.email!)).toEqual([]);
  });
});

describe('the password-changed notice', () => {
  async function change(oldPassword: string, newPassword: string) {
    const session = await startSession(t.app, 'campus');
    await signInAsDemoMember(t.database, 'campus', session.sessionToken);
    return t.app.inject({
      method: 'POST', url: '/campus/changePassword', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
      payload: { loginId: 'demo.member', oldPassword, newPassword },
    });
  }
  const notices = async () => (await mailsTo('campus', 'demo.member@example.org')).filter((mail) => mail.kind === 'passwordChanged');

  it('goes to the member after a change, naming the account, the time and the way back', async () => {
    expect((await change('wrong-password', 'Campus#Safe2027')).statusCode).toBe(403);
    expect(await notices()).toEqual([]);
    expect((await change('Demo!Member2026', 'Campus#Safe2027')).statusCode).toBe(200);
    const [notice] = await notices();
    expect(notice).toMatchObject({ subject: 'Your password for State University was changed' });
    expect(notice!.text).toContain('demo.member');
    expect(notice!.text).toMatch(/ UTC\./);
    expect(notice!.text).toMatch(/\/campus\/forgot-password\n/);
  });
});
