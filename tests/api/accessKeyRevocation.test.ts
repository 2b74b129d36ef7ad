/**
 * Issue 9 row 16 (first half): a new password revokes the member's access keys. A key issued before
 * a password change, an expired-password change or a reset no longer signs anyone in; keys of other
 * members stay.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, passwordResets } from '../../server/db/schema.ts';
import { issueAccessKey } from '../../server/services/accessKeys.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const contactIdOf = async (orgId: string, username: string) =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, username))))[0]!.contactId;

const keyOf = async (orgId: string, username = 'demo.member') =>
  (await issueAccessKey(t.database.db, orgId, await contactIdOf(orgId, username))).accessKey;

/** Whom `Authorization: token {accessKey}` signs in as (null: nobody). */
const signsInAs = async (orgId: string, accessKey: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { authorization: `token ${accessKey}` } })).json().account?.username ?? null;

async function post(orgId: string, url: string, payload: Record<string, string>, session?: { cookie: string; csrfToken: string }) {
  const s = session ?? (await startSession(t.app, orgId));
  return t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken }, payload });
}

describe('a new password revokes the access keys (issue 9 row 16)', () => {
  it('a signed-in change: the member\'s keys stop working', async () => {
    const key = await keyOf('campus');
    expect(await signsInAs('campus', key)).toBe('demo.member');
    const login = await post('campus', '/manage/login', { orgId: 'campus', username: 'demo.member', password: 'Demo!Member2026' });
    const session = { cookie: `SSPSESSION=${setCookie(login, 'SSPSESSION')!.value}`, csrfToken: login.json().CSRF_TOKEN_FOR_SESSION as string };
    const changed = await post('campus', '/campus/changePassword', { loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Campus#Safe2027' }, session);
    expect(changed.json()).toMatchObject({ status: '1' });
    expect(await signsInAs('campus', key)).toBeNull();
  });

  it('a reset through a mailed link; another member\'s key still works', async () => {
    const key = await keyOf('springfield');
    const othersKey = await keyOf('springfield', 'expired.member');
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insert(passwordResets).values({
      orgId: 'springfield', tokenHash: createHash('sha256').update(token).digest('hex'),
      contactId: await contactIdOf('springfield', 'demo.member'), expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await post('springfield', '/springfield/forgotPassword', { token, password: 'maple2026x', confirmPassword: 'maple2026x' });
    expect(reset.json()).toEqual({ status: '1' });
    expect(await signsInAs('springfield', key)).toBeNull();
    expect(await signsInAs('springfield', othersKey)).toBe('expired.member');
  });

  it('an expired-password change', async () => {
    const key = await keyOf('acme');
    await t.database.db.update(contacts).set({ passwordExpired: true }).where(and(eq(contacts.orgId, 'acme'), eq(contacts.username, 'demo.member')));
    const visitor = await startSession(t.app, 'acme');
    const expired = await post('acme', '/manage/login', { orgId: 'acme', username: 'demo.member', password: 'Demo!Member2026' }, visitor);
    const changed = await post('acme', '/acme/changePassword', {
      loginId: 'demo.member', oldPassword: 'Demo!Member2026', newPassword: 'Acme#Corp2027', expiredToken: expired.json().expiredToken,
    }, visitor);
    expect(changed.json()).toEqual({ status: '1' });
    expect(await signsInAs('acme', key)).toBeNull();
  });
});
