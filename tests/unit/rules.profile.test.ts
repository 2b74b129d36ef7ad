/**
 * §5 rules of the profile page (§2) and its contact paths (§3), table-driven through the browser's
 * and the server's validator alike: profile fields by their Profile.profiles flags, preferred
 * language and time zone, contact-path values, pin and extension, pager service, the contact-path
 * minimum ("lesser of configured minimum and number of exposed non-recipient paths").
 */
import { describe, expect, it } from 'vitest';
import { buildContactPathsSchema } from '../../schemas/forms/buildContactPathsSchema.ts';
import { buildProfileSchema } from '../../schemas/forms/buildProfileSchema.ts';
import type { FormFixture } from '../fixtures/formFlags.ts';
import { formFixtures } from '../fixtures/formFlags.ts';
import { expectSameErrors } from '../support/formValidators.ts';

const fixture = (id: string): FormFixture => formFixtures.find((f) => f.id === id)!;
const phone = (pathId: number, type: string, value: string, extra: Record<string, unknown> = {}) => ({ pathId, type, value, countryCode: 'US', noValidate: false, ...extra });
/** acme's paths, all empty but the e-mail and one SMS number. */
const acmePaths = () => [
  { pathId: 1, type: 'EMAIL', value: 'dana@acme.example' },
  phone(2, 'SMS', '2015550123'),
  phone(3, 'PHONE', ''),
  phone(4, 'TTYTDD', ''),
  { ...phone(5, 'NUMERICPAGER', ''), pin: '', systemRequirement: '' },
  phone(6, 'FAX', ''),
  { pathId: 7, type: 'RECIP', value: '' },
  { pathId: 999, type: 'SLACK', value: '' },
];
const profile = (changes: Record<string, unknown> = {}) => ({
  firstName: 'Dana', lastName: 'Member', middleInitial: 'Q', suffix: 'Jr', externalId: 'E-1', email: 'dana@acme.example',
  preferredLanguage: 'en_US', timeZone: 'America/Chicago', contactPaths: acmePaths(), ...changes,
});

describe('profile, edit mode (acme)', () => {
  const { settings, flags } = fixture('acme');
  const form = buildProfileSchema(settings, flags, 'edit');
  const rows: [string, Record<string, unknown>, [string, string][]][] = [
    ['a complete profile', profile(), []],
    ['no first name', profile({ firstName: '' }), [['/firstName', 'jquery.validation.field.required']]],
    ['a forbidden character in the last name', profile({ lastName: 'Mem<ber' }), [['/lastName', 'ssp.field.lastname.invalid']]],
    ['a middle initial of 2', profile({ middleInitial: 'QR' }), [['/middleInitial', 'jquery.validation.maxlength']]],
    ['a suffix of 11', profile({ suffix: 'x'.repeat(11) }), [['/suffix', 'jquery.validation.maxlength']]],
    ['an external id of 51', profile({ externalId: 'e'.repeat(51) }), [['/externalId', 'jquery.validation.maxlength']]],
    ['an invalid registration e-mail', profile({ email: 'dana' }), [['/email', 'jquery.validation.email']]],
    ['an unknown time zone', profile({ timeZone: 'Mars/Olympus' }), [['/timeZone', 'jquery.validation.invalid']]],
    ['an e-mail path that is not an address', profile({ contactPaths: [{ pathId: 1, type: 'EMAIL', value: 'dana@' }, ...acmePaths().slice(1)] }),
      [['/contactPaths/0/value', 'jquery.validation.email']]],
    ['an SMS number not valid in the US', profile({ contactPaths: [acmePaths()[0], phone(2, 'SMS', '123'), ...acmePaths().slice(2)] }),
      [['/contactPaths/1/value', 'ssp.checked.phoneNum']]],
    ['an extension with a letter', profile({ contactPaths: [acmePaths()[0], phone(2, 'SMS', '2015550123', { phoneExt: '12a' }), ...acmePaths().slice(2)] }),
      [['/contactPaths/1/phoneExt', 'jquery.validation.ext']]],
    ['an extension of 11 digits', profile({ contactPaths: [acmePaths()[0], phone(2, 'SMS', '2015550123', { phoneExt: '1'.repeat(11) }), ...acmePaths().slice(2)] }),
      [['/contactPaths/1/phoneExt', 'jquery.validation.ext']]],
    ['a pager pin with a letter', profile({ contactPaths: [...acmePaths().slice(0, 4), { ...phone(5, 'NUMERICPAGER', ''), pin: 'x1' }, ...acmePaths().slice(5)] }),
      [['/contactPaths/4/pin', 'jquery.validation.pin']]],
    ['a TTY number in Germany', profile({ contactPaths: [...acmePaths().slice(0, 3), phone(4, 'TTYTDD', '030123456', { countryCode: 'DE' }), ...acmePaths().slice(4)] }),
      [['/contactPaths/3/countryCode', 'ssp.country.code.invalid']]],
    ['the paths in another order', profile({ contactPaths: [...acmePaths()].reverse() }), []],
    ['only one path filled (acme minimum 2)', profile({ contactPaths: [{ pathId: 1, type: 'EMAIL', value: 'dana@acme.example' }, ...acmePaths().slice(1).map((p) => ({ ...p, value: '' }))] }),
      [['/contactPaths', 'new.registration.signup.create.contactpath.error']]],
  ];
  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));
});

