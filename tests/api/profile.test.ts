/**
 * The profile domain of §7 (issue 12, server side): `GET /{orgId}/{contactId}/profile`, `…/contactPaths`,
 * `POST …/profile` and `GET …/profile/checkexternalId/json`, through the real app on a real database.
 * Every §5 key of the profile form with its pointer (table-driven), bad input refused with an
 * errorCode and nothing changed, read-only fields not writable by a crafted request, the version that
 * refuses a stale save (409) and two saves at once, and the demo member's seeded profile.
 * Who may call these at all is the member scope's matrix (memberScope.authorization.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ContactPathAnswer, ContactPathInput, ProfileAnswer, ProfileEntry } from '../../schemas/api/profile.ts';
import { buildProfileSchema } from '../../schemas/forms/buildProfileSchema.ts';
import { contactPathDefinitionsOf, profileFlagsOf } from '../../schemas/forms/memberFlags.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { profileFormDataOf, saveProfileForm } from '../../schemas/profile/toPayload.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import { createOrganization } from '../../server/repositories/organizations.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { getAs, newMember, postProfile, signIn, storedProfile, type Member } from '../support/profile.ts';
import { signInAsDemoMember, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const PROFILE_IDS: Record<string, number> = { firstName: 1, lastName: 2, middleInitial: 3, suffix: 4, externalId: 5 };
const entry = (name: ProfileEntry['name'], value: string | null): ProfileEntry => ({ profileId: PROFILE_IDS[name] ?? 0, name, value });

const readProfile = async (member: Member) => {
  const response = await getAs(t.app, member, `/${member.orgId}/${member.contactId}/profile`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProfileAnswer;
};
const readPaths = async (member: Member) => {
  const response = await getAs(t.app, member, `/${member.orgId}/${member.contactId}/contactPaths`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { contactPaths: ContactPathAnswer[]; minContactPathNum: number; profileVersion: number };
};
const valueOf = (paths: ContactPathAnswer[], pathId: number) => paths.find((path) => path.pathId === pathId)!;

/** demo.member of an organisation, signed in on a session of their own. */
async function demoMember(orgId: string): Promise<Member> {
  const session = await startSession(t.app, orgId);
  const contactId = await signInAsDemoMember(t.database, orgId, session.sessionToken);
  return { orgId, contactId, cookie: session.cookie, csrfToken: session.csrfToken };
}

/** A springfield member with an e-mail and an SMS path with a quiet time (springfield asks for 1 path). */
const springfieldMember = (fields = {}) => newMember(t.app, t.database.db, 'springfield', { email: 'pat@example.org', timeZone: 'America/Chicago', ...fields }, [
  { pathId: 1, pathType: 'EMAIL', value: 'pat@example.org' },
  { pathId: 2, pathType: 'SMS', value: '2175550123', countryCode: 'US', quietTimeFrames: [{ name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 }] },
]);

/** An acme member (minimum 2 paths, external id exposed and editable, country codes US CA GB DE MX). */
const acmeMember = (fields = {}) => newMember(t.app, t.database.db, 'acme', { email: 'pat@acme.example', ...fields }, [
  { pathId: 1, pathType: 'EMAIL', value: 'pat@acme.example' },
  { pathId: 2, pathType: 'SMS', value: '2015550123', countryCode: 'US' },
]);

