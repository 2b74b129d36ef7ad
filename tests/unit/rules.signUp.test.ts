/**
 * §5 rules of the sign-up page (§2), table-driven, through the browser's and the server's
 * validator alike: names, username, password by organisation type, security answer, e-mail, phone,
 * the contact-path minimum ("all mandatory when exposed count equals min"), address verification,
 * terms; and the public variant.
 */
import { describe, expect, it } from 'vitest';
import { buildSignUpSchema } from '../../schemas/forms/buildSignUpSchema.ts';
import { formFixtures } from '../fixtures/formFlags.ts';
import { expectSameErrors } from '../support/formValidators.ts';

const fixture = (id: string) => formFixtures.find((f) => f.id === id)!;
const build = (id: string, variant: 'standard' | 'public' | 'universal' = 'standard') =>
  buildSignUpSchema(fixture(id).settings, { ...fixture(id).flags, signUpVariant: variant }, 'signup');

const phone = (value: string, countryCode = 'US') => ({ value, countryCode, noValidate: false });
const valid = {
  firstName: 'Dana', lastName: 'Member', username: 'dana.member', password: 'Spring2026field', securityQuestion: 'question_eleven',
  securityAnswer: 'Blue', preferredLanguage: 'en_US', email: 'dana@example.org', smsPhone: phone('2015550123'), mobilePhone: phone(''), accept: true,
};
type Row = [string, Record<string, unknown>, [string, string][]];

describe('springfield (public; e-mail mandatory; address shown, not mandatory)', () => {
  const form = build('springfield');
  const rows: Row[] = [
    ['a complete sign-up', valid, []],
    ['names of spaces only (trimmed)', { ...valid, firstName: '   ', lastName: ' ' }, [['/firstName', 'jquery.validation.field.required'], ['/lastName', 'jquery.validation.field.required']]],
    ['no names', { ...valid, firstName: undefined, lastName: undefined }, [['/firstName', 'jquery.validation.field.required'], ['/lastName', 'jquery.validation.field.required']]],
    ['forbidden characters in names', { ...valid, firstName: '<b>Dana', lastName: 'Mem;ber' }, [['/firstName', 'ssp.field.firstname.invalid'], ['/lastName', 'ssp.field.lastname.invalid']]],
    ['a first name of 101', { ...valid, firstName: 'd'.repeat(101) }, [['/firstName', 'jquery.validation.maxlength']]],
    ['a first name of 100', { ...valid, firstName: 'd'.repeat(100) }, []],
    ['no username', { ...valid, username: undefined }, [['/username', 'login.username.required']]],
    ['a username of 3', { ...valid, username: 'abc' }, [['/username', 'jquery.validation.minlength']]],
    ['a username of 4', { ...valid, username: 'abcd' }, []],
    ['a username with a space', { ...valid, username: 'dana member' }, [['/username', 'ssp.login.username.invalid']]],
    ['a username with @ . _ -', { ...valid, username: 'd_a-n.a@x' }, []],
    ['a username of 81', { ...valid, username: 'u'.repeat(81) }, [['/username', 'jquery.validation.maxlength']]],
    ['no password', { ...valid, password: undefined }, [['/password', 'login.password.required']]],
    ['a password of spaces', { ...valid, password: '        ' }, [['/password', 'login.password.required']]],
    ['a public password without a digit', { ...valid, password: 'springfield' }, [['/password', 'ssp.password.valid.invalid']]],
    ['a public password of 8 with a letter and a digit', { ...valid, password: 'spring26' }, []],
    ['a security answer of 1', { ...valid, securityAnswer: 'x' }, [['/securityAnswer', 'jquery.validation.minlength']]],
    ['a security answer of 121', { ...valid, securityAnswer: 'x'.repeat(121) }, [['/securityAnswer', 'jquery.validation.maxlength']]],
    ['an unknown security question', { ...valid, securityQuestion: 'question_twelve' }, [['/securityQuestion', 'jquery.validation.invalid']]],
    ['no e-mail (mandatory here)', { ...valid, email: undefined }, [['/email', 'jquery.validation.field.required']]],
    ['an invalid e-mail', { ...valid, email: 'dana@' }, [['/email', 'jquery.validation.email']]],
    ['an e-mail of 81', { ...valid, email: `${'d'.repeat(69)}@example.org` }, [['/email', 'jquery.validation.maxlength']]],
    ['an SMS number not valid in the US', { ...valid, smsPhone: phone('1234') }, [['/smsPhone/value', 'ssp.checked.phoneNum']]],
    ['an SMS number used as is', { ...valid, smsPhone: { value: '1234', countryCode: 'US', noValidate: true } }, []],
    ['terms not accepted', { ...valid, accept: false }, [['/accept', 'ssp.signup.terms.required']]],
    ['an unknown language', { ...valid, preferredLanguage: 'xx_XX' }, [['/preferredLanguage', 'jquery.validation.invalid']]],
    // §5 address verification ("if address mandatory or present it must be verified")
    ['an empty address', { ...valid, address: { locationName: '', streetAddress: '', country: 'US' } }, []],
    ['a verified address', { ...valid, address: { locationName: 'Home', streetAddress: '1 Main St', country: 'US', verified: true } }, []],
    ['an address not verified', { ...valid, address: { locationName: 'Home', streetAddress: '1 Main St', country: 'US' } },
      [['/address/verified', 'ssp.map.verify.your.location.errormsg']]],
    ['a street without a name', { ...valid, address: { streetAddress: '1 Main St', verified: true } },
      [['/address/locationName', 'ssp.map.verify.your.location.errormsg.required']]],
    ['a name without a street', { ...valid, address: { locationName: 'Home', streetAddress: '', verified: true } },
      [['/address/streetAddress', 'ssp.map.verify.your.location.errormsg.required']]],
  ];
  it.each(rows)('%s', (_name, data, expected) => expectSameErrors(form, data, expected));
});

