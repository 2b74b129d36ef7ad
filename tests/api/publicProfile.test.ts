/**
 * §2 new-profile (public-portal sign-up, the sign-up form's 'public' variant): the admin call that
 * makes a profile and its token, `GET /mbr-portal/api/v1/getPublicProfile?token` and
 * `POST /mbr-portal/api/v1/register` — an account without username or password, one per profile,
 * the session rotated; refusals with their errorCode and nothing stored.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEbBase64 } from '../../schemas/ebBase64.ts';
import type { PublicRegisterPayload } from '../../schemas/signUp/payload.ts';
import { contactPaths, contacts, publicProfiles } from '../../server/db/schema.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';
import { adminSession, expectNothingStored } from '../support/signUp.ts';

const t = useTestApp();
let admin: { cookie: string; csrfToken: string };
beforeAll(async () => {
  admin = await adminSession(t.app, t.database.db);
});

const PROFILE = { firstName: 'Pat', lastName: 'Public', email: 'pat.public@example.org', phone: '2015550124', countryCode: 'US' };

async function makeProfile(orgId = 'springfield', body: object = PROFILE) {
  const response = await t.app.inject({
    method: 'POST', url: `/admin/api/orgs/${orgId}/publicProfiles`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }, payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string; url: string };
}

const getProfile = (query: string) => t.app.inject({ url: `/mbr-portal/api/v1/getPublicProfile${query}` });

function payloadFor(profile: { id: string; token: string }, change: Partial<PublicRegisterPayload> = {}): PublicRegisterPayload {
  return {
    firstName: 'Pat', lastName: 'Public', email: 'pat.public@example.org', organizationId: 'springfield',
    contactPaths: [{ pathId: 1, pathType: 'EMAIL', value: 'pat.public@example.org' }, { pathId: 3, pathType: 'PHONE', value: '2015550124', countryCode: 'US' }],
    publicProfileId: profile.id, token: profile.token, ...change,
  };
}

async function register(payload: unknown, options: { encoding?: 'json' | 'eb-base64'; csrf?: boolean; orgId?: string } = {}) {
  const visitor = await startSession(t.app, options.orgId ?? 'springfield');
  const body = options.encoding === 'eb-base64'
    ? { payload: encodeEbBase64(payload), headers: { 'content-type': 'application/javascript', 'encode-type': 'eb-base64' } }
    : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };
  const response = await t.app.inject({
    method: 'POST', url: '/mbr-portal/api/v1/register', payload: body.payload,
    headers: { ...body.headers, cookie: visitor.cookie, ...(options.csrf === false ? {} : { 'x-csrf-token': visitor.csrfToken }) },
  });
  return { response, visitor };
}

describe('GET /mbr-portal/api/v1/getPublicProfile', () => {
  it('answers the profile a token stands for, never cached', async () => {
    const profile = await makeProfile();
    expect(profile.url).toBe(`/springfield/new-profile?token=${profile.token}`);
    expect(profile.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await getProfile(`?token=${profile.token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ id: profile.id, ...PROFILE });
  });

  it('keeps only a hash of the token', async () => {
    const profile = await makeProfile();
    const [row] = await t.database.db.select().from(publicProfiles).where(and(eq(publicProfiles.orgId, 'springfield'), eq(publicProfiles.profileId, profile.id)));
    expect(row!.tokenHash).not.toContain(profile.token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['no token', '', 400, { errorCode: 'request.invalid', message: 'token not found' }],
    ['an empty token', '?token=', 400, { errorCode: 'request.invalid', message: 'token not found' }],
    ['an unknown token', '?token=nothing-like-it', 404, { errorCode: 'publicProfile.notFound', message: 'Failed to get public user information' }],
  ])('refuses %s', async (_name, query, status, body) => {
    const response = await getProfile(query);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('refuses an expired token with 404', async () => {
    const profile = await makeProfile();
    await t.database.db.update(publicProfiles).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(publicProfiles.orgId, 'springfield'), eq(publicProfiles.profileId, profile.id)));
    const response = await getProfile(`?token=${profile.token}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('publicProfile.notFound');
  });
});

describe('POST /mbr-portal/api/v1/register', () => {
  it.each(['json', 'eb-base64'] as const)('creates an account from the profile (%s), without username or password, and signs it in on a new session', async (encoding) => {
    const profile = await makeProfile();
    const { response, visitor } = await register(payloadFor(profile), { encoding });
    expect(response.statusCode, response.body).toBe(200);
    const { individualAccountId, CSRF_TOKEN_FOR_SESSION } = response.json();
    expect(individualAccountId).toEqual(expect.any(Number));
    expect(CSRF_TOKEN_FOR_SESSION).not.toBe(visitor.csrfToken);
    const rotated = setCookie(response, 'SSPSESSION')!;
    expect(rotated.value).not.toBe(visitor.sessionToken);
    const account = await t.app.inject({ url: '/rest/init/account?orgId=springfield', headers: { cookie: `SSPSESSION=${rotated.value}` } });
    expect(account.json().account).toMatchObject({ id: individualAccountId, name: 'Pat Public', username: null });

    const [contact] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.contactId, individualAccountId)));
    expect(contact).toMatchObject({ username: null, passwordHash: null, publicProfileId: profile.id, registered: true, email: 'pat.public@example.org', securityAnswerHash: null });
    const paths = await t.database.db.select().from(contactPaths).where(and(eq(contactPaths.orgId, 'springfield'), eq(contactPaths.contactId, individualAccountId)));
    expect(paths.map(({ pathId, pathType, value }) => ({ pathId, pathType, value }))).toEqual([
      { pathId: 1, pathType: 'EMAIL', value: 'pat.public@example.org' },
      { pathId: 3, pathType: 'PHONE', value: '2015550124' },
    ]);
  });

  it('one account per profile: the second registration is 409 publicProfile.used', async () => {
    const profile = await makeProfile();
    expect((await register(payloadFor(profile))).response.statusCode).toBe(200);
    const { response } = await expectNothingStored(t.database.db, () => register(payloadFor(profile)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: 'publicProfile.used' });
  });

  it.each([
    ['a blank first name', { firstName: ' ' }, [['/firstName', 'jquery.validation.field.required']]],
    ['forbidden characters in the last name', { lastName: 'Pub{lic}' }, [['/lastName', 'ssp.field.lastname.invalid']]],
    ['an invalid e-mail', { email: 'pat@' }, [['/email', 'jquery.validation.email']]],
    ['a phone number not valid in the US', { contactPaths: [{ pathId: 3, pathType: 'PHONE' as const, value: '12', countryCode: 'US' }] }, [['/mobilePhone/value', 'ssp.checked.phoneNum']]],
    ['no profile id', { publicProfileId: '' }, [['/publicProfileId', 'jquery.validation.field.required']]],
  ] as [string, Partial<PublicRegisterPayload>, [string, string][]][])('400 validation for %s (public variant pointers)', async (_name, change, expected) => {
    const profile = await makeProfile();
    const { response } = await expectNothingStored(t.database.db, () => register(payloadFor(profile, change)));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(expected);
  });

  it.each([
    ['an unknown token', (p: { id: string; token: string }) => ({ token: `${p.token.slice(0, -1)}${p.token.endsWith('x') ? 'y' : 'x'}` }), 404, 'publicProfile.notFound'],
    ['another profile\'s id', () => ({ publicProfileId: 'someone-else' }), 404, 'publicProfile.notFound'],
    ['another organisation', () => ({ organizationId: 'acme' }), 404, 'publicProfile.notFound'],
  ])('refuses %s', async (_name, change, status, errorCode) => {
    const profile = await makeProfile();
    const { response } = await expectNothingStored(t.database.db, () => register(payloadFor(profile, change(profile))));
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it('refuses without X-CSRF-TOKEN (403, nothing stored)', async () => {
    const profile = await makeProfile();
    const { response } = await expectNothingStored(t.database.db, () => register(payloadFor(profile), { csrf: false }));
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('csrf.invalid');
  });

  it('refuses a profile of an organisation with self-service off (paused)', async () => {
    const profile = await makeProfile('paused');
    const { response } = await expectNothingStored(t.database.db, () => register(payloadFor(profile, { organizationId: 'paused' }), { orgId: 'paused' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('ssp.page.deactivated');
  });

  it.each([
    ['no token member', { firstName: 'Pat' }],
    ['a contact path without a value', { firstName: 'Pat', lastName: 'P', email: '', organizationId: 'springfield', publicProfileId: 'x', token: 'y', contactPaths: [{ pathId: 1, pathType: 'EMAIL' }] }],
  ])('400 request.invalid for %s', async (_name, payload) => {
    const { response } = await expectNothingStored(t.database.db, () => register(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});

describe('POST /admin/api/orgs/:orgId/publicProfiles refusals', () => {
  it.each([
    ['an anonymous caller', 'springfield', PROFILE, false, 401, 'admin.signInRequired'],
    ['an unknown organisation', 'nowhere', PROFILE, true, 404, 'org.notFound'],
    ['a phone with letters', 'springfield', { ...PROFILE, phone: 'call me' }, true, 400, 'request.invalid'],
    ['a lower-case country', 'springfield', { ...PROFILE, countryCode: 'us' }, true, 400, 'request.invalid'],
  ])('refuses %s', async (_name, orgId, body, signedIn, status, errorCode) => {
    const response = await t.app.inject({
      method: 'POST', url: `/admin/api/orgs/${orgId}/publicProfiles`, payload: body,
      headers: signedIn ? { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken } : {},
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});
