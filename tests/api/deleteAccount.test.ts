/** §7 `POST /deleteAccount/{orgId}`: who may delete, what goes, what is answered. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessKeys, addresses, contactPaths, contacts, passwordResets, sessionLogins } from '../../server/db/schema.ts';
import { issueAccessKey } from '../../server/services/accessKeys.ts';
import { postSignUp, validPayload } from '../support/signUp.ts';
import { setCookie, signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const member = async (orgId: string) =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, 'demo.member'))))[0];

async function remove(orgId: string, signIn: boolean, payload: Record<string, string> = { _method: 'DELETE' }) {
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
    const response = await remove('springfield', true, {});
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

    const response = await t.app.inject({ method: 'POST', url: '/deleteAccount/springfield', headers: { cookie, 'x-csrf-token': csrfToken }, payload: { _method: 'DELETE' } });
    expect(response.json()).toEqual({ status: 'yes' });
    expect(await rowsOf()).toEqual([0, 0, 0]);
  });
});