describe('GET /{orgId}/{contactId}/profile', () => {
  it('answers §3 Profile of the demo member of springfield: values, flags, time zones, languages, version; never cached', async () => {
    const member = await demoMember('springfield');
    const response = await getAs(t.app, member, `/springfield/${member.contactId}/profile`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = response.json() as ProfileAnswer;
    const settings = fixtureOrgs.springfield.settings;
    expect(profile).toMatchObject({
      contactId: member.contactId, username: 'demo.member', firstName: 'Dana', lastName: 'Member', middleInitial: 'J', suffix: '', externalId: '',
      email: 'demo.member@example.org', preferredLanguage: 'en_US', timeZone: 'America/Chicago',
      isUseDeviceTimeFrame: false, showRegistrationLink: true, hasUniversalProfile: false, orderMemberPath: true,
      // springfield's demo member has paths with values and has sent no test (tests/api/testNotification.test.ts covers the rest).
      sendNotificationPermission: { recaptchaSiteKey: '', permission: true }, hasSentTestNotification: false, sendErrorMsg: '',
      profileVersion: expect.any(Number),
    });
    // The ProfileFlags members are the shared derivation's, with the member's values (schemas/forms/memberFlags.ts).
    expect(profile).toMatchObject(profileFlagsOf(settings, {
      firstName: 'Dana', lastName: 'Member', middleInitial: 'J', suffix: null, externalId: null,
      registered: true, isMigrated: false, fromPublicPortal: false, hasPassword: true, hasUsername: true,
    }));
    expect(profile.timezones).toEqual(TIME_ZONES);
    expect(profile.preferredLanguageList).toHaveLength(27);
    expect(profile.preferredLanguageList[0]).toEqual({ lang: 'ar_SA', name: 'العربية', countryCode: 'SA' });
  });

  it('answers an account from the public portal: no password to change, linked to its profile, not registered here', async () => {
    const member = await newMember(t.app, t.database.db, 'springfield', { username: null, passwordHash: null, publicProfileId: 'pp-1', registered: false });
    expect(await readProfile(member)).toMatchObject({ username: null, isChangePassword: false, fromPublicPortal: true, hasUniversalProfile: true, registered: false, timeZone: '', email: '' });
  });

  it('answers acme\'s external id exposed and editable, and its minimum of 2', async () => {
    const member = await acmeMember({ externalId: 'E-100' });
    const profile = await readProfile(member);
    expect(profile.profiles.find((p) => p.fieldName === 'externalId')).toEqual({
      fieldName: 'externalId', name: 'externalId', profileId: 5, value: 'E-100', editable: true, mandatory: false, expose: true,
    });
    expect(profile).toMatchObject({ externalId: 'E-100', minContactPathNum: 2 });
  });
});

describe('GET /{orgId}/{contactId}/contactPaths', () => {
  it('answers every path of springfield, the demo member\'s first in their order with their values and quiet times', async () => {
    const member = await demoMember('springfield');
    const answer = await readPaths(member);
    expect(answer.minContactPathNum).toBe(1);
    expect(answer.profileVersion).toBe((await readProfile(member)).profileVersion);
    expect(answer.contactPaths.map((p) => [p.pathId, p.type, p.value, p.pathEnable, p.sortOrder])).toEqual([
      [1, 'EMAIL', 'demo.member@example.org', true, 0],
      [2, 'SMS', '2175550123', true, 1],
      [3, 'PHONE', '2175550188', true, 2],
      [4, 'TTYTDD', '', false, 3],
      [5, 'NUMERICPAGER', '', false, 4],
      [6, 'FAX', '', false, 5],
      [7, 'RECIP', '', false, 6],
    ]);
    expect(valueOf(answer.contactPaths, 2)).toEqual({
      pathId: 2, type: 'SMS', pathType: 'SMS', name: 'SMS', editable: true, mandatory: false, expose: true, value: '2175550123', displayValue: '(217) 555-0123', countryCode: 'US',
      noValidate: false, phoneExt: null, pin: null, systemRequirement: null, waitTime: null, pathEnable: true, sortOrder: 1, confirmed: true,
      quietTimeFrames: [
        { name: 'Night', days: [1, 2, 3, 4, 5, 6, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 },
        { name: 'Weekend mornings', days: [1, 7], fromHour: 7, fromMin: 0, toHour: 9, toMin: 30 },
      ],
    });
    // The demo leaves the mobile phone to confirm (issue 12 "Confirmed contact paths"); a fax takes no code.
    expect(valueOf(answer.contactPaths, 3)).toMatchObject({ phoneExt: '12', countryCode: 'US', confirmed: false });
    expect(valueOf(answer.contactPaths, 4).confirmed).toBeNull();
    expect(valueOf(answer.contactPaths, 5).pagerServices).toEqual(['Arch Wireless', 'SkyTel', 'USA Mobility']);
  });

  it('answers acme\'s paths with Slack (its own pathId), as the organisation defines them', async () => {
    const member = await acmeMember();
    const { contactPaths } = await readPaths(member);
    const definitions = contactPathDefinitionsOf(fixtureOrgs.acme.settings);
    expect(contactPaths.map(({ pathId, type, name, editable, mandatory, expose }) => ({ pathId, type, name, editable, mandatory, expose })).sort((a, b) => a.pathId - b.pathId))
      .toEqual(definitions.map(({ pagerServices: _p, ...definition }) => definition).sort((a, b) => a.pathId - b.pathId));
    expect(valueOf(contactPaths, 999)).toMatchObject({ type: 'SLACK', value: '', pathEnable: false });
  });
});

describe('GET …/contactPaths displayValue (home shows numbers as people write them)', () => {
  it.each([
    ['a number of the organisation\'s country, nationally', { pathId: 2, pathType: 'SMS', value: '2175550123', countryCode: 'US' }, '(217) 555-0123'],
    ['a number of another country, internationally', { pathId: 3, pathType: 'PHONE', value: '02079460958', countryCode: 'GB' }, '+44 20 7946 0958'],
    ['a number that does not parse, as stored', { pathId: 4, pathType: 'TTYTDD', value: '12', countryCode: 'US' }, '12'],
    ['an e-mail address, as stored', { pathId: 1, pathType: 'EMAIL', value: 'Pat@Example.org', countryCode: null }, 'Pat@Example.org'],
  ] as const)('shows %s', async (_name, path, displayValue) => {
    const member = await newMember(t.app, t.database.db, 'springfield', { email: 'pat@example.org' }, [path]);
    expect(valueOf((await readPaths(member)).contactPaths, path.pathId).displayValue).toBe(displayValue);
  });
});

describe('POST /{orgId}/{contactId}/profile: saves', () => {
  it('saves a form (§7): names, language, a new path, the order, a path switched off, a quiet time; status yes and the next version', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, {
      profile: [entry('firstName', 'Patricia'), entry('middleInitial', 'Q'), entry('suffix', 'Jr'), entry('preferredLanguage', 'es_ES'), entry('timeZone', 'Europe/Berlin')],
      contactPath: [
        { pathId: 6, value: '(217) 555-0142', countryCode: 'US', noValidate: false, quietTimeFrames: [] },
        { pathId: 2, value: '2175550123', countryCode: 'US', pathEnable: false },
        { pathId: 3, value: '2175550188', countryCode: 'US', quietTimeFrames: [{ name: 'Weekdays', days: [2, 3, 4, 5, 6], fromHour: 9, fromMin: 0, toHour: 17, toMin: 30 }] },
        { pathId: 1, value: 'pat@example.org' },
      ],
      profileVersion,
    });
    expect(response.statusCode, response.body).toBe(200);
    // A confirmation code goes to the new phone number (3), not to the e-mail and SMS paths that kept their values, nor to the fax.
    expect(response.json()).toEqual({ status: 'yes', profileVersion: profileVersion + 1, confirmationSent: [3] });

    expect(await readProfile(member)).toMatchObject({ firstName: 'Patricia', middleInitial: 'Q', suffix: 'Jr', preferredLanguage: 'es_ES', timeZone: 'Europe/Berlin', profileVersion: profileVersion + 1 });
    const { contactPaths } = await readPaths(member);
    expect(contactPaths.slice(0, 4).map((p) => [p.pathId, p.value, p.pathEnable, p.quietTimeFrames.map((f) => f.name)])).toEqual([
      [6, '2175550142', true, []],
      // Sent without quietTimeFrames: the stored quiet time stays.
      [2, '2175550123', false, ['Night']],
      // Quiet times belong to the paths that ring or buzz (issue 12: PHONE, SMS, TTYTDD).
      [3, '2175550188', true, ['Weekdays']],
      [1, 'pat@example.org', true, []],
    ]);
  });

  it('takes the same save as JSON', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, { profile: [entry('lastName', 'Jsonson')], profileVersion }, { encoding: 'json' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readProfile(member)).lastName).toBe('Jsonson');
  });

  it('saves the demo member\'s profile back as the profile page sends it, unchanged (the seed passes the builder)', async () => {
    const member = await demoMember('springfield');
    const before = await storedProfile(t.database.db, 'springfield', member.contactId);
    const profile = await readProfile(member);
    const { contactPaths } = await readPaths(member);
    const settings = fixtureOrgs.springfield.settings;
    const form = buildProfileSchema(settings, { featureFlags: fixtureOrgs.springfield.flags, profile, contactPaths, timeZones: profile.timezones }, 'edit');
    const data = profileFormDataOf(profile, contactPaths, settings.defaultCountry);
    const response = await postProfile(t.app, member, saveProfileForm(form.schema, profile.profiles, data, profile.profileVersion) as unknown as Record<string, string>);
    expect(response.statusCode, response.body).toBe(200);
    const after = await storedProfile(t.database.db, 'springfield', member.contactId);
    expect(after.paths).toEqual(before.paths);
    expect({ ...after.contact, profileVersion: 0 }).toEqual({ ...before.contact!, profileVersion: 0 });
  });

  it('sets pathEnable from the value (§2): a new number is on, an emptied one is off, a number switched off stays off', async () => {
    const member = await springfieldMember();
    let version = (await readProfile(member)).profileVersion;
    const save = async (contactPath: ContactPathInput[]) => {
      const response = await postProfile(t.app, member, { contactPath, profileVersion: version });
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().profileVersion;
      return (await readPaths(member)).contactPaths;
    };
    let paths = await save([{ pathId: 1, value: 'pat@example.org' }, { pathId: 3, value: '2175550188' }, { pathId: 2, value: '2175550123', pathEnable: false }]);
    expect([valueOf(paths, 3).pathEnable, valueOf(paths, 2).pathEnable]).toEqual([true, false]);
    paths = await save([{ pathId: 1, value: 'pat@example.org' }, { pathId: 3, value: '', pathEnable: true }]);
    expect(valueOf(paths, 3)).toMatchObject({ value: '', pathEnable: false });
    expect(valueOf(paths, 2).pathEnable).toBe(false);
  });

  it('orders the paths by sortOrder when given', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, {
      contactPath: [{ pathId: 1, value: 'pat@example.org', sortOrder: 2 }, { pathId: 3, value: '2175550188', sortOrder: 0 }, { pathId: 2, value: '2175550123', sortOrder: 1 }],
      profileVersion,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readPaths(member)).contactPaths.slice(0, 3).map((p) => p.pathId)).toEqual([3, 2, 1]);
  });

  it('stores a 24-hour quiet time with its end equal to its start (§4), the days in order', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const allDay = { name: 'Sunday', days: [7, 1], fromHour: 8, fromMin: 15, toHour: 23, toMin: 59, allDay: true };
    const response = await postProfile(t.app, member, { contactPath: [{ pathId: 2, value: '2175550123', quietTimeFrames: [allDay] }], profileVersion });
    expect(response.statusCode, response.body).toBe(200);
    expect(valueOf((await readPaths(member)).contactPaths, 2).quietTimeFrames).toEqual([{ name: 'Sunday', days: [1, 7], fromHour: 8, fromMin: 15, toHour: 8, toMin: 15, allDay: true }]);
  });

  it('stores the extension, pin and pager service of the paths that have them, and the number as §5 sends it', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, {
      contactPath: [
        { pathId: 3, value: '+1 (217) 555-0188', countryCode: 'US', phoneExt: '0042', waitTime: 10 },
        { pathId: 5, value: '2175550100', pin: '1234', systemRequirement: 'SkyTel' },
        { pathId: 1, value: 'pat@example.org', phoneExt: '99' },
      ],
      profileVersion,
    });
    expect(response.statusCode, response.body).toBe(200);
    const paths = (await readPaths(member)).contactPaths;
    expect(valueOf(paths, 3)).toMatchObject({ value: '2175550188', countryCode: 'US', phoneExt: '0042', waitTime: 10 });
    expect(valueOf(paths, 5)).toMatchObject({ value: '2175550100', pin: '1234', systemRequirement: 'SkyTel', waitTime: null });
    expect(valueOf(paths, 1)).toMatchObject({ value: 'pat@example.org', phoneExt: null });
  });

  it('clears a field sent empty, keeps one left out', async () => {
    const member = await springfieldMember({ middleInitial: 'Z', suffix: 'Sr' });
    const { profileVersion } = await readProfile(member);
    expect((await postProfile(t.app, member, { profile: [entry('middleInitial', ''), entry('timeZone', null)], profileVersion })).statusCode).toBe(200);
    expect(await readProfile(member)).toMatchObject({ middleInitial: '', suffix: 'Sr', timeZone: '' });
  });

  it('saves an external id in acme, and answers its uniqueness', async () => {
    const member = await acmeMember();
    const { profileVersion } = await readProfile(member);
    const id = `EXT-${member.contactId}`;
    expect((await postProfile(t.app, member, { profile: [entry('externalId', `  ${id} `)], profileVersion })).statusCode).toBe(200);
    expect((await readProfile(member)).externalId).toBe(id);
    const other = await acmeMember();
    const check = (who: Member, externalId: string) => getAs(t.app, who, `/acme/${who.contactId}/profile/checkexternalId/json?externalId=${encodeURIComponent(externalId)}`);
    expect((await check(member, id)).json()).toBe(true);
    expect((await check(other, id)).json()).toBe(false);
    expect((await check(other, ` ${id} `)).json()).toBe(false);
    expect((await check(other, 'FREE-1')).json()).toBe(true);
    expect((await check(other, '')).json()).toBe(true);
    // Another organisation's ids are its own.
    const springfield = await springfieldMember();
    expect((await getAs(t.app, springfield, `/springfield/${springfield.contactId}/profile/checkexternalId/json?externalId=${id}`)).json()).toBe(true);
  });
});

