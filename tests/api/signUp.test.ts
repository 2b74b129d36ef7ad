/**
 * §7 `GET /rest/registration/settings` and `POST /rest/registration/signUp` (issue 4 "Sign-up"):
 * public organisations open to all, private ones only by invitation (more in invitations.test.ts),
 * every §5 message key of the sign-up form with its pointer, the server's own password refusals,
 * case-insensitive usernames, argon2id hashes, session rotation, CSRF, and that a refused sign-up
 * stores nothing.
 */
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignUpPayload } from '../../schemas/signUp/payload.ts';
import { addresses, contactPaths, contacts, deliveryOutbox, featureFlags, organizations } from '../../server/db/schema.ts';
import { setCookie, startSession, useTestApp } from '../support/testApp.ts';
import { bodyOf, expectNothingStored, freshUsername, GOOD_PASSWORDS, inviteDirectly, postSignUp, validPayload, type Encoding } from '../support/signUp.ts';

const t = useTestApp();

const accountOf = async (cookie: string, orgId: string) =>
  (await t.app.inject({ url: `/rest/init/account?orgId=${orgId}`, headers: { cookie } })).json().account;

describe('GET /rest/registration/settings', () => {
  it.each([
    ['springfield', true, 'public', 1],
    ['acme', false, 'private', 2],
    ['fedagency', false, 'fedramp', 1],
  ])('%s: isPublic %s, password policy %s, minSignup %s; never cached', async (orgId, isPublic, passwordPolicy, minSignup) => {
    const response = await t.app.inject({ url: `/rest/registration/settings?orgId=${orgId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const settings = response.json();
    expect(settings).toMatchObject({ orgId, isPublic, passwordPolicy, minSignup, defaultCountry: 'US', showAddress: true });
    expect(settings.securityQuestions).toHaveLength(11);
    expect(settings.SMSSetting).toMatchObject({ pathId: 2, type: 'SMS', exposed: true });
    expect(Object.keys(settings).sort()).toEqual([
      'SMSSetting', 'addressSetting', 'defaultCountry', 'isPublic', 'minSignup', 'orgId', 'passwordPolicy', 'phoneSetting', 'securityQuestions',
      'shouldShowPreferredLanguage', 'showAddress', 'showSlackDeliveryPath', 'signupEmailEditable', 'signupEmailMandatory', 'slackSetting',
    ]);
  });

  it.each([
    ['a disabled organisation', 'orgId=dormant', 404, 'org.notFound'],
    ['an unknown organisation', 'orgId=nowhere', 404, 'org.notFound'],
    ['no orgId', '', 400, 'request.invalid'],
  ])('refuses %s', async (_name, query, status, errorCode) => {
    const response = await t.app.inject({ url: `/rest/registration/settings?${query}` });
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });
});

describe('POST /rest/registration/signUp: a public organisation (springfield)', () => {
  it.each(['eb-base64', 'form', 'json'] as Encoding[])('creates the account from a %s body, rotates the session and signs it in', async (encoding) => {
    const visitor = await startSession(t.app, 'springfield');
    const payload = validPayload('springfield');
    const response = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload, encoding });
    expect(response.statusCode, response.body).toBe(200);
    const { contactId, CSRF_TOKEN_FOR_SESSION } = response.json();
    expect(contactId).toEqual(expect.any(Number));
    expect(CSRF_TOKEN_FOR_SESSION).toEqual(expect.any(String));
    expect(CSRF_TOKEN_FOR_SESSION).not.toBe(visitor.csrfToken);
    const rotated = setCookie(response, 'SSPSESSION')!;
    expect(rotated.value).not.toBe(visitor.sessionToken);
    expect(await accountOf(`SSPSESSION=${rotated.value}`, 'springfield')).toMatchObject({ id: contactId, name: 'Dana Newcomer', username: payload.username, registered: true });
    expect(await accountOf(visitor.cookie, 'springfield')).toBeNull();
  });

  it('stores the contact with argon2id hashes, its contact paths and its address', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const payload = validPayload('springfield', { username: freshUsername('Mixed.Case') });
    const response = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload });
    expect(response.statusCode, response.body).toBe(200);
    const contactId = response.json().contactId as number;
    const db = t.database.db;
    const [contact] = await db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.contactId, contactId)));
    expect(contact).toMatchObject({
      username: payload.username, firstName: 'Dana', lastName: 'Newcomer', email: 'dana.newcomer@example.org', preferredLanguage: 'fr_FR',
      securityQuestion: 'question_two', registered: true, publicProfileId: null,
    });
    expect(contact!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(contact!.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(contact!.passwordHash!, payload.password)).toBe(true);
    // §2 answer trimmed and lower-cased before hashing, so the forgot-password check forgives case.
    expect(await argon2.verify(contact!.securityAnswerHash!, 'blue whale')).toBe(true);

    const paths = await db.select().from(contactPaths).where(and(eq(contactPaths.orgId, 'springfield'), eq(contactPaths.contactId, contactId)));
    expect(paths.map(({ pathId, pathType, value, countryCode, noValidate }) => ({ pathId, pathType, value, countryCode, noValidate }))).toEqual([
      { pathId: 1, pathType: 'EMAIL', value: 'dana.newcomer@example.org', countryCode: null, noValidate: false },
      { pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US', noValidate: false },
    ]);
    // Confirmed contact paths (issue 12): both new paths were sent a code in the member's language (here to the delivery outbox and the mail outbox).
    expect(paths.map((path) => path.confirmedKey)).toEqual([null, null]);
    const [sms] = await db.select().from(deliveryOutbox).where(and(eq(deliveryOutbox.orgId, 'springfield'), eq(deliveryOutbox.contactId, contactId), eq(deliveryOutbox.kind, 'confirmation'), eq(deliveryOutbox.pathType, 'SMS')));
    expect(sms).toMatchObject({ recipient: '+12015550123', outcome: 'queued' });
    expect(sms!.text).toMatch(/code de confirmation est \d{6}/);
    const [address] = await db.select().from(addresses).where(and(eq(addresses.orgId, 'springfield'), eq(addresses.contactId, contactId)));
    expect(address).toMatchObject({ locationName: 'Home', streetAddress: '800 E Monroe St', suite: null, city: 'Springfield', lat: 39.8, lon: -89.64, addressGeoCodingSource: 'Nominatim' });
  });

  it('the new member logs in with the username in any case', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const payload = validPayload('springfield');
    expect((await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload })).statusCode).toBe(200);
    const again = await startSession(t.app, 'springfield');
    const login = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { cookie: again.cookie, 'x-csrf-token': again.csrfToken },
      payload: { orgId: 'springfield', username: payload.username.toUpperCase(), password: payload.password },
    });
    expect(login.json()).toMatchObject({ status: '1' });
  });

  it('stores no address when none was given, and the session\'s language when the form has none', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const { contactAddressVo: _none, preferredLanguage: _language, ...payload } = validPayload('springfield');
    const response = await postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: payload });
    expect(response.statusCode, response.body).toBe(200);
    const contactId = response.json().contactId as number;
    expect(await t.database.db.select().from(addresses).where(and(eq(addresses.orgId, 'springfield'), eq(addresses.contactId, contactId)))).toEqual([]);
    const [contact] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.contactId, contactId)));
    expect(contact!.preferredLanguage).toBe('en_US');
  });
});

/** §5 rules of the sign-up form, through the API: [name, orgId, change, [pointer, key][]]. */
type Row = [string, string, Partial<SignUpPayload>, [string, string][]];
const ONLY_EMAIL = [{ pathId: 1, pathType: 'EMAIL' as const, value: 'dana.newcomer@example.org' }];

describe('§5 messages of the sign-up form come back with their pointers (nothing stored)', () => {
  const rows: Row[] = [
    ['empty first name', 'springfield', { firstName: '' }, [['/firstName', 'jquery.validation.field.required']]],
    ['first name of spaces (trimmed)', 'springfield', { firstName: '   ' }, [['/firstName', 'jquery.validation.field.required']]],
    ['forbidden characters in the first name', 'springfield', { firstName: '<b>Dana' }, [['/firstName', 'ssp.field.firstname.invalid']]],
    ['forbidden characters in the last name', 'springfield', { lastName: 'New;comer' }, [['/lastName', 'ssp.field.lastname.invalid']]],
    ['a first name of 101', 'springfield', { firstName: 'd'.repeat(101) }, [['/firstName', 'jquery.validation.maxlength']]],
    ['no username', 'springfield', { username: '' }, [['/username', 'login.username.required']]],
    ['a username of 3', 'springfield', { username: 'abc' }, [['/username', 'jquery.validation.minlength']]],
    ['a username with a space', 'springfield', { username: 'dana new' }, [['/username', 'ssp.login.username.invalid']]],
    ['no password', 'springfield', { password: '' }, [['/password', 'login.password.required']]],
    ['public: a password without a digit', 'springfield', { password: 'springfield' }, [['/password', 'ssp.password.valid.invalid']]],
    ['private: a password of two classes', 'acme', { password: 'acmecorp1' }, [['/password', 'ssp.password.valid.invalid']]],
    ['private: what a public organisation accepts', 'acme', { password: 'spring26' }, [['/password', 'ssp.password.valid.invalid']]],
    ['FedRAMP: 11 characters of four classes', 'fedagency', { password: 'Acme-Corp-1' }, [['/password', 'ssp.password.valid.invalid']]],
    ['FedRAMP: what a private organisation accepts', 'fedagency', { password: 'Acme-2026x' }, [['/password', 'ssp.password.valid.invalid']]],
    ['a security answer of 1', 'springfield', { securityAnswer: ' x ' }, [['/securityAnswer', 'jquery.validation.minlength']]],
    ['a security answer of 121', 'springfield', { securityAnswer: 'x'.repeat(121) }, [['/securityAnswer', 'jquery.validation.maxlength']]],
    ['an unknown security question', 'springfield', { securityQuestion: 'question_twelve' }, [['/securityQuestion', 'jquery.validation.invalid']]],
    ['an invalid e-mail', 'springfield', { email: 'dana@', contactPaths: [] }, [['/email', 'jquery.validation.email']]],
    ['no e-mail where it is mandatory', 'springfield', { email: '', contactPaths: [{ pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US' }] }, [['/email', 'jquery.validation.field.required']]],
    ['an SMS number not valid in the US', 'springfield', { contactPaths: [...ONLY_EMAIL, { pathId: 2, pathType: 'SMS', value: '1234', countryCode: 'US' }] }, [['/smsPhone/value', 'ssp.checked.phoneNum']]],
    ['no contact path at all (springfield: 1, and e-mail mandatory)', 'springfield', { email: '', contactPaths: [] }, [['/email', 'jquery.validation.field.required'], ['/', 'new.registration.signup.create.contactpath.error']]],
    ['fewer contact paths than the minimum (acme: 2)', 'acme', { contactPaths: ONLY_EMAIL }, [['/', 'new.registration.signup.create.contactpath.error']]],
    ['terms not accepted', 'springfield', { accept: false }, [['/accept', 'ssp.signup.terms.required']]],
    ['an address not verified on the map', 'springfield', { contactAddressVo: { ...validPayload('springfield').contactAddressVo!, lat: null, lon: null } }, [['/address/verified', 'ssp.map.verify.your.location.errormsg']]],
    ['a street without a location name', 'springfield', { contactAddressVo: { ...validPayload('springfield').contactAddressVo!, locationName: '' } }, [['/address/locationName', 'ssp.map.verify.your.location.errormsg.required']]],
    ['a postal code of 2', 'springfield', { contactAddressVo: { ...validPayload('springfield').contactAddressVo!, postalCode: '97' } }, [['/address/postalCode', 'global.valid.text.postalCode']]],
  ];

  it.each(rows)('%s (%s)', async (_name, orgId, change, expected) => {
    const { params } = await inviteDirectly(t.database.db, orgId);
    const visitor = await startSession(t.app, orgId);
    const response = await expectNothingStored(t.database.db, () =>
      postSignUp(t.app, { orgId, visitor, userDetail: validPayload(orgId, change), invitation: orgId === 'springfield' ? null : params }));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(expected);
    expect(setCookie(response, 'SSPSESSION')).toBeUndefined();
  });

  it('refuses an address outside the organisation\'s geofence (§4) and stores nothing', async () => {
    // springfield's demo area is the city; Springfield, Oregon is outside it.
    const visitor = await startSession(t.app, 'springfield');
    const oregon = { ...validPayload('springfield').contactAddressVo!, state: 'OR', postalCode: '97477', lat: 44.05, lon: -123.02 };
    const response = await expectNothingStored(t.database.db, () =>
      postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('springfield', { contactAddressVo: oregon }), invitation: null }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ssp.location.address.out.of.range', errors: [{ pointer: '/address', key: 'ssp.location.address.out.of.range' }] });
  });

  it.each([
    ['acme', GOOD_PASSWORDS.acme],
    ['fedagency', GOOD_PASSWORDS.fedagency],
  ])('%s accepts a password under its own policy (%s)', async (orgId, password) => {
    const { params } = await inviteDirectly(t.database.db, orgId);
    const visitor = await startSession(t.app, orgId);
    const response = await postSignUp(t.app, { orgId, visitor, userDetail: validPayload(orgId, { password }), invitation: params });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('refusals beyond the form (nothing stored, never 500)', () => {
  it.each([
    ['the username of another member, in other case', { username: 'DEMO.Member' }, 409, 'ssp.login.username.exist', '/username'],
    ['the username as password', { username: 'dana.spring2026', password: 'Dana.Spring2026' }, 400, 'ssp.password.same.as.username', '/password'],
    ['a common password', { password: 'password1' }, 400, 'ssp.password.too.common', '/password'],
  ])('refuses %s', async (_name, change, status, errorCode, pointer) => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('springfield', change) }));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ errorCode, errors: [{ pointer, key: errorCode, params: {} }] });
  });

  it('a username taken by a sign-up a moment earlier', async () => {
    const username = freshUsername();
    const first = await postSignUp(t.app, { orgId: 'springfield', visitor: await startSession(t.app), userDetail: validPayload('springfield', { username }) });
    expect(first.statusCode).toBe(200);
    const second = await expectNothingStored(t.database.db, async () =>
      postSignUp(t.app, { orgId: 'springfield', visitor: await startSession(t.app), userDetail: validPayload('springfield', { username: username.toUpperCase() }) }));
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('ssp.login.username.exist');
  });

  it('two sign-ups racing for one username: one wins, the other is 409 (unique index)', async () => {
    const username = freshUsername();
    const [a, b] = [await startSession(t.app), await startSession(t.app)];
    const responses = await Promise.all([
      postSignUp(t.app, { orgId: 'springfield', visitor: a, userDetail: validPayload('springfield', { username }) }),
      postSignUp(t.app, { orgId: 'springfield', visitor: b, userDetail: validPayload('springfield', { username: username.toUpperCase() }) }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stored = await t.database.db.select().from(contacts).where(eq(contacts.username, username));
    expect(stored.length + (await t.database.db.select().from(contacts).where(eq(contacts.username, username.toUpperCase()))).length).toBe(1);
  });

  it.each([
    ['no X-CSRF-TOKEN', null],
    ['a wrong X-CSRF-TOKEN', 'not-the-token'],
  ])('403 csrf.invalid with %s', async (_name, csrfToken) => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('springfield'), csrfToken }));
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('csrf.invalid');
  });

  it('403 csrf.invalid without a session at all', async () => {
    const response = await expectNothingStored(t.database.db, () =>
      postSignUp(t.app, { orgId: 'springfield', visitor: { cookie: '', csrfToken: 'x' }, userDetail: validPayload('springfield') }));
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['a private organisation without an invitation (§2)', 'acme', 403, 'signup.notAllowed'],
    ['a FedRAMP organisation without an invitation', 'fedagency', 403, 'signup.notAllowed'],
    ['self-service turned off (enableSSP false)', 'paused', 403, 'ssp.page.deactivated'],
    ['a disabled organisation', 'dormant', 404, 'org.notFound'],
    ['an unknown organisation', 'nowhere', 404, 'org.notFound'],
  ])('refuses %s', async (_name, orgId, status, errorCode) => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId, visitor, userDetail: validPayload(orgId) }));
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it('refuses 403 signup.universalProfileOnly where new accounts are forced to the universal profile (§2), as the browser is sent there', async () => {
    const db = t.database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.orgId, 'springfield'));
    const forced = { ...org!.settings, publicPortal: { status: 'Enabled' as const, url: '', universalProfileUrl: 'https://up.example/register' } };
    const flag = and(eq(featureFlags.orgId, 'springfield'), eq(featureFlags.name, 'PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP'));
    await db.update(organizations).set({ settings: forced }).where(eq(organizations.orgId, 'springfield'));
    await db.update(featureFlags).set({ enabled: true }).where(flag);
    // Written straight in the database, past the writers that notify: the cache is told here.
    t.app.orgCache.invalidate('springfield');
    try {
      const visitor = await startSession(t.app, 'springfield');
      const response = await expectNothingStored(db, () => postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('springfield') }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorCode: 'signup.universalProfileOnly' });
    } finally {
      await db.update(organizations).set({ settings: org!.settings }).where(eq(organizations.orgId, 'springfield'));
      await db.update(featureFlags).set({ enabled: false }).where(flag);
      t.app.orgCache.invalidate('springfield');
    }
  });

  it('refuses a payload of another organisation', async () => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await expectNothingStored(t.database.db, () => postSignUp(t.app, { orgId: 'springfield', visitor, userDetail: validPayload('acme', { password: 'Spring2026field' }) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it.each([
    ['no userDetail', { headers: { 'content-type': 'application/json' }, payload: '{}' }, 'request.invalid'],
    ['userDetail that is not JSON', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'userDetail=%7Bnope' }, 'request.invalidBody'],
    ['userDetail that is a number', { headers: { 'content-type': 'application/json' }, payload: '{"userDetail":5}' }, 'request.invalid'],
    ['a payload without its members', { headers: { 'content-type': 'application/json' }, payload: '{"userDetail":{"firstName":"Dana"}}' }, 'request.invalid'],
    ['a contact path of an unknown type', { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ userDetail: validPayload('springfield', { contactPaths: [{ pathId: 7, pathType: 'FAX' as 'SMS', value: '1' }] }) }) }, 'request.invalid'],
    ['eb-base64 that is not base64', { headers: { 'content-type': 'application/javascript', 'encode-type': 'eb-base64' }, payload: '%%%' }, 'request.invalidBody'],
    ['application/javascript without Encode-Type', { headers: { 'content-type': 'application/javascript' }, payload: 'e30=' }, 'request.unsupportedMediaType'],
  ])('answers 4xx for %s', async (_name, request, errorCode) => {
    const visitor = await startSession(t.app, 'springfield');
    const response = await expectNothingStored(t.database.db, () => t.app.inject({
      method: 'POST', url: '/rest/registration/signUp?orgId=springfield', payload: request.payload,
      headers: { ...request.headers, cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
    }));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it.each([
    ['no orgId', ''],
    ['a contactId that is not a number', 'orgId=acme&contactId=abc'],
    ['a key with foreign characters', 'orgId=acme&key=a%20b'],
  ])('400 request.invalid for %s in the query', async (_name, query) => {
    const visitor = await startSession(t.app, 'springfield');
    const body = bodyOf(validPayload('acme'));
    const response = await t.app.inject({
      method: 'POST', url: `/rest/registration/signUp?${query}`, payload: body.payload,
      headers: { ...body.headers, cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});
