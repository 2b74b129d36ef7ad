/**
 * §5 Phone/SMS and §4 'use as is': "mandatory when item mandatory, else error ssp.checked.phoneNum;
 * letters rejected; with bypass length 4 to 20 (messages message.validation.invalid.number.length with
 * path label, or message.validation.phone_length_other); without bypass must be valid for the selected
 * country. Country code must be among allowed countries ('ssp.country.code.invalid'); for TTYTDD only US
 * and CA (a TTYTDD path with another country is forced to US). […] Numbers are stripped to digits or
 * national number; non-mandatory empty values sent empty." §4: "Phone 'use as is' bypass toggles
 * validation off; forced on and locked for regions PN, UM, AN, CS, AQ". §9: "Phone bypass 4-20".
 *
 * Metadata: `libphonenumber-js/max`, everywhere in this file. "Valid for the selected country" needs the
 * per-country digit patterns; the `min` set only checks lengths and loose national patterns, so it calls
 * e.g. MX 945 257 1704, DE 01512 345678 or FR 07 04 57 85 88 valid although no such numbers can exist
 * (the tests hold these rows). The price is about 20 kB more gzip (40 kB instead of 19.5 kB) wherever
 * the form keywords are bundled. The country list of `/rest/init/countries` (server, `/min`) is the same
 * in both sets, so the two never disagree on which countries exist.
 */
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import { CONTACT_PATH_TYPES, type ContactPathType, type ContactPathValue } from '../entities.ts';
import { isForcedBypassRegion, TTY_COUNTRIES, ttyCountry } from './countries.ts';
import { LIMITS } from './limits.ts';

// The plain lists and checks live in ./countries.ts (no metadata there, for the pages without a phone field).
export { FORCED_BYPASS_REGIONS, isForcedBypassRegion, TTY_COUNTRIES, ttyCountry } from './countries.ts';

/** §3 "defaultCountry (default US)", §9 "Defaults: country US". */
const DEFAULT_COUNTRY = 'US';

/** The message keys of §5 Phone/SMS (plus the generic required key of §5, "with label"). */
export const PHONE_MESSAGE_KEYS = {
  required: 'jquery.validation.field.required',
  invalid: 'ssp.checked.phoneNum',
  bypassLengthWithLabel: 'message.validation.invalid.number.length',
  bypassLengthOther: 'message.validation.phone_length_other',
  countryCode: 'ssp.country.code.invalid',
} as const;

const LETTERS = /\p{L}/u;

/** A country code as compared: trimmed, upper case; anything that is not a string is no code. */
const upper = (country: unknown) => (typeof country === 'string' ? country.trim().toUpperCase() : '');

/** §5 "Numbers are stripped to digits": every character that is not 0–9 goes. */
export function phoneDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** The part of a contact-path value (schemas/entities.ts ContactPathValue) the phone rules read. */
export type PhoneValue = Partial<Pick<ContactPathValue, 'value' | 'countryCode' | 'noValidate'>>;

/**
 * §5 "Numbers are stripped to digits or national number; non-mandatory empty values sent empty": what is
 * stored for a phone value. With 'use as is' (chosen or forced) the digits; otherwise the national
 * (significant) number for the country, or the digits when the text cannot be read as a number.
 */
export function normalizePhoneValue(phone: PhoneValue, defaultCountry: string = DEFAULT_COUNTRY): string {
  const value = (phone.value ?? '').trim();
  if (value === '') return '';
  const country = upper(phone.countryCode) || upper(defaultCountry);
  if (phone.noValidate || isForcedBypassRegion(country) || !isSupportedCountry(country)) return phoneDigits(value);
  const parsed = parsePhoneNumberFromString(value, country as CountryCode);
  return parsed?.isValid() ? parsed.nationalNumber : phoneDigits(value);
}

