/**
 * §5 Phone/SMS and §4 'use as is' (§9 "Phone bypass 4-20; forced regions PN, UM, AN, CS, AQ"): the pure
 * helpers and `checkPhone` directly, then the `phoneNumber` keyword through the browser's and the
 * server's validator alike. Numbers are real-format numbers checked against libphonenumber-js's max
 * metadata; rows marked "min would accept" are the ones the smaller metadata set gets wrong.
 */
import { getCountries } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import type { BuiltForm, FormSchema } from '../../schemas/forms/types.ts';
import { namedCountries, NUMBERING_PLAN_COUNTRIES } from '../../schemas/rules/countries.ts';
import { phoneCountries } from '../../schemas/rules/phoneCountries.ts';
import {
  checkPhone,
  FORCED_BYPASS_REGIONS,
  formatPhoneAsYouType,
  formatPhoneForDisplay,
  isForcedBypassRegion,
  normalizePhoneValue,
  phoneDigits,
  ttyCountry,
  type PhoneCheckFailure,
  type PhoneCheckInput,
  type PhoneNumberKeywordValue,
} from '../../schemas/rules/phoneNumber.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const acmeCountries = fixtureOrgs.acme.settings.countryCodes;
const sms = { mandatory: false, pathType: 'SMS' } as const;
const tty = { mandatory: false, pathType: 'TTYTDD' } as const;
const lengthParams = { min: 4, max: 20 };

const invalid = (countryCode: string, label?: string): PhoneCheckFailure =>
  ({ pointer: '/value', key: 'ssp.checked.phoneNum', params: { ...(label ? { label } : {}), countryCode } });
const badCountry = (countryCode: string, allowed?: readonly string[]): PhoneCheckFailure =>
  ({ pointer: '/countryCode', key: 'ssp.country.code.invalid', params: { countryCode, ...(allowed ? { allowed } : {}) } });
const lengthOther: PhoneCheckFailure = { pointer: '/value', key: 'message.validation.phone_length_other', params: lengthParams };
const lengthLabelled = (label: string): PhoneCheckFailure =>
  ({ pointer: '/value', key: 'message.validation.invalid.number.length', params: { label, ...lengthParams } });