describe('profile flags (§3 Profile.profiles, §5)', () => {
  it('everything-mandatory: middle initial, suffix, external id, language and time zone are required', () => {
    const { settings, flags } = fixture('everything-mandatory');
    const form = buildProfileSchema(settings, flags, 'edit');
    expect(form.schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'middleInitial', 'suffix', 'externalId', 'email', 'preferredLanguage', 'timeZone']));
  });

  it('nothing-exposed: names read-only (editFirstName/editLastName false), no middle initial, suffix or external id, no language', () => {
    const { settings, flags } = fixture('nothing-exposed');
    const form = buildProfileSchema(settings, flags, 'edit');
    const properties = form.schema.properties ?? {};
    expect(Object.keys(properties)).not.toEqual(expect.arrayContaining(['middleInitial']));
    expect(properties).not.toHaveProperty('suffix');
    expect(properties).not.toHaveProperty('preferredLanguage');
    expect(properties.firstName).toMatchObject({ readOnly: true });
    expect(form.schema.required).not.toContain('firstName');
  });

  it('shows the username only to registered, non-migrated members not from the public portal (§2)', () => {
    const { settings, flags } = fixture('springfield');
    const has = (profileChanges: Record<string, boolean>) =>
      'username' in (buildProfileSchema(settings, { ...flags, profile: { ...flags.profile!, ...profileChanges } }, 'edit').schema.properties ?? {});
    expect(has({})).toBe(true);
    expect(has({ registered: false })).toBe(false);
    expect(has({ isMigrated: true })).toBe(false);
    expect(has({ fromPublicPortal: true })).toBe(false);
  });

  it('review mode is read-only and requires nothing', () => {
    const { settings, flags } = fixture('everything-mandatory');
    const form = buildProfileSchema(settings, flags, 'review');
    expect(form.schema.required).toEqual([]);
    expectSameErrors(form, {}, []);
  });
});

describe('contact-path minimum for the profile (§5)', () => {
  it.each([
    ['acme: configured 2, 7 exposed non-recipient paths', 'acme', 2],
    ['min-above-exposed: configured 5, 5 exposed non-recipient paths (e-mail, SMS, TTY, pager, fax)', 'min-above-exposed', 5],
    ['nothing-exposed: configured 1', 'nothing-exposed', 1],
  ])('%s → min %i', (_name, id, min) => {
    const { settings, flags } = fixture(id);
    expect(buildContactPathsSchema(settings, flags, 'edit').schema.contactPathMinimum).toEqual({ min, items: true });
  });

  it('everything-mandatory: min equals the exposed paths, so every path value is required', () => {
    const { settings, flags } = fixture('everything-mandatory');
    const form = buildContactPathsSchema(settings, flags, 'edit');
    const empty = (flags.contactPaths ?? []).filter((p) => p.expose).map((p) => ({ pathId: p.pathId, type: p.type, value: '', countryCode: 'US' }));
    const errors = [
      ['/0/value', 'jquery.validation.field.required'],
      ['/1/value', 'jquery.validation.field.required'],
      ['/2/value', 'jquery.validation.field.required'],
      ['/3/value', 'jquery.validation.field.required'],
      ['/4/systemRequirement', 'jquery.validation.field.required'],
      ['/4/value', 'jquery.validation.field.required'],
      ['/5/value', 'jquery.validation.field.required'],
      ['/7/value', 'jquery.validation.field.required'],
      ['/', 'new.registration.signup.create.contactpath.error'],
    ] as const;
    expectSameErrors(form, empty, errors);
  });
});