/**
 * The phone widget's as-you-type formatting for `country` (e.g. US '2015550123' → '(201) 555-0123').
 * Text with letters, and any region without numbering metadata (the forced-bypass ones), is left as
 * typed, so the member sees what the validation refuses. Not for 'use as is' values: those are not
 * formatted at all.
 */
export function formatPhoneAsYouType(country: string, text: string): string {
  const region = upper(country);
  if (LETTERS.test(text) || !isSupportedCountry(region)) return text;
  return new AsYouType(region as CountryCode).input(text);
}

/**
 * A stored phone value as people write it, for pages that show it (home): formatted for its country,
 * nationally when that is `defaultCountry` (US '2175550123' → '(217) 555-0123'), else internationally
 * ('+44 20 7946 0958'). A 'use as is' value, a region without numbering metadata and a value that is
 * not a valid number stay as stored, like the widget leaves them.
 */
export function formatPhoneForDisplay(phone: PhoneValue, defaultCountry: string = DEFAULT_COUNTRY): string {
  const value = (phone.value ?? '').trim();
  const country = upper(phone.countryCode) || upper(defaultCountry);
  if (value === '' || phone.noValidate || isForcedBypassRegion(country) || !isSupportedCountry(country)) return value;
  const parsed = parsePhoneNumberFromString(value, country as CountryCode);
  if (!parsed?.isValid()) return value;
  return parsed.country === upper(defaultCountry) ? parsed.formatNational() : parsed.formatInternational();
}

/** What the phone rule needs besides the value: the contact path's flags and the organisation's countries. */
export interface PhoneRuleOptions {
  /** §5 "mandatory when item mandatory". */
  mandatory: boolean;
  pathType: ContactPathType;
  /** §5: the organisation's allowed countries when country codes are enabled (isEnableCountryCodeForMemberPortal). */
  allowedCountries?: readonly string[];
  /** The path's label (a message key), for 'jquery.validation.field.required' and the bypass-length message. */
  label?: string;
  /** The country a value without a country code is read in (§3 defaultCountry, default US). */
  defaultCountry?: string;
}

export type PhoneCheckInput = PhoneValue & PhoneRuleOptions;

/** One refused phone value: which sub-field, which §5 key, its parameters. */
export interface PhoneCheckFailure {
  pointer: '/value' | '/countryCode';
  key: string;
  params: Record<string, unknown>;
}

/**
 * Whether the number is valid in the numbering plan the selected country dials in: a valid number
 * (max metadata) whose calling code is the country's. The national number is what gets stored with the
 * country code, so this is exactly "it will ring": a Canadian number under US (both +1) rings, a French
 * number typed as +33 … under GB would be stored as a +44 number and is refused.
 */
function isValidForCountry(value: string, country: string): boolean {
  const phone = parsePhoneNumberFromString(value, country as CountryCode);
  return !!phone && phone.isValid() && phone.countryCallingCode === getCountryCallingCode(country as CountryCode);
}

/**
 * §5 Phone/SMS and §4 'use as is' for one value, first failure only (the order a member fixes them in):
 * 1. empty: 'jquery.validation.field.required' at /value when mandatory, else fine ("sent empty");
 * 2. a country code given but not allowed: 'ssp.country.code.invalid' at /countryCode — for TTYTDD anything
 *    but US/CA, otherwise a code outside `allowedCountries`, or one that is no country at all;
 * 3. letters: 'ssp.checked.phoneNum' at /value (with or without bypass);
 * 4. with 'use as is' (chosen, or forced by the region): 4–20 digits, else at /value
 *    'message.validation.invalid.number.length' when the path has a label (the message names it) and
 *    'message.validation.phone_length_other' when it has none;
 * 5. without: valid for the selected country (else 'ssp.checked.phoneNum' at /value).
 * A value without a country code is read in `defaultCountry` (US), a TTYTDD one in US or CA.
 */