const checkRows: [string, PhoneCheckInput, PhoneCheckFailure | null][] = [
  // without bypass: valid for the selected country
  ['US: a valid number, formatted', { ...sms, value: '(201) 555-0123', countryCode: 'US' }, null],
  ['US: a valid number in international form', { ...sms, value: '+1 201 555 0123', countryCode: 'US' }, null],
  ['US: area code 555 does not exist', { ...sms, value: '555 123 4567', countryCode: 'US' }, invalid('US')],
  ['US: nine digits', { ...sms, value: '201 555 012', countryCode: 'US' }, invalid('US')],
  ['US: an exchange starting with 0 cannot exist (min would accept)', { ...sms, value: '658 022 8704', countryCode: 'US' }, invalid('US')],
  ['CA: a valid number', { ...sms, value: '(416) 555-0100', countryCode: 'CA' }, null],
  ['CA: area code 123 does not exist', { ...sms, value: '123 456 7890', countryCode: 'CA' }, invalid('CA')],
  ['US selected, a Canadian number: the same +1 numbering plan, it rings as stored', { ...sms, value: '416 555 0100', countryCode: 'US' }, null],
  ['GB: a London number', { ...sms, value: '020 7946 0958', countryCode: 'GB' }, null],
  ['GB: a mobile number', { ...sms, value: '07400 123456', countryCode: 'GB' }, null],
  ['GB: a mobile number one digit short', { ...sms, value: '07400 12345', countryCode: 'GB' }, invalid('GB')],
  ['GB selected, a French number: another calling code', { ...sms, value: '+33 6 12 34 56 78', countryCode: 'GB' }, invalid('GB')],
  ['DE: a Berlin number', { ...sms, value: '030 12345678', countryCode: 'DE' }, null],
  ['DE: a mobile number', { ...sms, value: '01512 3456789', countryCode: 'DE' }, null],
  ['DE: a mobile number one digit short (min would accept)', { ...sms, value: '01512 345678', countryCode: 'DE' }, invalid('DE')],
  ['MX: a Mexico City number', { ...sms, value: '55 1234 5678', countryCode: 'MX' }, null],
  ['MX: a number outside the national plan (min would accept)', { ...sms, value: '945 257 1704', countryCode: 'MX' }, invalid('MX')],
  ['FR: a mobile number', { ...sms, value: '06 12 34 56 78', countryCode: 'FR' }, null],
  ['FR: a Paris number in international form', { ...sms, value: '+33 1 23 45 67 89', countryCode: 'FR' }, null],
  ['FR: 07 04 is no mobile range (min would accept)', { ...sms, value: '07 04 57 85 88', countryCode: 'FR' }, invalid('FR')],
  ['FR: four digits', { ...sms, value: '1234', countryCode: 'FR' }, invalid('FR')],
  ['no country code: read in the default country, US', { ...sms, value: '201 555 0123' }, null],
  ['no country code: read in the organisation default country', { ...sms, value: '020 7946 0958', defaultCountry: 'GB' }, null],
  ['no country code: a GB number under the US default', { ...sms, value: '020 7946 0958' }, invalid('US')],
  ['the label goes with the message', { ...sms, value: '555 123 4567', countryCode: 'US', label: 'signup.smsPhone.label' }, invalid('US', 'signup.smsPhone.label')],

  // letters
  ['letters: a vanity number', { ...sms, value: '201-555-CALL', countryCode: 'US' }, invalid('US')],
  ['letters: an extension written out', { ...sms, value: '201 555 0123 ext 5', countryCode: 'US' }, invalid('US')],
  ['letters: with bypass too', { ...sms, value: 'abcd1234', countryCode: 'US', noValidate: true }, invalid('US')],
  ['letters: in a forced-bypass region', { ...sms, value: 'x1234', countryCode: 'AQ' }, invalid('AQ')],
  ['letters: non-Latin', { ...sms, value: '2015550123д', countryCode: 'US' }, invalid('US')],

  // 'use as is': 4 to 20 digits, no country check
  ['bypass: 3 digits', { ...sms, value: '123', countryCode: 'US', noValidate: true }, lengthOther],
  ['bypass: 4 digits', { ...sms, value: '1234', countryCode: 'US', noValidate: true }, null],
  ['bypass: 20 digits', { ...sms, value: '1'.repeat(20), countryCode: 'US', noValidate: true }, null],
  ['bypass: 21 digits', { ...sms, value: '1'.repeat(21), countryCode: 'US', noValidate: true }, lengthOther],
  ['bypass: digits are counted, not punctuation (4)', { ...sms, value: '+(12)-34', countryCode: 'US', noValidate: true }, null],
  ['bypass: digits are counted, not punctuation (3)', { ...sms, value: '+1 (2) 3', countryCode: 'US', noValidate: true }, lengthOther],
  ['bypass: a number not valid for the country passes', { ...sms, value: '555 123 4567', countryCode: 'US', noValidate: true }, null],
  ['bypass: the label names the path in the length message', { ...sms, value: '123', countryCode: 'US', noValidate: true, label: 'profile.smsPhone.label' }, lengthLabelled('profile.smsPhone.label')],
  ['bypass: 21 digits with the label', { ...sms, value: '9'.repeat(21), noValidate: true, label: 'profile.phone.label' }, lengthLabelled('profile.phone.label')],

  // forced-bypass regions: on whatever noValidate says
  ['AQ: 5 digits, bypass forced', { ...sms, value: '12345', countryCode: 'AQ', noValidate: false }, null],
  ['AQ: 3 digits, bypass forced', { ...sms, value: '123', countryCode: 'AQ' }, lengthOther],
  ['AQ: 21 digits, bypass forced', { ...sms, value: '2'.repeat(21), countryCode: 'AQ' }, lengthOther],
  ['PN: 8 digits', { ...sms, value: '6412 3456', countryCode: 'PN' }, null],
  ['UM: 4 digits', { ...sms, value: '1234', countryCode: 'um' }, null],
  ['AN: 7 digits', { ...sms, value: '599 1234', countryCode: 'AN' }, null],
  ['CS: 3 digits', { ...sms, value: '381', countryCode: 'CS' }, lengthOther],
  ['organisation default AQ, no country code: bypass forced', { ...sms, value: '1234', defaultCountry: 'AQ' }, null],

  // mandatory and empty
  ['mandatory and empty', { ...sms, mandatory: true, value: '', countryCode: 'US' }, { pointer: '/value', key: 'jquery.validation.field.required', params: {} }],
  ['mandatory and spaces only', { ...sms, mandatory: true, value: '   ' }, { pointer: '/value', key: 'jquery.validation.field.required', params: {} }],
  ['mandatory and no value at all, with its label', { ...sms, mandatory: true, label: 'signup.smsPhone.label' }, { pointer: '/value', key: 'jquery.validation.field.required', params: { label: 'signup.smsPhone.label' } }],
  ['mandatory with bypass and empty', { ...sms, mandatory: true, value: '', noValidate: true }, { pointer: '/value', key: 'jquery.validation.field.required', params: {} }],
  ['not mandatory and empty: sent empty', { ...sms, value: '' }, null],
  ['not mandatory and empty: an unallowed country does not matter', { ...sms, value: '', countryCode: 'FR', allowedCountries: acmeCountries }, null],
  ['mandatory and valid', { ...sms, mandatory: true, value: '201 555 0123', countryCode: 'US' }, null],

  // allowed countries (isEnableCountryCodeForMemberPortal, acme: US, CA, GB, DE, MX)
  ['allowed: GB', { ...sms, value: '020 7946 0958', countryCode: 'GB', allowedCountries: acmeCountries }, null],
  ['allowed: lower case is the same code', { ...sms, value: '030 12345678', countryCode: 'de', allowedCountries: acmeCountries }, null],
  ['not allowed: FR, however valid the number', { ...sms, value: '06 12 34 56 78', countryCode: 'FR', allowedCountries: acmeCountries }, badCountry('FR', acmeCountries)],
  ['not allowed: the country is reported before the letters', { ...sms, value: 'abc', countryCode: 'FR', allowedCountries: acmeCountries }, badCountry('FR', acmeCountries)],
  ['not allowed: a forced-bypass region outside the list', { ...sms, value: '12345', countryCode: 'AQ', allowedCountries: acmeCountries }, badCountry('AQ', acmeCountries)],
  ['no country code under a list: read in the default country', { ...sms, value: '201 555 0123', allowedCountries: acmeCountries }, null],
  ['no list: any country with numbering metadata', { ...sms, value: '06 12 34 56 78', countryCode: 'FR' }, null],
  ['no list: a code that is no country', { ...sms, value: '1234', countryCode: 'XX', noValidate: true }, badCountry('XX')],

  // TTYTDD: US or CA only
  ['TTYTDD with CA', { ...tty, value: '(416) 555-0100', countryCode: 'CA' }, null],
  ['TTYTDD with US', { ...tty, value: '(201) 555-0123', countryCode: 'US' }, null],
  ['TTYTDD with GB', { ...tty, value: '020 7946 0958', countryCode: 'GB' }, badCountry('GB', ['US', 'CA'])],
  ['TTYTDD with GB, although the organisation allows GB', { ...tty, value: '020 7946 0958', countryCode: 'GB', allowedCountries: acmeCountries }, badCountry('GB', ['US', 'CA'])],
  ['TTYTDD with a forced-bypass region', { ...tty, value: '12345', countryCode: 'AQ' }, badCountry('AQ', ['US', 'CA'])],
  ['TTYTDD without a code under a GB default: read in US', { ...tty, value: '(201) 555-0123', defaultCountry: 'GB' }, null],
  ['TTYTDD without a code under a GB default: a GB number is not a US one', { ...tty, value: '020 7946 0958', defaultCountry: 'GB' }, invalid('US')],
];

