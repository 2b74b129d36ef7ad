/** §7 `POST /deleteAccount/{orgId}`: who may delete, what goes, what is answered. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, passwordResets, sessionLogins } from '../../server/db/schema.ts';
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
});