describe('POST …/profile: §5 rules of the profile form, each key with its pointer; nothing changed', () => {
  /** A full springfield save: the profile fields, then e-mail, SMS, phone, TTY, pager, fax in this order. */
  const springfieldSave = (profile: Record<string, string> = {}, paths: Record<number, Partial<ContactPathInput>> = {}) => ({
    profile: Object.entries({ firstName: 'Pat', lastName: 'Profile', middleInitial: '', suffix: '', email: 'pat@example.org', preferredLanguage: 'en_US', timeZone: 'America/Chicago', ...profile })
      .map(([name, value]) => entry(name as ProfileEntry['name'], value)),
    contactPath: [
      { pathId: 1, value: 'pat@example.org' },
      { pathId: 2, value: '2175550123', countryCode: 'US', noValidate: false, quietTimeFrames: [{ name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 }] },
      { pathId: 3, value: '', countryCode: 'US' },
      { pathId: 4, value: '', countryCode: 'US' },
      { pathId: 5, value: '', pin: '', systemRequirement: '' },
      { pathId: 6, value: '', countryCode: 'US' },
    ].map((path) => ({ ...path, ...paths[path.pathId] })) as ContactPathInput[],
  });
  const frame = (change: Record<string, unknown>) => ({ 2: { quietTimeFrames: [{ name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0, ...change }] } });
  const emptyAll = Object.fromEntries([1, 2, 3, 4, 5, 6].map((id) => [id, { value: '' }]));

  const rows: [string, ReturnType<typeof springfieldSave>, [string, string, Record<string, unknown>?][]][] = [
    ['no first name', springfieldSave({ firstName: '' }), [['/firstName', 'jquery.validation.field.required']]],
    ['a blank last name', springfieldSave({ lastName: '   ' }), [['/lastName', 'jquery.validation.field.required']]],
    ['a forbidden character in the first name', springfieldSave({ firstName: 'Pat<script>' }), [['/firstName', 'ssp.field.firstname.invalid']]],
    ['a forbidden character in the last name', springfieldSave({ lastName: 'Pro;file' }), [['/lastName', 'ssp.field.lastname.invalid']]],
    ['a first name of 101', springfieldSave({ firstName: 'x'.repeat(101) }), [['/firstName', 'jquery.validation.maxlength']]],
    ['a middle initial of 2', springfieldSave({ middleInitial: 'QR' }), [['/middleInitial', 'jquery.validation.maxlength']]],
    ['a suffix of 11', springfieldSave({ suffix: 'x'.repeat(11) }), [['/suffix', 'jquery.validation.maxlength']]],
    ['no registration e-mail (springfield: mandatory)', springfieldSave({ email: '' }), [['/email', 'jquery.validation.field.required']]],
    ['a registration e-mail that is no address', springfieldSave({ email: 'pat@' }), [['/email', 'jquery.validation.email']]],
    ['an unknown language', springfieldSave({ preferredLanguage: 'xx_XX' }), [['/preferredLanguage', 'jquery.validation.invalid']]],
    ['an unknown time zone', springfieldSave({ timeZone: 'Mars/Olympus' }), [['/timeZone', 'jquery.validation.invalid']]],
    ['an e-mail path that is no address', springfieldSave({}, { 1: { value: 'pat@' } }), [['/contactPaths/0/value', 'jquery.validation.email']]],
    ['an SMS number not valid in the US', springfieldSave({}, { 2: { value: '123' } }), [['/contactPaths/1/value', 'ssp.checked.phoneNum']]],
    ['letters in a phone number', springfieldSave({}, { 3: { value: 'call me' } }), [['/contactPaths/2/value', 'ssp.checked.phoneNum']]],
    ['a number "use as is" of 3 digits', springfieldSave({}, { 3: { value: '123', noValidate: true } }), [['/contactPaths/2/value', 'message.validation.invalid.number.length']]],
    ['a TTY number in Germany', springfieldSave({}, { 4: { value: '030123456', countryCode: 'DE' } }), [['/contactPaths/3/countryCode', 'ssp.country.code.invalid']]],
    ['an extension with a letter', springfieldSave({}, { 3: { value: '2175550188', phoneExt: '12a' } }), [['/contactPaths/2/phoneExt', 'jquery.validation.ext']]],
    ['an extension of 11 digits', springfieldSave({}, { 3: { value: '2175550188', phoneExt: '1'.repeat(11) } }), [['/contactPaths/2/phoneExt', 'jquery.validation.ext']]],
    ['a pager pin with a letter', springfieldSave({}, { 5: { value: '2175550100', pin: 'x1' } }), [['/contactPaths/4/pin', 'jquery.validation.pin']]],
    ['a pager service not offered', springfieldSave({}, { 5: { value: '2175550100', systemRequirement: 'Carrier pigeon' } }), [['/contactPaths/4/systemRequirement', 'jquery.validation.invalid']]],
    ['a wait time of 61', springfieldSave({}, { 2: { waitTime: 61 } }), [['/contactPaths/1/waitTime', 'jquery.validation.invalid']]],
    ['a quiet time without a name', springfieldSave({}, frame({ name: '' })), [['/contactPaths/1/quietTimeFrames/0/name', 'jquery.validation.field.required']]],
    ['a quiet-time name of 41', springfieldSave({}, frame({ name: 'n'.repeat(41) })), [['/contactPaths/1/quietTimeFrames/0/name', 'jquery.validation.maxlength']]],
    ['a quiet time without a day', springfieldSave({}, frame({ days: [] })), [['/contactPaths/1/quietTimeFrames/0/days', 'profile.quiet.time.days.required']]],
    ['a quiet time on day 8', springfieldSave({}, frame({ days: [8] })), [['/contactPaths/1/quietTimeFrames/0/days/0', 'jquery.validation.invalid']]],
    ['a quiet time from hour 24', springfieldSave({}, frame({ fromHour: 24 })), [['/contactPaths/1/quietTimeFrames/0/fromHour', 'jquery.validation.invalid']]],
    ['a quiet time to minute 60', springfieldSave({}, frame({ toMin: 60 })), [['/contactPaths/1/quietTimeFrames/0/toMin', 'jquery.validation.invalid']]],
    ['no path filled (springfield: minimum 1)', springfieldSave({}, emptyAll),
      [['/contactPaths/0/value', 'jquery.validation.field.required'], ['/contactPaths', 'new.registration.signup.create.contactpath.error', { count: 1 }]]],
    ['a path the organisation does not offer', { ...springfieldSave(), contactPath: [...springfieldSave().contactPath, { pathId: 999, value: 'pat@example.org' }] },
      [['/contactPaths/6/pathId', 'jquery.validation.invalid']]],
  ];

  it.each(rows)('refuses %s', async (_name, save, expected) => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const before = await storedProfile(t.database.db, 'springfield', member.contactId);
    const response = await postProfile(t.app, member, { ...save, profileVersion });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('validation');
    expect(body.errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(expected.map(([pointer, key]) => [pointer, key]));
    for (const [index, [, , params]] of expected.entries()) if (params) expect(body.errors[index].params).toMatchObject(params);
    expect(await storedProfile(t.database.db, 'springfield', member.contactId)).toEqual(before);
  });

  it('accepts the same save without the error (the table\'s base is valid)', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, { ...springfieldSave(), profileVersion });
    expect(response.statusCode, response.body).toBe(200);
  });

  const acmeRows: [string, Partial<Record<string, string>>, Record<number, Partial<ContactPathInput>>, [string, string][]][] = [
    ['one path only (acme: minimum 2)', {}, { 2: { value: '' } }, [['/contactPaths', 'new.registration.signup.create.contactpath.error']]],
    ['an SMS country acme does not allow', {}, { 2: { value: '0612345678', countryCode: 'FR' } }, [['/contactPaths/1/countryCode', 'ssp.country.code.invalid']]],
    ['an external id of 51', { externalId: 'e'.repeat(51) }, {}, [['/externalId', 'jquery.validation.maxlength']]],
    ['a Slack address that is no address', {}, { 999: { value: 'slack' } }, [['/contactPaths/2/value', 'jquery.validation.email']]],
  ];

  it.each(acmeRows)('refuses in acme %s', async (_name, profile, paths, expected) => {
    const member = await acmeMember();
    const { profileVersion } = await readProfile(member);
    const before = await storedProfile(t.database.db, 'acme', member.contactId);
    const contactPath = [{ pathId: 1, value: 'pat@acme.example' }, { pathId: 2, value: '2015550123', countryCode: 'US' }, { pathId: 999, value: '' }]
      .map((path) => ({ ...path, ...paths[path.pathId] }));
    const response = await postProfile(t.app, member, {
      profile: Object.entries({ firstName: 'Pat', lastName: 'Profile', email: 'pat@acme.example', ...profile }).map(([name, value]) => entry(name as ProfileEntry['name'], value!)),
      contactPath, profileVersion,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((e: { pointer: string; key: string }) => [e.pointer, e.key])).toEqual(expected);
    expect(await storedProfile(t.database.db, 'acme', member.contactId)).toEqual(before);
  });

  it('refuses an external id another acme member has (§5 server uniqueness), changing nothing', async () => {
    const holder = await acmeMember({ externalId: 'TAKEN-1' });
    const member = await acmeMember();
    const { profileVersion } = await readProfile(member);
    const before = await storedProfile(t.database.db, 'acme', member.contactId);
    const response = await postProfile(t.app, member, { profile: [entry('firstName', 'Changed'), entry('externalId', 'TAKEN-1')], profileVersion });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'validation', errors: [{ pointer: '/externalId', key: 'jquery.validation.externalId', params: {} }] });
    expect(await storedProfile(t.database.db, 'acme', member.contactId)).toEqual(before);
    expect((await readProfile(holder)).externalId).toBe('TAKEN-1');
  });
});

