/**
 * Issue 9 row 2: no unthrottled password oracle. Every check of a member's password (login, the
 * signed-in change, the expired-password change) goes through one throttle and one lock-out; an
 * expired password is changed without a session only with the proof of the login that found it
 * expired (`expiredToken` of the status '-1' answer: single use, 10 minutes, only its hash kept).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, passwordResets } from '../../server/db/schema.ts';
import { FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT } from '../../server/services/login.ts';
import { verificationsSoFar } from '../../server/services/passwords.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

/**
 * fedagency as it was before it required a second factor (issue 15): this file is about its FedRAMP
 * password lock-out, with the password alone; the second step's own counting is tests/api/secondFactors.test.ts.
 */
const t = useTestApp({ orgSettings: { fedagency: { requireSecondFactor: false } } });
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function login(orgId: string, username: string, password: string) {
  const s = await startSession(t.app, orgId);
  const response = await t.app.inject({
    method: 'POST', url: '/manage/login', headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: { orgId, username, password, keepSigned: 'false' },
  });
  return response;
}

async function change(orgId: string, payload: Record<string, string>, session?: { cookie: string; csrfToken: string }) {
  const s = session ?? (await startSession(t.app, orgId));
  const response = await t.app.inject({
    method: 'POST', url: `/${orgId}/changePassword`, headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken }, payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const expire = (orgId: string, username: string) =>
  t.database.db.update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username)));

/** Logs an expired account in: the status '-1' answer and its token. */
async function expiredLogin(orgId: string, username: string, password: string) {
  const body = (await login(orgId, username, password)).json();
  expect(body).toMatchObject({ status: '-1', redirect: `/${orgId}/reset-password` });
  expect(body.expiredToken).toEqual(expect.any(String));
  return body.expiredToken as string;
}

describe('the expired-password change needs the proof of the login', () => {
  it('answers timeout to a change without the token, whatever the current password, and verifies nothing', async () => {
    const before = verificationsSoFar();
    for (const oldPassword of ['wrong-password', 'Demo!Expired2026']) {
      expect(await change('springfield', { loginId: 'expired.member', oldPassword, newPassword: 'Spring#2027x' }))
        .toEqual({ status: 200, body: { status: 'timeout' } });
      expect(await change('springfield', { loginId: 'expired.member', oldPassword, newPassword: 'Spring#2027x', expiredToken: 'made-up' }))
        .toEqual({ status: 200, body: { status: 'timeout' } });
    }
    expect(verificationsSoFar()).toBe(before);
  });

  it('keeps only the token\'s hash, takes it once, and not for another account', async () => {
    const token = await expiredLogin('springfield', 'expired.member', 'Demo!Expired2026');
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.orgId, 'springfield'));
    expect(rows.map((row) => row.tokenHash)).toContain(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    await expire('springfield', 'demo.member');
    expect(await change('springfield', { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Spring#2027x', expiredToken: token }))
      .toEqual({ status: 200, body: { status: 'timeout' } });
    expect(await change('springfield', { loginId: 'expired.member', oldPassword: 'Demo!Expired2026', newPassword: 'Spring#2027x', expiredToken: token }))
      .toEqual({ status: 200, body: { status: '1' } });
    await expire('springfield', 'expired.member');
    expect(await change('springfield', { loginId: 'expired.member', oldPassword: 'Spring#2027x', newPassword: 'Spring#2028x', expiredToken: token }))
      .toEqual({ status: 200, body: { status: 'timeout' } });
  });

  it('refuses a token older than 10 minutes', async () => {
    await expire('acme', 'demo.member');
    const token = await expiredLogin('acme', 'demo.member', 'Demo!Member2026');
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, sha256(token)));
    expect(await change('acme', { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Acme#Corp2027', expiredToken: token }))
      .toEqual({ status: 200, body: { status: 'timeout' } });
  });
});

describe('one throttle and one lock-out for every password check', () => {
  it('the expired-password change is throttled with the login: 429 and nothing verified', async () => {
    await expire('campus', 'demo.member');
    const token = await expiredLogin('campus', 'demo.member', 'Demo!Member2026');
    for (let i = 0; i < THROTTLE_PER_ACCOUNT; i++) expect((await login('campus', 'demo.member', `wrong-${i}`)).statusCode).toBe(403);
    expect((await login('campus', 'demo.member', 'Demo!Member2026')).statusCode).toBe(429);
    const before = verificationsSoFar();
    for (const oldPassword of ['wrong-password', 'Demo!Member2026']) {
      expect(await change('campus', { loginId: 'demo.member', oldPassword, newPassword: 'Campus#Safe2027', expiredToken: token }))
        .toEqual({ status: 429, body: { status: 'failed', errorCode: 'login.throttled' } });
    }
    expect(verificationsSoFar()).toBe(before);
  });

  it('wrong current passwords of a signed-in change count toward the FedRAMP lock, which then holds the login too', async () => {
    const signedIn = await login('fedagency', 'demo.member', 'Demo!Member2026');
    const session = { cookie: `SSPSESSION=${setCookie(signedIn, 'SSPSESSION')!.value}`, csrfToken: signedIn.json().CSRF_TOKEN_FOR_SESSION as string };
    const answers = [];
    for (let i = 0; i < FEDRAMP_MAX_ATTEMPTS; i++) {
      answers.push(await change('fedagency', { loginId: 'demo.member', oldPassword: `wrong-${i}`, newPassword: 'Fed#Agency2027x' }, session));
    }
    expect(answers.map((a) => a.body.errorCode)).toEqual(['ssp.password.current.invalid', 'ssp.password.current.invalid', 'ssp.request.account.locked.fedRamp']);
    expect(answers[2]).toEqual({ status: 403, body: { status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: 30 } });
    expect((await change('fedagency', { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Fed#Agency2027x' }, session)).body.status).toBe('locked');
    expect((await login('fedagency', 'demo.member', 'Demo!Member2026')).json().status).toBe('locked');
  });
});