export function checkPhone(input: PhoneCheckInput): PhoneCheckFailure | null {
  const label = input.label ? { label: input.label } : {};
  const value = typeof input.value === 'string' ? input.value.trim() : '';
  if (value === '') {
    return input.mandatory ? { pointer: '/value', key: PHONE_MESSAGE_KEYS.required, params: { ...label } } : null;
  }

  const given = upper(input.countryCode);
  const tty = input.pathType === 'TTYTDD';
  if (given) {
    const allowed = tty ? [...TTY_COUNTRIES] : input.allowedCountries?.map(upper);
    const known = isSupportedCountry(given) || isForcedBypassRegion(given);
    if (!known || (allowed && !allowed.includes(given))) {
      return { pointer: '/countryCode', key: PHONE_MESSAGE_KEYS.countryCode, params: { countryCode: given, ...(allowed ? { allowed } : {}) } };
    }
  }
  const fallback = upper(input.defaultCountry) || DEFAULT_COUNTRY;
  const country = given || (tty ? ttyCountry(fallback) : fallback);

  if (LETTERS.test(value)) return { pointer: '/value', key: PHONE_MESSAGE_KEYS.invalid, params: { ...label, countryCode: country } };

  if (input.noValidate || isForcedBypassRegion(country)) {
    const { min, max } = LIMITS.phoneBypass;
    const digits = phoneDigits(value).length;
    if (digits >= min && digits <= max) return null;
    return input.label
      ? { pointer: '/value', key: PHONE_MESSAGE_KEYS.bypassLengthWithLabel, params: { label: input.label, min, max } }
      : { pointer: '/value', key: PHONE_MESSAGE_KEYS.bypassLengthOther, params: { min, max } };
  }

  if (!isSupportedCountry(country) || !isValidForCountry(value, country)) {
    return { pointer: '/value', key: PHONE_MESSAGE_KEYS.invalid, params: { ...label, countryCode: country } };
  }
  return null;
}

/** The value of the `phoneNumber` keyword: the rule's options, as the builder knows them from the settings. */
export type PhoneNumberKeywordValue = PhoneRuleOptions;

const validatePhoneNumber: SchemaValidateFunction = (options: PhoneNumberKeywordValue, data: PhoneValue, parentSchema, dataCxt) => {
  const title = parentSchema && typeof parentSchema.title === 'string' ? parentSchema.title : undefined;
  const label = options.label ?? title;
  const failure = checkPhone({
    ...options,
    ...(label ? { label } : {}),
    value: data.value,
    countryCode: data.countryCode,
    noValidate: data.noValidate === true,
  });
  if (!failure) return true;
  validatePhoneNumber.errors = [{
    keyword: 'phoneNumber',
    // ajv keeps a custom keyword's own instancePath as given, so the object's path is prefixed here.
    instancePath: `${dataCxt?.instancePath ?? ''}${failure.pointer}`,
    message: failure.key,
    params: { key: failure.key, ...failure.params },
    parentSchema,
  }];
  return false;
};

/**
 * The ajv keyword `phoneNumber: { mandatory, pathType, allowedCountries?, label?, defaultCountry? }` (listed in
 * schemas/forms/keywords.ts), on a contact-path value object `{ value, countryCode, noValidate }`: runs
 * `checkPhone` and reports its one failure at the sub-field (e.g. '/smsPhone/value'), `params.key` the
 * message key. The label defaults to the object schema's `title`.
 */
export const phoneNumberKeyword: KeywordDefinition = {
  keyword: 'phoneNumber',
  type: 'object',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['mandatory', 'pathType'],
    additionalProperties: false,
    properties: {
      mandatory: { type: 'boolean' },
      pathType: { enum: [...CONTACT_PATH_TYPES] },
      allowedCountries: { type: 'array', items: { type: 'string' } },
      label: { type: 'string' },
      defaultCountry: { type: 'string' },
    },
  },
  errors: true,
  validate: validatePhoneNumber,
};