describe('POST …/profile: malformed requests are 4xx with an errorCode, never 500, and change nothing', () => {
  const version = async (member: Member) => String((await readProfile(member)).profileVersion);
  const quietTimeOn = async (m: Member, pathId: number, value: string) => ({
    contactPath: JSON.stringify([{ pathId, value, countryCode: 'US', quietTimeFrames: [{ name: 'n', days: [1], fromHour: 1, fromMin: 0, toHour: 2, toMin: 0 }] }]),
    profileVersion: await version(m),
  });
  const cases: [string, (member: Member) => Promise<Record<string, string>>, number, string, RegExp?][] = [
    ['profile that is not JSON', async (m) => ({ profile: '[{"name":', profileVersion: await version(m) }), 400, 'request.invalidBody', /^profile is not JSON$/],
    ['contactPath that is not JSON', async (m) => ({ contactPath: 'not json', profileVersion: await version(m) }), 400, 'request.invalidBody', /^contactPath is not JSON$/],
    ['no profileVersion', async () => ({ profile: '[]' }), 400, 'request.invalid'],
    ['a profileVersion that is no number', async () => ({ profile: '[]', profileVersion: 'latest' }), 400, 'request.invalid'],
    ['profile that is an object', async (m) => ({ profile: '{"firstName":"X"}', profileVersion: await version(m) }), 400, 'request.invalid'],
    ['a field that is not in the profile', async (m) => ({ profile: JSON.stringify([{ profileId: 0, name: 'password', value: 'x' }]), profileVersion: await version(m) }), 400, 'request.invalid'],
    ['a field twice', async (m) => ({ profile: JSON.stringify([entry('firstName', 'A'), entry('firstName', 'B')]), profileVersion: await version(m) }), 400, 'request.invalid', /twice/],
    ['a field under another profileId', async (m) => ({ profile: JSON.stringify([{ profileId: 2, name: 'firstName', value: 'A' }]), profileVersion: await version(m) }), 400, 'request.invalid', /profileId/],
    ['a path twice', async (m) => ({ contactPath: JSON.stringify([{ pathId: 1, value: 'a@example.org' }, { pathId: 1, value: 'b@example.org' }]), profileVersion: await version(m) }), 400, 'request.invalid', /twice/],
    ['a value of 201 characters', async (m) => ({ profile: JSON.stringify([entry('firstName', 'x'.repeat(201))]), profileVersion: await version(m) }), 400, 'request.invalid'],
    ['31 paths', async (m) => ({ contactPath: JSON.stringify(Array.from({ length: 31 }, (_, i) => ({ pathId: i }))), profileVersion: await version(m) }), 400, 'request.invalid'],
    ['21 quiet times on a path', async (m) => ({
      contactPath: JSON.stringify([{ pathId: 2, value: '2175550123', quietTimeFrames: Array.from({ length: 21 }, () => ({ name: 'n', days: [1], fromHour: 1, fromMin: 0, toHour: 2, toMin: 0 })) }]),
      profileVersion: await version(m),
    }), 400, 'request.invalid'],
    // Quiet times belong to PHONE, SMS and TTYTDD paths: one on the e-mail or fax path is refused, not dropped unseen.
    ['a quiet time on the e-mail path', async (m) => quietTimeOn(m, 1, 'pat@example.org'), 400, 'request.invalid', /pathId 1 takes no quiet times/],
    ['a quiet time on the fax path', async (m) => quietTimeOn(m, 6, '2175550142'), 400, 'request.invalid', /pathId 6 takes no quiet times/],
    ['a NUL inside the JSON text', async (m) => ({ profile: JSON.stringify([entry('firstName', 'Pa\u0000t')]), profileVersion: await version(m) }), 400, 'request.invalid', /NUL/],
    ['a lone surrogate inside the JSON text', async (m) => ({ profile: '[{"profileId":1,"name":"firstName","value":"\\ud800"}]', profileVersion: await version(m) }), 400, 'request.invalid', /surrogates/],
  ];

  it.each(cases)('refuses %s', async (_name, body, status, errorCode, message) => {
    const member = await springfieldMember();
    const before = await storedProfile(t.database.db, 'springfield', member.contactId);
    const response = await postProfile(t.app, member, await body(member));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
    if (message) expect(response.json().message).toMatch(message);
    expect(await storedProfile(t.database.db, 'springfield', member.contactId)).toEqual(before);
  });

  it.each([
    ['an external id of 51', `${'e'.repeat(51)}`],
  ])('refuses checkexternalId with %s (400 request.invalid)', async (_name, externalId) => {
    const member = await acmeMember();
    const response = await getAs(t.app, member, `/acme/${member.contactId}/profile/checkexternalId/json?externalId=${externalId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
    expect((await getAs(t.app, member, `/acme/${member.contactId}/profile/checkexternalId/json`)).json().errorCode).toBe('request.invalid');
  });
});

describe('POST …/profile: the version (issue 12 "Safety")', () => {
  it('refuses a save of an older version with 409 profile.conflict and the stored version, changing nothing', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    expect((await postProfile(t.app, member, { profile: [entry('firstName', 'First')], profileVersion })).statusCode).toBe(200);
    const before = await storedProfile(t.database.db, 'springfield', member.contactId);
    const stale = await postProfile(t.app, member, {
      profile: [entry('firstName', 'Second')], contactPath: [{ pathId: 1, value: 'pat@example.org' }], profileVersion,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorCode: 'profile.conflict', profileVersion: profileVersion + 1 });
    expect(await storedProfile(t.database.db, 'springfield', member.contactId)).toEqual(before);
    expect((await readProfile(member)).firstName).toBe('First');
  });

  it('refuses a version from the future too', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    const response = await postProfile(t.app, member, { profile: [entry('firstName', 'Later')], profileVersion: profileVersion + 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json().profileVersion).toBe(profileVersion);
  });

  it('of two saves of one version at once, one is saved whole and the other refused: no path or quiet time is lost or mixed', async () => {
    for (let round = 0; round < 3; round++) {
      const member = await springfieldMember();
      // Two browsers of the member, each with its own session.
      const other = { ...member, ...(await signIn(t.app, t.database.db, 'springfield', member.contactId)) };
      const { profileVersion } = await readProfile(member);
      const quiet = (name: string) => [{ name, days: [2], fromHour: 1, fromMin: 0, toHour: 2, toMin: 0 }];
      const first = {
        profile: [entry('firstName', 'Alpha')],
        contactPath: [{ pathId: 3, value: '2175550188', quietTimeFrames: quiet('A') }, { pathId: 1, value: 'pat@example.org' }, { pathId: 2, value: '2175550123', quietTimeFrames: [] }],
        profileVersion,
      };
      const second = {
        profile: [entry('firstName', 'Beta')],
        contactPath: [{ pathId: 4, value: '2175550142', quietTimeFrames: quiet('B') }, { pathId: 2, value: '2175550199' }, { pathId: 1, value: 'pat@example.org' }],
        profileVersion,
      };
      const [a, b] = await Promise.all([postProfile(t.app, member, first), postProfile(t.app, other, second)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const paths = (await readPaths(member)).contactPaths.filter((path) => path.value !== '');
      const profile = await readProfile(member);
      expect(profile.profileVersion).toBe(profileVersion + 1);
      if (a.statusCode === 200) {
        expect(profile.firstName).toBe('Alpha');
        expect(paths.map((p) => [p.pathId, p.value, p.quietTimeFrames.map((f) => f.name)])).toEqual([[3, '2175550188', ['A']], [1, 'pat@example.org', []], [2, '2175550123', []]]);
      } else {
        expect(profile.firstName).toBe('Beta');
        // The SMS path's stored quiet time was not sent, so it stays.
        expect(paths.map((p) => [p.pathId, p.value, p.quietTimeFrames.map((f) => f.name)])).toEqual([[4, '2175550142', ['B']], [2, '2175550199', ['Night']], [1, 'pat@example.org', []]]);
      }
    }
  });
});

describe('POST …/profile: what the member may not change (§6 editable false) stays as it is', () => {
  /** An organisation whose names, e-mail, middle initial and SMS number are locked (settings: the member may not edit them). */
  async function lockedOrganization(): Promise<string> {
    const orgId = `locked-${process.pid}-${Date.now() % 100_000}`;
    const settings: OrgSettingsInput = {
      ...(fixtureOrgs.springfield.input as OrgSettingsInput),
      orgName: 'Locked Town', editFirstName: false, editLastName: false, signupEmailEditable: false,
      middleInitialsSetting: { mandatory: false, edit: false, expose: true },
      SMSSetting: { pathId: 2, type: 'SMS', mandatory: false, editable: false, exposed: true, prompt: 'SMS' },
    };
    resolveOrgSettings(settings);
    await createOrganization(t.database.db, orgId, { settings, featureFlags: {}, helpAndAnswers: {}, banner: null, members: [] });
    return orgId;
  }

  it('keeps the stored names, e-mail, middle initial and SMS number whatever a crafted save sends; the rest is saved', async () => {
    const orgId = await lockedOrganization();
    const member = await newMember(t.app, t.database.db, orgId, { firstName: 'Lock', lastName: 'Ed', middleInitial: 'L', email: 'locked@example.org' }, [
      { pathId: 1, pathType: 'EMAIL', value: 'locked@example.org' },
      { pathId: 2, pathType: 'SMS', value: '2175550123', countryCode: 'US' },
    ]);
    const profile = await readProfile(member);
    expect(profile.profiles.find((p) => p.fieldName === 'firstName')).toMatchObject({ editable: false });
    expect(profile.isEmailEditable).toBe(false);
    expect(valueOf((await readPaths(member)).contactPaths, 2).editable).toBe(false);

    const response = await postProfile(t.app, member, {
      profile: [entry('firstName', 'Crafted'), entry('lastName', 'Crafted'), entry('middleInitial', 'C'), entry('email', 'crafted@example.org'), entry('suffix', 'III')],
      contactPath: [
        { pathId: 2, value: '2015550123', countryCode: 'CA', noValidate: true, quietTimeFrames: [{ name: 'Mine', days: [1], fromHour: 0, fromMin: 0, toHour: 6, toMin: 0 }] },
        { pathId: 1, value: 'locked@example.org' },
        { pathId: 7, value: 'yes' },
      ],
      profileVersion: profile.profileVersion,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await readProfile(member)).toMatchObject({ firstName: 'Lock', lastName: 'Ed', middleInitial: 'L', email: 'locked@example.org', suffix: 'III' });
    const paths = (await readPaths(member)).contactPaths;
    // The number is the organisation's to set; its quiet times and its place are the member's.
    expect(paths[0]).toMatchObject({ pathId: 2, value: '2175550123', countryCode: 'US', noValidate: false, quietTimeFrames: [{ name: 'Mine' }] });
    // §3 RECIP "value yes means logged in to the app": never the member's to set.
    expect(valueOf(paths, 7).value).toBe('');
  });

  it('ignores a field springfield does not expose (the external id)', async () => {
    const member = await springfieldMember();
    const { profileVersion } = await readProfile(member);
    expect((await postProfile(t.app, member, { profile: [entry('externalId', 'CRAFTED')], profileVersion })).statusCode).toBe(200);
    expect((await storedProfile(t.database.db, 'springfield', member.contactId)).contact!.externalId).toBeNull();
  });
});