describe('checkPhone (§5 Phone/SMS, §4 use as is)', () => {
  it.each(checkRows)('%s', (_name, input, expected) => {
    expect(checkPhone(input)).toEqual(expected);
  });
});

describe('phone helpers', () => {
  it('§4/§9: the forced-bypass regions are PN, UM, AN, CS, AQ', () => {
    expect([...FORCED_BYPASS_REGIONS]).toEqual(['PN', 'UM', 'AN', 'CS', 'AQ']);
  });

  it('the countries written out for the pages without a phone field are libphonenumber-js\'s, in its order', () => {
    expect([...NUMBERING_PLAN_COUNTRIES]).toEqual(getCountries());
  });

  it('the address country select lists the phone widget\'s countries with a numbering plan, in the same order and names', () => {
    for (const language of ['en_US', 'fr_FR', 'ar_SA']) {
      const phone = phoneCountries(language).filter((country) => country.dialCode !== '').map(({ code, name }) => ({ code, name }));
      expect(namedCountries(language)).toEqual(phone);
    }
  });

  it.each([
    ['PN', true], ['UM', true], ['AN', true], ['CS', true], ['AQ', true], ['aq', true], [' UM ', true],
    ['US', false], ['GB', false], ['RS', false], ['', false], [undefined, false],
  ] as const)('isForcedBypassRegion(%s) is %s', (country, forced) => {
    expect(isForcedBypassRegion(country)).toBe(forced);
  });

  it.each([
    ['US', 'US'], ['CA', 'CA'], ['ca', 'CA'], ['GB', 'US'], ['MX', 'US'], ['AQ', 'US'], ['', 'US'], [undefined, 'US'],
  ] as const)('§5 TTYTDD: ttyCountry(%s) is %s', (country, forced) => {
    expect(ttyCountry(country)).toBe(forced);
  });

  it.each([
    ['(201) 555-0123', '2015550123'], ['+44 20 7946 0958', '442079460958'], ['  12.34  ', '1234'], ['', ''], ['abc', ''],
  ])('§5 stripped to digits: phoneDigits(%j) is %j', (value, digits) => {
    expect(phoneDigits(value)).toBe(digits);
  });

  it.each([
    ['US, formatted: the national number', { value: '(201) 555-0123', countryCode: 'US' }, '2015550123'],
    ['CA, international form: the national number', { value: '+1 416 555 0100', countryCode: 'CA' }, '4165550100'],
    ['GB: the national number without the trunk 0', { value: '020 7946 0958', countryCode: 'GB' }, '2079460958'],
    ['FR: the national number without the trunk 0', { value: '06 12 34 56 78', countryCode: 'FR' }, '612345678'],
    ['no code: read in US', { value: '201.555.0123' }, '2015550123'],
    ['bypass: the digits', { value: '12-34', countryCode: 'US', noValidate: true }, '1234'],
    ['bypass with a valid number: the digits as typed, not reinterpreted', { value: '+1 201 555 0123', countryCode: 'US', noValidate: true }, '12015550123'],
    ['forced-bypass region: the digits', { value: '1 2 3 4 5', countryCode: 'AQ' }, '12345'],
    ['not a valid number: the digits', { value: '201#555', countryCode: 'US' }, '201555'],
    ['spaces only: empty', { value: '   ' }, ''],
    ['no value: empty', {}, ''],
  ])('§5 normalizePhoneValue: %s', (_name, phone, stored) => {
    expect(normalizePhoneValue(phone)).toBe(stored);
  });

  it.each([
    ['US', '2015550123', '(201) 555-0123'],
    ['US', '201', '(201)'],
    ['CA', '4165550100', '(416) 555-0100'],
    ['GB', '02079460958', '020 7946 0958'],
    ['DE', '03012345678', '030 12345678'],
    ['MX', '5512345678', '55 1234 5678'],
    ['FR', '0612345678', '06 12 34 56 78'],
    ['us', '+442079460958', '+44 20 7946 0958'],
    ['AQ', '12345', '12345'],
    ['US', '201abc', '201abc'],
  ])('formatPhoneAsYouType(%s, %j) is %j', (country, text, formatted) => {
    expect(formatPhoneAsYouType(country, text)).toBe(formatted);
  });

  // Home shows a stored number as people write it: nationally in the organisation's country, else internationally.
  it.each([
    ['a US number in a US organisation', { value: '2175550123', countryCode: 'US' }, 'US', '(217) 555-0123'],
    ['a GB number in a US organisation', { value: '2079460958', countryCode: 'GB' }, 'US', '+44 20 7946 0958'],
    ['a GB number in a GB organisation', { value: '2079460958', countryCode: 'GB' }, 'GB', '020 7946 0958'],
    ['a number without a country, read in the default', { value: '2175550123' }, 'US', '(217) 555-0123'],
    ['a "use as is" value', { value: '2175550123', countryCode: 'US', noValidate: true }, 'US', '2175550123'],
    ['a forced-bypass region', { value: '12345', countryCode: 'AQ' }, 'US', '12345'],
    ['a value that is no valid number', { value: '12', countryCode: 'US' }, 'US', '12'],
    ['an empty value', { value: '', countryCode: 'US' }, 'US', ''],
  ])('formatPhoneForDisplay: %s', (_name, phone, defaultCountry, shown) => {
    expect(formatPhoneForDisplay(phone, defaultCountry)).toBe(shown);
  });
});

