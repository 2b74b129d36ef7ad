/**
 * §1/§2 private sign-up by invitation: the admin call that invites (contact + mailed link), the link
 * followed end to end (userInfo, then signUp completing the invited contact), and every way a link
 * is refused — forged key, another organisation's key, mismatched ids, expired, from the future,
 * already used — with its errorCode, on userInfo and signUp alike, storing nothing.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvitationParams } from '../../schemas/signUp/payload.ts';
import { addresses, contactPaths, contacts, mailOutbox } from '../../server/db/schema.ts';
import { INVITATION_CLOCK_SKEW_MS, INVITATION_TTL_MS, invitationKey } from '../../server/services/invitations.ts';
import { startSession, useTestApp } from '../support/testApp.ts';
import { adminSession, expectNothingStored, inviteDirectly, postSignUp, rowCounts, validPayload } from '../support/signUp.ts';

const t = useTestApp();
let admin: { cookie: string; csrfToken: string };
beforeAll(async () => {
  admin = await adminSession(t.app, t.database.db);
});

const USER_INFO_FAILED = 'Failed to get specified user information';

function invite(orgId: string, body: unknown, headers: Record<string, string> = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }) {
  return t.app.inject({ method: 'POST', url: `/admin/api/orgs/${orgId}/invitations`, headers, payload: body as object });
}

const userInfo = (orgId: string, params: Partial<InvitationParams>) =>
  t.app.inject({ url: `/rest/registration/userInfo?${new URLSearchParams({ orgId, ...params } as Record<string, string>)}` });

const newestMailTo = async (orgId: string, recipient: string) =>
  (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.recipient, recipient))).orderBy(desc(mailOutbox.mailId)).limit(1))[0];

describe('an invitation followed from the mail (acme, private)', () => {
  it('invites, mails the link, fills the form from userInfo, completes the same contact at sign-up, and is then used up', async () => {
    const created = await invite('acme', { firstName: 'Rita', lastName: 'Recruit', email: 'rita.recruit@example.org' });
    expect(created.statusCode, created.body).toBe(201);
    const { contactId, url } = created.json();
    expect(url).toMatch(new RegExp(`^/acme/new\\?contactId=${contactId}&referrer=invitation&strOrgId=acme&strContactId=${contactId}&time=\\d+&key=[A-Za-z0-9_-]{43}$`));
    const [invited] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, contactId)));
    expect(invited).toMatchObject({ registered: false, username: null, passwordHash: null, firstName: 'Rita', email: 'rita.recruit@example.org' });

    // The mail: an absolute link to the same address.
    const mail = await newestMailTo('acme', 'rita.recruit@example.org');
    expect(mail?.subject).toBe('Your invitation to Acme Corporation');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(`${link.pathname}${link.search}`).toBe(url);

    // The sign-up screen passes the link's parameters on (§7).
    const params = Object.fromEntries(['contactId', 'strOrgId', 'strContactId', 'time', 'key'].map((name) => [name, link.searchParams.get(name)!])) as unknown as InvitationParams;
    const info = await userInfo('acme', params);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toEqual({
      firstName: 'Rita', lastName: 'Recruit', email: 'rita.recruit@example.org', addresses: [],
      deliverPathInfo: { emailInfo: { value: 'rita.recruit@example.org', quietTimeFrame: [], noValidate: false }, phoneInfo: null, SMSInfo: null, slackInfo: null },
    });

    const before = await rowCounts(t.database.db);
    const visitor = await startSession(t.app, 'acme');
    const payload = validPayload('acme', { firstName: 'Rita', lastName: 'Recruit', email: 'rita.recruit@example.org' });
    const signedUp = await postSignUp(t.app, { orgId: 'acme', visitor, userDetail: payload, invitation: params });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json().contactId).toBe(contactId);
    const after = await rowCounts(t.database.db);
    expect(after.contacts).toBe(before.contacts);
    const [completed] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, contactId)));
    expect(completed).toMatchObject({ registered: true, username: payload.username });
    expect(completed!.passwordHash).toMatch(/^\$argon2id\$/);
    const paths = await t.database.db.select().from(contactPaths).where(and(eq(contactPaths.orgId, 'acme'), eq(contactPaths.contactId, contactId)));
    expect(paths.map((p) => p.pathType).sort()).toEqual(['EMAIL', 'SMS']);
    const account = await t.app.inject({ url: '/rest/init/account?orgId=acme', headers: { cookie: `SSPSESSION=${signedUp.cookies.find((c) => c.name === 'SSPSESSION')!.value}` } });
    expect(account.json().account).toMatchObject({ id: contactId, registered: true });

    // The same link again: used.
    const again = await expectNothingStored(t.database.db, async () =>
      postSignUp(t.app, { orgId: 'acme', visitor: await startSession(t.app, 'acme'), userDetail: validPayload('acme'), invitation: params }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorCode: 'signup.invitation.used' });
    const infoAgain = await userInfo('acme', params);
    expect(infoAgain.statusCode).toBe(409);
    expect(infoAgain.json()).toEqual({ errorCode: 'signup.invitation.used', message: USER_INFO_FAILED });
  });

  it('fedagency (FedRAMP): an invited member signs up under the FedRAMP policy', async () => {
    const created = await invite('fedagency', { firstName: 'Fred', lastName: 'Federal', email: 'fred@example.gov' });
    expect(created.statusCode).toBe(201);
    const link = new URL(created.json().url, 'http://portal.test');
    const params = Object.fromEntries(link.searchParams) as unknown as InvitationParams;
    const visitor = await startSession(t.app, 'fedagency');
    const response = await postSignUp(t.app, { orgId: 'fedagency', visitor, userDetail: validPayload('fedagency'), invitation: params });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contactId).toBe(created.json().contactId);
  });

  it('one transaction: a location name the organisation already gave the contact refuses the sign-up, and nothing of it stays', async () => {
    const { contactId, params } = await inviteDirectly(t.database.db, 'acme');
    await t.database.db.insert(addresses).values({ orgId: 'acme', contactId, locationName: 'HOME', streetAddress: '1 Office Park' });
    const visitor = await startSession(t.app, 'acme');
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId: 'acme', visitor, userDetail: validPayload('acme'), invitation: params }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'validation', errors: [{ pointer: '/address/locationName', key: 'ssp.location.locationname.exist', params: {} }] });
    // The contact's completion and its contact paths, written before the address, were rolled back.
    const [contact] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, contactId)));
    expect(contact).toMatchObject({ registered: false, username: null, passwordHash: null });
    expect(await t.database.db.select().from(contactPaths).where(and(eq(contactPaths.orgId, 'acme'), eq(contactPaths.contactId, contactId)))).toEqual([]);
    // userInfo shows the organisation's location, so the form can avoid the name.
    expect((await userInfo('acme', params)).json().addresses).toEqual([
      expect.objectContaining({ locationName: 'HOME', streetAddress: '1 Office Park', lat: null, lon: null, id: expect.any(Number) }),
    ]);
  });

  it('inviting the same address again re-invites the pending contact with a fresh link', async () => {
    const first = (await invite('acme', { firstName: 'Sam', lastName: 'Twice', email: 'sam.twice@example.org' })).json();
    const second = (await invite('acme', { firstName: 'Samuel', lastName: 'Twice', email: 'SAM.twice@example.org' })).json();
    expect(second.contactId).toBe(first.contactId);
    const [contact] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, first.contactId)));
    expect(contact!.firstName).toBe('Samuel');
  });
});

describe('refused invitations (userInfo and signUp alike; nothing stored)', () => {
  type Tamper = (params: InvitationParams, contactId: number) => Promise<Partial<InvitationParams>> | Partial<InvitationParams>;
  const now = Date.now();
  const rows: [string, string, Tamper, number, string][] = [
    ['a forged key', 'acme', (p) => ({ ...p, key: `${p.key.slice(0, -2)}AA` }), 403, 'signup.invitation.invalid'],
    ['a key of the right length from nowhere', 'acme', (p) => ({ ...p, key: 'A'.repeat(43) }), 403, 'signup.invitation.invalid'],
    ['another organisation\'s link (strOrgId fedagency on acme)', 'acme', async (_p, contactId) => {
      const theirs = await inviteDirectly(t.database.db, 'fedagency');
      return { ...theirs.params, contactId: String(contactId), strContactId: String(contactId) };
    }, 403, 'signup.invitation.invalid'],
    ['another organisation\'s key with this organisation\'s ids', 'acme', async (p) => {
      const key = await invitationKey(t.database.db, 'fedagency', p.contactId, p.time);
      return { ...p, key };
    }, 403, 'signup.invitation.invalid'],
    ['strContactId not the contactId', 'acme', (p) => ({ ...p, strContactId: String(Number(p.contactId) + 1) }), 403, 'signup.invitation.invalid'],
    ['both ids changed to another contact (the key names the first)', 'acme', (p) => ({ ...p, contactId: String(Number(p.contactId) + 1), strContactId: String(Number(p.contactId) + 1) }), 403, 'signup.invitation.invalid'],
    ['a time changed after signing', 'acme', (p) => ({ ...p, time: String(Number(p.time) + 1) }), 403, 'signup.invitation.invalid'],
    ['a correctly signed link from 8 days ago', 'acme', async (p) => {
      const time = String(now - INVITATION_TTL_MS - 24 * 3600_000);
      return { ...p, time, key: await invitationKey(t.database.db, 'acme', p.contactId, time) };
    }, 410, 'signup.invitation.expired'],
    ['a correctly signed link from the future (beyond the clock skew)', 'acme', async (p) => {
      const time = String(now + INVITATION_CLOCK_SKEW_MS + 60_000);
      return { ...p, time, key: await invitationKey(t.database.db, 'acme', p.contactId, time) };
    }, 403, 'signup.invitation.invalid'],
    ['a link of a contact that no longer exists', 'acme', async (p, contactId) => {
      await t.database.db.delete(contacts).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, contactId)));
      return p;
    }, 404, 'signup.invitation.invalid'],
    ['a link of a member who is registered already', 'acme', async (p, contactId) => {
      await t.database.db.update(contacts).set({ registered: true }).where(and(eq(contacts.orgId, 'acme'), eq(contacts.contactId, contactId)));
      return p;
    }, 409, 'signup.invitation.used'],
    ['a link with the key missing', 'acme', (p) => ({ ...p, key: undefined }), 403, 'signup.invitation.invalid'],
  ];

  it.each(rows)('%s → userInfo %s', async (_name, orgId, tamper, status, errorCode) => {
    const { contactId, params } = await inviteDirectly(t.database.db, orgId, now);
    const tampered = await tamper(params, contactId);
    const query = Object.fromEntries(Object.entries(tampered).filter(([, v]) => v !== undefined));
    const response = await userInfo(orgId, query);
    if (tampered.key === undefined) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errorCode: 'request.invalid', message: USER_INFO_FAILED });
      return;
    }
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errorCode, message: USER_INFO_FAILED });
  });

  it.each(rows)('%s → signUp', async (_name, orgId, tamper, status, errorCode) => {
    const { contactId, params } = await inviteDirectly(t.database.db, orgId, now);
    const tampered = await tamper(params, contactId);
    const visitor = await startSession(t.app, orgId);
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId, visitor, userDetail: validPayload(orgId), invitation: tampered }));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errorCode });
  });

  it('a link made within the clock skew ahead is accepted', async () => {
    const { params } = await inviteDirectly(t.database.db, 'acme', Date.now() + INVITATION_CLOCK_SKEW_MS / 2);
    expect((await userInfo('acme', params)).statusCode).toBe(200);
  });

  it('a link of 6 days ago still works', async () => {
    const { params } = await inviteDirectly(t.database.db, 'acme', Date.now() - 6 * 24 * 3600_000);
    expect((await userInfo('acme', params)).statusCode).toBe(200);
  });

  it.each([
    ['no invitation parameters', 'orgId=acme', 400, 'request.invalid'],
    ['a contactId that is not a number', 'orgId=acme&contactId=x&strOrgId=acme&strContactId=x&time=1&key=k', 400, 'request.invalid'],
    ['an unknown organisation', 'orgId=nowhere&contactId=1&strOrgId=nowhere&strContactId=1&time=1&key=k', 404, 'org.notFound'],
    ['a disabled organisation', 'orgId=dormant&contactId=1&strOrgId=dormant&strContactId=1&time=1&key=k', 404, 'org.notFound'],
    ['self-service turned off', 'orgId=paused&contactId=1&strOrgId=paused&strContactId=1&time=1&key=k', 403, 'ssp.page.deactivated'],
  ])('userInfo refuses %s with its message', async (_name, query, status, errorCode) => {
    const response = await t.app.inject({ url: `/rest/registration/userInfo?${query}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errorCode, message: USER_INFO_FAILED });
  });
});

describe('POST /admin/api/orgs/:orgId/invitations refusals', () => {
  it.each([
    ['an anonymous caller', 'acme', { firstName: 'A', lastName: 'B', email: 'a@example.org' }, {}, 401, 'admin.signInRequired'],
    ['no X-CSRF-TOKEN', 'acme', { firstName: 'A', lastName: 'B', email: 'a@example.org' }, 'cookie-only', 403, 'csrf.invalid'],
    ['an unknown organisation', 'nowhere', { firstName: 'A', lastName: 'B', email: 'a@example.org' }, null, 404, 'org.notFound'],
    ['an invalid e-mail', 'acme', { firstName: 'A', lastName: 'B', email: 'not-mail' }, null, 400, 'request.invalid'],
    ['forbidden characters in a name', 'acme', { firstName: '<A>', lastName: 'B', email: 'a@example.org' }, null, 400, 'request.invalid'],
    ['a blank name', 'acme', { firstName: '  ', lastName: 'B', email: 'a@example.org' }, null, 400, 'request.invalid'],
    ['no e-mail', 'acme', { firstName: 'A', lastName: 'B' }, null, 400, 'request.invalid'],
  ])('refuses %s', async (_name, orgId, body, headers, status, errorCode) => {
    const sent = headers === null ? undefined : headers === 'cookie-only' ? { cookie: admin.cookie } : headers as Record<string, string>;
    const response = await expectNothingStored(t.database.db, () => invite(orgId, body, sent));
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});
