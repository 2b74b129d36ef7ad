/**
 * §5 Contact-path minimum: "count filled among sms, mobile phone, email, slack must reach min = lesser of
 * exposed path count and org minSignup […]; else 'new.registration.signup.create.contactpath.error' with
 * the number. If exposed count equals min, all are mandatory." The rules directly, then the
 * `contactPathMinimum` keyword through the browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import type { BuiltForm } from '../../schemas/forms/types.ts';
import {
  allMandatoryWhenMinEqualsExposed,
  contactPathMinimum,
  isFilledContactPath,
} from '../../schemas/rules/contactPathMinimum.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

describe('contactPathMinimum (§5 "lesser of exposed path count and org minSignup")', () => {
  it.each([
    [4, 1, 1], [4, 2, 2], [1, 3, 1], [3, 3, 3], [4, 4, 4], [2, 5, 2],
    [0, 2, 0], [3, 0, 0], [0, 0, 0], [-1, 2, 0], [2, Number.NaN, 0],
  ])('exposed %i, minSignup %s: %i', (exposed, minSignup, min) => {
    expect(contactPathMinimum(exposed, minSignup)).toBe(min);
  });

  it.each([
    ['springfield', fixtureOrgs.springfield.settings.minSignup, 4, 1],
    ['acme', fixtureOrgs.acme.settings.minSignup, 4, 2],
    ['acme with only email and Slack exposed', fixtureOrgs.acme.settings.minSignup, 2, 2],
    ['fedagency with email only', fixtureOrgs.fedagency.settings.minSignup, 1, 1],
  ])('%s: minSignup %i over %i exposed is %i', (_org, minSignup, exposed, min) => {
    expect(contactPathMinimum(exposed, minSignup)).toBe(min);
  });
});

describe('allMandatoryWhenMinEqualsExposed (§5 "If exposed count equals min, all are mandatory")', () => {
  it.each([
    [3, 3, true], [3, 5, true], [1, 1, true], [4, 1, false], [3, 2, false], [2, 0, false], [0, 0, false], [0, 1, false],
  ])('exposed %i, minSignup %i: %s', (exposed, minSignup, all) => {
    expect(allMandatoryWhenMinEqualsExposed(exposed, minSignup)).toBe(all);
  });
});

describe('isFilledContactPath', () => {
  it.each([
    ['a text', 'member@example.com', true],
    ['a text with spaces around', '  x  ', true],
    ['an empty text', '', false],
    ['spaces only', '   ', false],
    ['a value object with a value', { value: '2015550123', countryCode: 'US' }, true],
    ['a value object with an empty value', { value: '', countryCode: 'US' }, false],
    ['a value object with a blank value', { value: ' \t' }, false],
    ['a value object without a value', { countryCode: 'US' }, false],
    ['a value object with a number value', { value: 5 }, false],
    ['null', null, false],
    ['nothing', undefined, false],
    ['a number', 5, false],
    ['a list', ['x'], false],
  ])('%s: %s', (_name, entry, filled) => {
    expect(isFilledContactPath(entry)).toBe(filled);
  });
});

const message = 'new.registration.signup.create.contactpath.error';

/** The sign-up form's four paths, at least `min` of them filled (§5). */
const signUpForm = (min: number): BuiltForm => ({
  schema: {
    type: 'object',
    contactPathMinimum: { min, fields: ['smsPhone', 'mobilePhone', 'email', 'slack'] },
    properties: {
      smsPhone: { type: 'object', properties: { value: { type: 'string' }, countryCode: { type: 'string' } } },
      mobilePhone: { type: 'object', properties: { value: { type: 'string' }, countryCode: { type: 'string' } } },
      email: { type: 'string' },
      slack: { type: 'string' },
    },
  },
  uiSchema: {},
});

/** The profile's list of contact paths, at least `min` of them filled (§4, §5). */
const profileForm = (min: number): BuiltForm => ({
  schema: {
    type: 'object',
    properties: {
      contactPaths: {
        type: 'array', title: 'profile.contactPaths.label', contactPathMinimum: { min, items: true },
        items: { type: 'object', properties: { pathId: { type: 'number' }, value: { type: 'string' } } },
      },
    },
  },
  uiSchema: {},
});