describe('the contact-path minimum (§5)', () => {
  it('acme: min = lesser of 4 exposed and minSignup 2; one path is not enough', () => {
    const form = build('acme');
    const data = { ...valid, password: 'Acme-2026x', email: 'dana@example.org', smsPhone: phone(''), mobilePhone: phone(''), slack: '' };
    expectSameErrors(form, data, [['/', 'new.registration.signup.create.contactpath.error']]);
    expectSameErrors(form, { ...data, smsPhone: phone('2015550123') }, []);
    expect(form.schema.contactPathMinimum).toEqual({ min: 2, fields: ['email', 'smsPhone', 'mobilePhone', 'slack'] });
  });

  it('min-above-exposed: minSignup 5 with 2 exposed → min 2 = exposed, so both are mandatory', () => {
    const form = build('min-above-exposed');
    expect(form.schema.contactPathMinimum).toEqual({ min: 2, fields: ['email', 'smsPhone'] });
    expectSameErrors(form, { ...valid, email: undefined, smsPhone: phone('') }, [
      ['/email', 'jquery.validation.field.required'],
      ['/smsPhone/value', 'jquery.validation.field.required'],
      ['/', 'new.registration.signup.create.contactpath.error'],
    ]);
  });

  it('everything-mandatory: every exposed path, the address and its verification are required', () => {
    const form = build('everything-mandatory');
    const required = (form.schema.required ?? []) as string[];
    expect(required).toEqual(expect.arrayContaining(['email', 'slack', 'address', 'accept']));
    expectSameErrors(form, { ...valid, slack: 'dana@slack.example', mobilePhone: phone('2015550124'), address: { locationName: 'Home', streetAddress: '1 Main St' } },
      [['/address/verified', 'ssp.map.verify.your.location.errormsg']]);
  });
});

describe('password by organisation type (§5)', () => {
  it.each([
    ['acme', 'private: three of four classes', 'acmecorp1', 'ssp.password.valid.invalid'],
    ['acme', 'private: lower, upper and digit', 'Acmecorp1', null],
    ['fedagency', 'FedRAMP: 12 with all four classes', 'Acme#Corp2026', null],
    ['fedagency', 'FedRAMP: 11 is too short', 'Acme-Corp-1', 'ssp.password.valid.invalid'],
    ['fedramp-public', 'a public FedRAMP organisation is FedRAMP first', 'spring2026ab', 'ssp.password.valid.invalid'],
  ])('%s · %s', (orgId, _rule, password, key) => {
    const form = build(orgId);
    const errors = [...(key ? [['/password', key] as [string, string]] : [])];
    const data = { ...valid, password, smsPhone: phone('2015550123'), email: 'dana@example.org', slack: 'dana@example.org', mobilePhone: phone('2015550124') };
    const { address: _address, ...noAddress } = data as Record<string, unknown>;
    expectSameErrors({ ...form, schema: { ...form.schema, contactPathMinimum: undefined } }, noAddress, errors);
  });
});

describe('variants (§2)', () => {
  it('public: names, e-mail, contact paths and publicProfileId only', () => {
    const form = build('springfield', 'public');
    expect(Object.keys(form.schema.properties ?? {})).toEqual(['firstName', 'lastName', 'publicProfileId', 'email', 'smsPhone', 'mobilePhone']);
    expectSameErrors(form, { firstName: 'Dana', lastName: 'Member', email: 'dana@example.org', smsPhone: phone('2015550123') },
      [['/publicProfileId', 'jquery.validation.field.required']]);
  });

  it('universal: the address stays optional unless mandatory', () => {
    const form = build('springfield', 'universal');
    expect(form.schema.required).not.toContain('address');
    expectSameErrors(form, valid, []);
  });
});
