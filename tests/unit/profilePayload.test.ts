/**
 * schemas/profile/: the profile save's payload over what is stored, into the profile form's data
 * (read-only fields and parts left out keep their stored values), and validated data into what is
 * stored (§5 phone numbers, §2 pathEnable, §4 24-hour quiet times, each part only where the path's
 * type has it); the browser's half sends what the server reads back.
 */
import { describe, expect, it } from 'vitest';
import type { ContactPathInput, ProfileEntry } from '../../schemas/api/profile.ts';
import { buildProfileSchema } from '../../schemas/forms/buildProfileSchema.ts';
import { contactPathDefinitionsOf, NEW_MEMBER, profileFlagsOf } from '../../schemas/forms/memberFlags.ts';
import type { FormFlags } from '../../schemas/forms/types.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import type { ContactPathValues } from '../../schemas/profile/formData.ts';
import { profileFormData, profileToStore, type StoredProfile } from '../../schemas/profile/fromPayload.ts';
import { saveProfileForm } from '../../schemas/profile/toPayload.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import { formFixtures } from '../fixtures/formFlags.ts';

const fixture = (id: string) => formFixtures.find((f) => f.id === id)!;

function formOf(settings: OrgSettings) {
  const flags: FormFlags = { featureFlags: fixture('springfield').flags.featureFlags, profile: profileFlagsOf(settings, NEW_MEMBER), contactPaths: contactPathDefinitionsOf(settings), timeZones: [...TIME_ZONES] };
  return { flags, form: buildProfileSchema(settings, flags, 'edit').schema };
}

const path = (pathId: number, type: ContactPathValues['type'], value: string, extra: Partial<ContactPathValues> = {}): ContactPathValues => ({
  pathId, type, value, countryCode: null, noValidate: false, phoneExt: null, pin: null, systemRequirement: null, waitTime: null, pathEnable: value !== '',
  quietTimeFrames: [], ...extra,
});

const night = { name: 'Night', days: [7, 1], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 };

const stored: StoredProfile = {
  firstName: 'Dana', lastName: 'Member', middleInitial: 'J', suffix: null, externalId: 'E-1', email: 'dana@example.org', preferredLanguage: 'en_US',
  timeZone: 'America/Chicago',
  contactPaths: [
    path(1, 'EMAIL', 'dana@example.org'),
    path(2, 'SMS', '2175550123', { countryCode: 'US', quietTimeFrames: [night] }),
    path(7, 'RECIP', 'yes'),
  ],
};

const entry = (name: ProfileEntry['name'], value: string, profileId = ({ firstName: 1, lastName: 2, middleInitial: 3, suffix: 4, externalId: 5 } as Record<string, number>)[name] ?? 0): ProfileEntry =>
  ({ profileId, name, value });

describe('profileFormData: the payload over what is stored (springfield)', () => {
  const { settings } = fixture('springfield');
  const { flags, form } = formOf(settings);
  const definitions = flags.contactPaths!;
  const read = (payload: { profile?: ProfileEntry[]; contactPath?: ContactPathInput[] }) => profileFormData(form, definitions, stored, payload, 'US');

  it('takes what is sent, keeps what is left out, and leaves blanks out', () => {
    const result = read({ profile: [entry('firstName', 'Danielle'), entry('middleInitial', '')] });
    expect(result).toEqual({
      ok: true,
      data: {
        firstName: 'Danielle', lastName: 'Member', email: 'dana@example.org', preferredLanguage: 'en_US', timeZone: 'America/Chicago',
        contactPaths: [
          { pathId: 1, type: 'EMAIL', value: 'dana@example.org', pathEnable: true },
          { pathId: 2, type: 'SMS', value: '2175550123', countryCode: 'US', noValidate: false, pathEnable: true, quietTimeFrames: [night] },
          { pathId: 7, type: 'RECIP', value: 'yes', pathEnable: true },
        ],
      },
    });
  });

  it('ignores a field the organisation does not expose (springfield has no external id)', () => {
    const result = read({ profile: [entry('externalId', 'CRAFTED')] });
    expect(result.ok && result.data).not.toHaveProperty('externalId');
  });

  it('orders the paths by the list, or by sortOrder; the member\'s other paths follow with what is stored', () => {
    const byList = read({ contactPath: [{ pathId: 6, value: '2175550142' }, { pathId: 1, value: 'new@example.org' }] });
    expect(byList.ok && byList.data.contactPaths!.map((p) => [p.pathId, p.value])).toEqual([[6, '2175550142'], [1, 'new@example.org'], [2, '2175550123'], [7, 'yes']]);
    const bySortOrder = read({ contactPath: [{ pathId: 6, value: '2175550142', sortOrder: 1 }, { pathId: 1, value: 'new@example.org', sortOrder: 0 }] });
    expect(bySortOrder.ok && bySortOrder.data.contactPaths!.map((p) => p.pathId)).toEqual([1, 6, 2, 7]);
  });

  it('keeps a path\'s quiet times unless they are sent; the mobile app\'s value is never the member\'s to set', () => {
    const result = read({ contactPath: [{ pathId: 2, value: '2175550199' }, { pathId: 7, value: 'no' }] });
    expect(result.ok && result.data.contactPaths!.slice(0, 2)).toEqual([
      { pathId: 2, type: 'SMS', value: '2175550199', countryCode: 'US', noValidate: false, pathEnable: true, quietTimeFrames: [night] },
      { pathId: 7, type: 'RECIP', value: 'yes', pathEnable: true },
    ]);
  });

  it('lets a path the form does not offer through to the schema, which refuses its pathId', () => {
    const result = read({ contactPath: [{ pathId: 42, value: 'x' }] });
    expect(result.ok && result.data.contactPaths![0]).toEqual({ pathId: 42, type: 'EMAIL', value: 'x' });
  });

  it.each([
    ['a field twice', { profile: [entry('firstName', 'A'), entry('firstName', 'B')] }, 'profile: firstName is given twice'],
    ['a field under another profileId', { profile: [entry('lastName', 'B', 1)] }, 'profile: lastName is profileId 2, not 1'],
    ['a path twice', { contactPath: [{ pathId: 2, value: '' }, { pathId: 2, value: '' }] }, 'contactPath: pathId 2 is given twice'],
  ])('refuses %s as a malformed request', (_name, payload, message) => {
    expect(read(payload)).toEqual({ ok: false, message });
  });
});