/** A contact-path value object as a builder writes one (schemas/entities.ts ContactPathValue). */
const pathValue = (rule: PhoneNumberKeywordValue, title?: string): FormSchema => ({
  type: 'object',
  ...(title ? { title } : {}),
  phoneNumber: rule,
  properties: { value: { type: 'string' }, countryCode: { type: 'string' }, noValidate: { type: 'boolean' } },
});

const form: BuiltForm = {
  schema: {
    type: 'object',
    properties: {
      smsPhone: pathValue({ mandatory: true, pathType: 'SMS', allowedCountries: acmeCountries }, 'signup.smsPhone.label'),
      mobilePhone: pathValue({ mandatory: false, pathType: 'PHONE', label: 'signup.mobilePhone.label' }),
      tty: pathValue({ mandatory: false, pathType: 'TTYTDD' }, 'profile.tty.label'),
    },
  },
  uiSchema: { smsPhone: { 'ui:widget': 'phone' }, mobilePhone: { 'ui:widget': 'phone' }, tty: { 'ui:widget': 'phone' } },
};

const validSms = { value: '(201) 555-0123', countryCode: 'US' };

const keywordRows: [string, Record<string, unknown>, [string, string][]][] = [
  ['a valid SMS number, nothing else', { smsPhone: validSms }, []],
  ['every path valid', { smsPhone: validSms, mobilePhone: { value: '030 12345678', countryCode: 'DE' }, tty: { value: '416 555 0100', countryCode: 'CA' } }, []],
  ['SMS mandatory and empty', { smsPhone: { value: '', countryCode: 'US' } }, [['/smsPhone/value', 'jquery.validation.field.required']]],
  ['SMS mandatory, spaces only (trimmed)', { smsPhone: { value: '   ', countryCode: 'US' } }, [['/smsPhone/value', 'jquery.validation.field.required']]],
  ['SMS mandatory, no value property', { smsPhone: { countryCode: 'US' } }, [['/smsPhone/value', 'jquery.validation.field.required']]],
  ['SMS not valid for US', { smsPhone: { value: '555 123 4567', countryCode: 'US' } }, [['/smsPhone/value', 'ssp.checked.phoneNum']]],
  ['SMS with letters', { smsPhone: { value: '201-555-CALL', countryCode: 'US' } }, [['/smsPhone/value', 'ssp.checked.phoneNum']]],
  ['SMS in a country acme does not allow', { smsPhone: { value: '06 12 34 56 78', countryCode: 'FR' } }, [['/smsPhone/countryCode', 'ssp.country.code.invalid']]],
  ['SMS use as is, 3 digits', { smsPhone: { value: '123', countryCode: 'US', noValidate: true } }, [['/smsPhone/value', 'message.validation.invalid.number.length']]],
  ['SMS use as is, 4 digits', { smsPhone: { value: '1234', countryCode: 'US', noValidate: true } }, []],
  ['mobile phone empty and not mandatory', { smsPhone: validSms, mobilePhone: { value: '', countryCode: 'GB' } }, []],
  ['mobile phone one digit short for GB', { smsPhone: validSms, mobilePhone: { value: '07400 12345', countryCode: 'GB' } }, [['/mobilePhone/value', 'ssp.checked.phoneNum']]],
  ['mobile phone use as is, 21 digits', { smsPhone: validSms, mobilePhone: { value: '1'.repeat(21), noValidate: true } }, [['/mobilePhone/value', 'message.validation.invalid.number.length']]],
  ['mobile phone in AQ: use as is forced', { smsPhone: validSms, mobilePhone: { value: '12345', countryCode: 'AQ' } }, []],
  ['TTY with GB', { smsPhone: validSms, tty: { value: '020 7946 0958', countryCode: 'GB' } }, [['/tty/countryCode', 'ssp.country.code.invalid']]],
  ['one error per path, in document order', {
    smsPhone: { value: '' }, mobilePhone: { value: 'abc' }, tty: { value: '1234', countryCode: 'MX' },
  }, [
    ['/smsPhone/value', 'jquery.validation.field.required'],
    ['/mobilePhone/value', 'ssp.checked.phoneNum'],
    ['/tty/countryCode', 'ssp.country.code.invalid'],
  ]],
  ['no smsPhone object: nothing for the keyword (the builder\'s required says it)', {}, []],
];