const sms = { value: '2015550123', countryCode: 'US' };
const emptySms = { value: '', countryCode: 'US' };

const signUpRows: [string, number, Record<string, unknown>, [string, string][]][] = [
  ['min 1: email filled', 1, { email: 'member@example.com' }, []],
  ['min 1: SMS filled', 1, { smsPhone: sms }, []],
  ['min 1: nothing filled', 1, {}, [['/', message]]],
  ['min 1: only empty values', 1, { smsPhone: emptySms, mobilePhone: { value: '' }, email: '', slack: '' }, [['/', message]]],
  ['min 1: spaces only (trimmed)', 1, { email: '   ', smsPhone: { value: '  ' } }, [['/', message]]],
  ['min 2: one filled', 2, { email: 'member@example.com', slack: '' }, [['/', message]]],
  ['min 2: two filled', 2, { email: 'member@example.com', smsPhone: sms }, []],
  ['min 2: a property outside the four does not count', 2, { email: 'member@example.com', firstName: 'Ann' }, [['/', message]]],
  ['min 4: all four filled', 4, { email: 'a@example.com', slack: 'b@example.com', smsPhone: sms, mobilePhone: sms }, []],
  ['min 4: three filled', 4, { email: 'a@example.com', slack: 'b@example.com', smsPhone: sms }, [['/', message]]],
  ['min 0: nothing needed', 0, {}, []],
];

const profileRows: [string, number, Record<string, unknown>, [string, string][]][] = [
  ['min 1: one path with a value', 1, { contactPaths: [{ pathId: 1, value: 'a@example.com' }, { pathId: 2, value: '' }] }, []],
  ['min 1: no path with a value', 1, { contactPaths: [{ pathId: 1, value: '' }, { pathId: 2 }] }, [['/contactPaths', message]]],
  ['min 1: an empty list', 1, { contactPaths: [] }, [['/contactPaths', message]]],
  ['min 2: two paths with a value', 2, { contactPaths: [{ pathId: 1, value: 'a@example.com' }, { pathId: 2, value: '2015550123' }] }, []],
  ['min 2: one path with a value', 2, { contactPaths: [{ pathId: 1, value: 'a@example.com' }, { pathId: 2, value: ' ' }] }, [['/contactPaths', message]]],
];

describe('the contactPathMinimum keyword in both validators', () => {
  it.each(signUpRows)('sign-up, %s', (_name, min, data, expected) => {
    expect(keysOf(browserErrors(signUpForm(min), data))).toEqual(expected);
    expect(keysOf(serverErrors(signUpForm(min), data))).toEqual(expected);
  });

  it.each(profileRows)('profile, %s', (_name, min, data, expected) => {
    expect(keysOf(browserErrors(profileForm(min), data))).toEqual(expected);
    expect(keysOf(serverErrors(profileForm(min), data))).toEqual(expected);
  });

  it('names the number (and, for a titled list, its label) as parameters', () => {
    expect(browserErrors(signUpForm(2), { email: 'a@example.com' })).toEqual([{ pointer: '/', key: message, params: { count: 2 } }]);
    expect(serverErrors(signUpForm(2), { email: 'a@example.com' })).toEqual([{ pointer: '/', key: message, params: { count: 2 } }]);
    const listed = [{ pointer: '/contactPaths', key: message, params: { count: 3, label: 'profile.contactPaths.label' } }];
    expect(browserErrors(profileForm(3), { contactPaths: [] })).toEqual(listed);
    expect(serverErrors(profileForm(3), { contactPaths: [] })).toEqual(listed);
  });

  it('refuses a schema that says neither fields nor items', () => {
    const broken: BuiltForm = { schema: { type: 'object', contactPathMinimum: { min: 1 } }, uiSchema: {} };
    expect(() => serverErrors(broken, {})).toThrow(/contactPathMinimum/);
  });
});