describe('profileFormData: what the form draws read-only keeps its stored value (nothing-exposed)', () => {
  const { settings } = fixture('nothing-exposed');
  const locked: OrgSettings = { ...settings, SMSSetting: { ...settings.SMSSetting, exposed: true } };
  const { flags, form } = formOf(locked);

  it('names locked by editFirstName/editLastName, an e-mail not editable, an SMS number not editable (its quiet times are)', () => {
    const result = profileFormData(form, flags.contactPaths!, stored, {
      profile: [entry('firstName', 'Crafted'), entry('lastName', 'Crafted'), entry('email', 'crafted@example.org')],
      contactPath: [{ pathId: 2, value: '2015550123', countryCode: 'CA', noValidate: true, quietTimeFrames: [] }],
    }, 'US');
    expect(result.ok && result.data).toMatchObject({
      firstName: 'Dana', lastName: 'Member', email: 'dana@example.org',
      contactPaths: [{ pathId: 2, value: '2175550123', countryCode: 'US', noValidate: false, quietTimeFrames: [] }, { pathId: 1 }, { pathId: 7 }],
    });
    const toStore = profileToStore(form, stored, result.ok ? result.data : {}, 'US');
    expect(toStore.contact).not.toHaveProperty('firstName');
    expect(toStore.contact).not.toHaveProperty('email');
    expect(toStore.contactPaths[0]).toMatchObject({ pathId: 2, value: '2175550123', countryCode: 'US', noValidate: false, quietTimeFrames: [] });
  });
});

describe('profileToStore: validated data as stored', () => {
  const { settings } = fixture('springfield');
  const { form } = formOf(settings);

  it('normalises numbers (§5), gives a number its country, sets pathEnable from the value (§2), stores a 24-hour frame with end = start (§4)', () => {
    const toStore = profileToStore(form, stored, {
      firstName: 'Dana', lastName: 'Member', email: 'dana@example.org', preferredLanguage: 'fr_FR',
      contactPaths: [
        { pathId: 3, type: 'PHONE', value: '(217) 555-0188', phoneExt: '12', pathEnable: false, quietTimeFrames: [] },
        { pathId: 4, type: 'TTYTDD', value: '217 555 0142', quietTimeFrames: [{ ...night, allDay: true }] },
        { pathId: 1, type: 'EMAIL', value: 'dana@example.org', phoneExt: '99', pin: '1' },
        { pathId: 2, type: 'SMS', value: '', countryCode: 'US', noValidate: false, pathEnable: true, quietTimeFrames: [night] },
        { pathId: 5, type: 'NUMERICPAGER', value: '2175550100', pin: '4321', systemRequirement: 'SkyTel', waitTime: 5 } as never,
      ],
    }, 'US');
    expect(toStore.contact).toEqual({ firstName: 'Dana', lastName: 'Member', middleInitial: null, suffix: null, email: 'dana@example.org', preferredLanguage: 'fr_FR', timeZone: null });
    expect(toStore.contactPaths).toEqual([
      path(3, 'PHONE', '2175550188', { countryCode: 'US', phoneExt: '12', pathEnable: false }),
      path(4, 'TTYTDD', '2175550142', { countryCode: 'US', quietTimeFrames: [{ name: 'Night', days: [1, 7], fromHour: 22, fromMin: 0, toHour: 22, toMin: 0, allDay: true }] }),
      path(1, 'EMAIL', 'dana@example.org'),
      // Emptied, kept for its quiet time (a path with neither has no row).
      path(2, 'SMS', '', { pathEnable: false, quietTimeFrames: [{ ...night, days: [1, 7] }] }),
      // A pager has a pin and a service, no waitTime (§3 "waitTime (PHONE, SMS, TTYTDD only)").
      path(5, 'NUMERICPAGER', '2175550100', { countryCode: 'US', pin: '4321', systemRequirement: 'SkyTel' }),
      // The member's other path, untouched.
      path(7, 'RECIP', 'yes'),
    ]);
  });
});

describe('saveProfileForm: the browser\'s half', () => {
  const { settings } = fixture('nothing-exposed');
  const { flags, form } = formOf(settings);

  it('sends the fields the member may change (an emptied one as \'\'), the paths in order with their sortOrder, as form text', () => {
    const sent = saveProfileForm(form, flags.profile!.profiles, {
      firstName: 'Dana', timeZone: undefined, contactPaths: [{ pathId: 1, type: 'EMAIL', value: 'dana@example.org', quietTimeFrames: [] }],
    }, 4);
    // nothing-exposed: names and e-mail read-only, no language; the time zone is the member's to set.
    expect(JSON.parse(sent.profile)).toEqual([{ profileId: 0, name: 'timeZone', value: '' }]);
    expect(JSON.parse(sent.contactPath)).toEqual([{ pathId: 1, value: 'dana@example.org', quietTimeFrames: [], sortOrder: 0 }]);
    expect(sent.profileVersion).toBe('4');
  });
});