describe('the phoneNumber keyword in both validators', () => {
  it.each(keywordRows)('%s', (_name, data, expected) => {
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it.each([
    ['required, with the path label', { smsPhone: { value: '' } },
      { pointer: '/smsPhone/value', key: 'jquery.validation.field.required', params: { label: 'signup.smsPhone.label' } }],
    ['not valid for the country', { smsPhone: { value: '555 123 4567', countryCode: 'US' } },
      { pointer: '/smsPhone/value', key: 'ssp.checked.phoneNum', params: { label: 'signup.smsPhone.label', countryCode: 'US' } }],
    ['a country outside the list, with the list', { smsPhone: { value: '06 12 34 56 78', countryCode: 'FR' } },
      { pointer: '/smsPhone/countryCode', key: 'ssp.country.code.invalid', params: { label: 'signup.smsPhone.label', countryCode: 'FR', allowed: acmeCountries } }],
    ['bypass length, label from the keyword', { smsPhone: validSms, mobilePhone: { value: '12', noValidate: true } },
      { pointer: '/mobilePhone/value', key: 'message.validation.invalid.number.length', params: { label: 'signup.mobilePhone.label', min: 4, max: 20 } }],
    ['bypass length, label from the title', { smsPhone: { value: '12', noValidate: true } },
      { pointer: '/smsPhone/value', key: 'message.validation.invalid.number.length', params: { label: 'signup.smsPhone.label', min: 4, max: 20 } }],
  ])('parameters: %s', (_name, data, expected) => {
    expect(browserErrors(form, data)).toEqual([expected]);
    expect(serverErrors(form, data)).toEqual([expected]);
  });

  it('a path without any label reports the other length message at the root object\'s /value', () => {
    const bare: BuiltForm = { schema: pathValue({ mandatory: false, pathType: 'PHONE' }), uiSchema: {} };
    const expected = [{ pointer: '/value', key: 'message.validation.phone_length_other', params: { min: 4, max: 20 } }];
    expect(browserErrors(bare, { value: '123', noValidate: true })).toEqual(expected);
    expect(serverErrors(bare, { value: '123', noValidate: true })).toEqual(expected);
  });

  it('points into a list of contact paths by index', () => {
    const list: BuiltForm = {
      schema: { type: 'object', properties: { contactPaths: { type: 'array', items: pathValue({ mandatory: false, pathType: 'SMS' }) } } },
      uiSchema: {},
    };
    const data = { contactPaths: [validSms, { value: '555 123 4567', countryCode: 'US' }] };
    expect(keysOf(browserErrors(list, data))).toEqual([['/contactPaths/1/value', 'ssp.checked.phoneNum']]);
    expect(keysOf(serverErrors(list, data))).toEqual([['/contactPaths/1/value', 'ssp.checked.phoneNum']]);
  });

  it('refuses a schema whose phoneNumber value lacks the path type', () => {
    const broken: BuiltForm = { schema: { type: 'object', phoneNumber: { mandatory: true } }, uiSchema: {} };
    expect(() => serverErrors(broken, {})).toThrow(/phoneNumber/);
  });
});
