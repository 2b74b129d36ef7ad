/** §5 Event sign-up rules (flags.eventSignUp), run through the browser's and the server's validator alike. */
import { describe, expect, it } from 'vitest';
import type { EventSignUpRequirements } from '../../schemas/entities.ts';
import { buildEventSignUpSchema } from '../../schemas/forms/buildEventSignUpSchema.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const { settings, flags } = fixtureOrgs.springfield;
const formFor = (eventSignUp?: EventSignUpRequirements, mode: FormMode = 'signup') =>
  buildEventSignUpSchema(settings, { featureFlags: flags, eventSignUp }, mode);

const none: EventSignUpRequirements = { requireName: false, requireMobile: false, requireEmail: false };
const all: EventSignUpRequirements = { requireName: true, requireMobile: true, requireEmail: true };
const PHONE = 'eventSubscription.validation.phone';
const EMAIL = 'eventSubscription.validation.email';
const REQUIRED = 'jquery.validation.field.required';

const rows: [string, EventSignUpRequirements | undefined, Record<string, unknown>, [string, string][]][] = [
  ['nothing required, nothing given', none, {}, []],
  ['no requirements sent at all: nothing required', undefined, {}, []],
  ['nothing required, all three empty', none, { fullName: '', mobile: '', email: '' }, []],
  ['nothing required, all three given', none, { fullName: 'Pat Doe', mobile: '(212) 555-1234', email: 'pat@example.com' }, []],
  ['optional mobile is still checked (§5 "always checked")', none, { mobile: '12345' }, [['/mobile', PHONE]]],
  ['optional email is still checked', none, { email: 'pat@' }, [['/email', EMAIL]]],
  ['an email of 5 characters (§9 email 6–80)', none, { email: 'a@b.c' }, [['/email', EMAIL]]],
  ['blanks only are trimmed (§5) to nothing', none, { fullName: '  ', mobile: ' ', email: '   ' }, []],
  ['requireName: blanks only are no name', { ...none, requireName: true }, { fullName: '   ' }, [['/fullName', REQUIRED]]],
  ['requireName: no name', { ...none, requireName: true }, {}, [['/fullName', REQUIRED]]],
  ['requireName: an empty name', { ...none, requireName: true }, { fullName: '' }, [['/fullName', REQUIRED]]],
  ['requireName: a name of 100 characters (§9 names 100)', { ...none, requireName: true }, { fullName: 'n'.repeat(100) }, []],
  ['a name of 101 characters', none, { fullName: 'n'.repeat(101) }, [['/fullName', 'jquery.validation.maxlength']]],
  ['requireMobile: no mobile', { ...none, requireMobile: true }, {}, [['/mobile', REQUIRED]]],
  ['requireMobile: an empty mobile reports "required" alone', { ...none, requireMobile: true }, { mobile: '' }, [['/mobile', REQUIRED]]],
  ['requireMobile: a bad mobile', { ...none, requireMobile: true }, { mobile: '555-1234' }, [['/mobile', PHONE]]],
  ['requireMobile: a good mobile', { ...none, requireMobile: true }, { mobile: '212-555-1234' }, []],
  ['requireEmail: no email', { ...none, requireEmail: true }, {}, [['/email', REQUIRED]]],
  ['requireEmail: an empty email reports "required" alone', { ...none, requireEmail: true }, { email: '' }, [['/email', REQUIRED]]],
  ['requireEmail: a bad email', { ...none, requireEmail: true }, { email: 'pat.example.com' }, [['/email', EMAIL]]],
  ['an email of 80 characters (§9 email max 80)', { ...none, requireEmail: true }, { email: `${'p'.repeat(68)}@example.com` }, []],
  ['an email of 81 characters', none, { email: `${'p'.repeat(69)}@example.com` }, [['/email', 'jquery.validation.maxlength']]],
  ['all required, nothing given', all, {}, [['/fullName', REQUIRED], ['/mobile', REQUIRED], ['/email', REQUIRED]]],
  ['all required, all given', all, { fullName: 'Pat Doe', mobile: '+1 212 555 1234', email: 'pat@example.com' }, []],
  ['all required, mobile and email bad', all, { fullName: 'Pat Doe', mobile: 'call me', email: 'pat' }, [['/mobile', PHONE], ['/email', EMAIL]]],
];

/** §5 "North American pattern": area code and exchange 2–9, no N11 area code, optional +1; blanks around are trimmed. */
const mobiles: [string, boolean][] = [
  ['2125551234', true],
  ['212-555-1234', true],
  ['212.555.1234', true],
  ['212 555 1234', true],
  ['(212) 555-1234', true],
  ['(212)555-1234', true],
  ['1-212-555-1234', true],
  ['+1 212 555 1234', true],
  ['+12125551234', true],
  ['112-555-1234', false],
  ['012-555-1234', false],
  ['911-555-1234', false],
  ['212-155-1234', false],
  ['212-055-1234', false],
  ['212-555-123', false],
  ['212-555-12345', false],
  ['+44 20 7946 0958', false],
  ['+2 212 555 1234', false],
  ['212--555-1234', false],
  ['(212 555-1234', false],
  ['abc-def-ghij', false],
  [' 212-555-1234 ', true],
];

describe('event sign-up form (§5 Event sign-up)', () => {
  it.each(rows)('%s', (_name, requirements, data, expected) => {
    const form = formFor(requirements);
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it.each(mobiles)('mobile %j is North American: %s', (mobile, ok) => {
    const form = formFor(none);
    const expected = ok ? [] : [['/mobile', PHONE]];
    expect(keysOf(browserErrors(form, { mobile }))).toEqual(expected);
    expect(keysOf(serverErrors(form, { mobile }))).toEqual(expected);
  });

  it('passes the field label with "required"', () => {
    expect(serverErrors(formFor(all), { mobile: '212-555-1234', email: 'pat@example.com' })).toEqual([
      { pointer: '/fullName', key: REQUIRED, params: { label: 'eventSubscription.fullName.label' } },
    ]);
  });

  it('always draws the three fields, in every mode the same', () => {
    const form = formFor(none);
    expect(form.uiSchema['ui:order']).toEqual(['fullName', 'mobile', 'email']);
    expect(Object.keys(form.schema.properties ?? {})).toEqual(['fullName', 'mobile', 'email']);
    for (const mode of ['edit', 'review'] as FormMode[]) expect(formFor(all, mode)).toEqual(formFor(all));
  });
});
