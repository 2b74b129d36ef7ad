/**
 * Issue 9 row 10 (ASVS 5.0 §7.4): a password change, a reset and an expired-password change end
 * every other sign-in of the member; the browser that changed it stays signed in on a new session.
 * Two real sessions, each signed in through POST /manage/login.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, passwordResets } from '../../server/db/schema.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

/** A browser signed in as `username` of `orgId` through the login call: its cookie and CSRF token. */
async function signIn(orgId: string, password: string, username = 'demo.member') {
  const visitor = await startSession(t.app, orgId);
  const response = await t.app.inject({
    method: 'POST', url: '/manage/login', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
    payload: { orgId, username, password, keepSigned: 'false' },
  });
  expect(response.json().status).toBe('1');
  return { cookie: `SSPSESSION=${setCookie(response, 'SSPSESSION')!.value}`, csrfToken: response.json().CSRF_TOKEN_FOR_SESSION as string };
}

const signedInAs = async (orgId: string, cookie: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account?.username ?? null;

describe('other sign-ins end with the password (issue 9 row 10)', () => {
  it('a change in browser B signs browser A out; B stays signed in on a new session', async () => {
    const a = await signIn('campus', 'Demo!Member2026');
    const b = await signIn('campus', 'Demo!Member2026');
    const response = await t.app.inject({
      method: 'POST', url: '/campus/changePassword', headers: { cookie: b.cookie, 'x-csrf-token': b.csrfToken },
      payload: { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Campus#Safe2027' },
    });
    expect(response.json()).toMatchObject({ status: '1' });
    expect(await signedInAs('campus', a.cookie)).toBeNull();
    expect(await signedInAs('campus', `SSPSESSION=${setCookie(response, 'SSPSESSION')!.value}`)).toBe('demo.member');
  });

  it('a reset through a mailed link signs every browser out', async () => {
    const a = await signIn('springfield', 'Demo!Member2026');
    const token = randomBytes(32).toString('base64url');
    const [member] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.username, 'demo.member')));
    await t.database.db.insert(passwordResets).values({
      orgId: 'springfield', tokenHash: createHash('sha256').update(token).digest('hex'), contactId: member!.contactId, expiresAt: new Date(Date.now() + 600_000),
    });
    const visitor = await startSession(t.app, 'springfield');
    const response = await t.app.inject({
      method: 'POST', url: '/springfield/forgotPassword', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
      payload: { token, password: 'maple2026x', confirmPassword: 'maple2026x' },
    });
    expect(response.json()).toEqual({ status: '1' });
    expect(await signedInAs('springfield', a.cookie)).toBeNull();
  });

  it('an expired-password change signs every browser out', async () => {
    const a = await signIn('acme', 'Demo!Member2026');
    await t.database.db.update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, 'acme'), eq(contacts.username, 'demo.member')));
    const visitor = await startSession(t.app, 'acme');
    const expired = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
      payload: { orgId: 'acme', username: 'demo.member', password: 'Demo!Member2026' },
    });
    expect(expired.json().status).toBe('-1');
    const response = await t.app.inject({
      method: 'POST', url: '/acme/changePassword', headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
      payload: { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Acme#Corp2027', expiredToken: expired.json().expiredToken ?? '' },
    });
    expect(response.json()).toEqual({ status: '1' });
    expect(await signedInAs('acme', a.cookie)).toBeNull();
  });

  it('tells the member: each success message of a change or reset says so', () => {
    const en = JSON.parse(readFileSync('public/i18n/en_US.json', 'utf8')) as Record<string, string>;
    for (const key of ['ssp.password.change.success', 'login.passwordChanged', 'ssp.resetPassword.success']) {
      expect(en[key]).toContain('signed out on every other device');
    }
  });
});
