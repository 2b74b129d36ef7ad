/**
 * §5 password: "trimmed; public min 8 needing letter and digit; private min 8 needing three of four
 * classes (upper, lower, digit, special from !@#$%^&*()); FedRAMP min 12 needing upper, lower, digit,
 * special; message 'ssp.password.valid.invalid'; max 64". The rule directly, then the `passwordPolicy`
 * keyword through the browser's and the server's validator alike.
 */
import { describe, expect, it } from 'vitest';
import type { BuiltForm } from '../../schemas/forms/types.ts';
import { isPasswordAllowed, minimumLengthOf, passwordPolicyOf, passwordRules, unmetPasswordRules, type PasswordPolicy } from '../../schemas/rules/passwordPolicy.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

/** A password of exactly `length` characters that starts with `start` (padded with lower-case letters). */
const ofLength = (start: string, length: number) => start + 'x'.repeat(length - start.length);

const rows: [string, string, PasswordPolicy, boolean][] = [
  // public: letter and digit, 8 to 64
  ['public: 8 with letter and digit', 'abcdefg1', 'public', true],
  ['public: 7 with letter and digit', 'abcdef1', 'public', false],
  ['public: 8 letters, no digit', 'abcdefgh', 'public', false],
  ['public: 8 digits, no letter', '12345678', 'public', false],
  ['public: specials and a digit, no letter', '!@#$%^&1', 'public', false],
  ['public: an upper-case letter counts as a letter', 'ABCDEFG1', 'public', true],
  ['public: only a non-ASCII letter', 'ééééééé1', 'public', false],
  ['public: 8 after trimming surrounding spaces', '   abcdefg1   ', 'public', true],
  ['public: 7 after trimming (11 before)', '  abcdef1  ', 'public', false],
  ['public: 64', ofLength('1', 64), 'public', true],
  ['public: 65', ofLength('1', 65), 'public', false],
  ['public: 64 after trimming (66 before)', ` ${ofLength('1', 64)} `, 'public', true],

  // private: three of upper, lower, digit, special
  ['private: upper, lower, digit', 'Abcdefg1', 'private', true],
  ['private: upper, lower, special', 'Abcdefg!', 'private', true],
  ['private: upper, digit, special', 'ABCDEF1!', 'private', true],
  ['private: lower, digit, special', 'abcdef1!', 'private', true],
  ['private: all four', 'Abcdef1!', 'private', true],
  ['private: upper and lower only', 'Abcdefgh', 'private', false],
  ['private: lower and digit only', 'abcdefg1', 'private', false],
  ['private: upper and digit only', 'ABCDEFG1', 'private', false],
  ['private: digit and special only', '1234567!', 'private', false],
  ['private: lower and special only', 'abcdefg!', 'private', false],
  ['private: upper and special only', 'ABCDEFG!', 'private', false],
  ['private: lower only', 'abcdefgh', 'private', false],
  ['private: digits only', '12345678', 'private', false],
  ['private: a hyphen is not one of the specials', 'abcdef1-', 'private', false],
  ['private: an underscore is not one of the specials', 'ABCDEF1_', 'private', false],
  ['private: a non-ASCII capital is no upper-case letter', 'Ébcdefg1', 'private', false],
  ['private: 7 with three classes', 'Abcdef1', 'private', false],
  ['private: 4 with all four classes', 'Ab1!', 'private', false],
  ['private: 8 after trimming', '\tAbcdefg1\n', 'private', true],
  ['private: 7 after trimming (9 before)', ' Abcdef1 ', 'private', false],
  ['private: spaces inside count for the length', 'Ab 1 cd', 'private', false],
  ['private: 64', ofLength('A1', 64), 'private', true],
  ['private: 65', ofLength('A1', 65), 'private', false],

  // FedRAMP: all four, 12 to 64
  ['FedRAMP: 12 with all four', 'Abcdefghij1!', 'fedramp', true],
  ['FedRAMP: 11 with all four', 'Abcdefghi1!', 'fedramp', false],
  ['FedRAMP: 8 with all four (enough for private)', 'Abcdef1!', 'fedramp', false],
  ['FedRAMP: 12 without upper', 'abcdefghij1!', 'fedramp', false],
  ['FedRAMP: 12 without lower', 'ABCDEFGHIJ1!', 'fedramp', false],
  ['FedRAMP: 12 without digit', 'Abcdefghijk!', 'fedramp', false],
  ['FedRAMP: 12 without special', 'Abcdefghijk1', 'fedramp', false],
  ['FedRAMP: 11 after trimming (15 before)', '  Abcdefghi1!  ', 'fedramp', false],
  ['FedRAMP: 12 after trimming', '  Abcdefghij1!  ', 'fedramp', true],
  ['FedRAMP: the demo password', 'Demo!Member2026', 'fedramp', true],
  ['FedRAMP: 64', ofLength('A1!', 64), 'fedramp', true],
  ['FedRAMP: 65', ofLength('A1!', 65), 'fedramp', false],

  // the empty password meets no policy
  ['public: empty', '', 'public', false],
  ['private: spaces only', '        ', 'private', false],
];

/** Each of the ten specials makes the third class for private (lower + digit + it). */
const specialRows: [string, string, PasswordPolicy, boolean][] = [...'!@#$%^&*()'].map((special) => [
  `private: lower, digit and the special ${special}`, `abcdef1${special}`, 'private', true,
]);

describe('isPasswordAllowed (§5 password)', () => {
  it.each([...rows, ...specialRows])('%s', (_name, password, policy, allowed) => {
    expect(isPasswordAllowed(password, policy)).toBe(allowed);
  });
});

describe('passwordRules (§5, rule by rule: the new-password checklist)', () => {
  it('public: length 8–64, a letter, a digit', () => {
    expect(passwordRules('abc', 'public')).toEqual([
      { rule: 'length', met: false }, { rule: 'letter', met: true }, { rule: 'digit', met: false },
    ]);
    expect(unmetPasswordRules('  abcdefg1  ', 'public')).toEqual([]);
    expect(unmetPasswordRules(ofLength('a1', 65), 'public')).toEqual(['length']);
  });

  it('private: length 8–64 and three of four classes, each class met or not', () => {
    expect(passwordRules('Abcdefgh', 'private')).toEqual([
      { rule: 'length', met: true },
      { rule: 'threeClasses', met: false, classes: [
        { rule: 'upper', met: true }, { rule: 'lower', met: true }, { rule: 'digit', met: false }, { rule: 'special', met: false },
      ] },
    ]);
    expect(unmetPasswordRules('Abcdefg!', 'private')).toEqual([]);
  });

  it('FedRAMP: length 12–64 and all four classes', () => {
    expect(unmetPasswordRules('abcdefgh1', 'fedramp')).toEqual(['length', 'upper', 'special']);
    expect(minimumLengthOf('fedramp')).toBe(12);
    expect(minimumLengthOf('private')).toBe(8);
  });

  it.each([...rows, ...specialRows])('agrees with isPasswordAllowed: %s', (_name, password, policy, allowed) => {
    expect(unmetPasswordRules(password, policy).length === 0).toBe(allowed);
  });
});

describe('passwordPolicyOf (§5, §6 "Public versus private status and FedRAMP change password rules")', () => {
  it.each([
    ['springfield (public)', fixtureOrgs.springfield.settings, 'public'],
    ['acme (private)', fixtureOrgs.acme.settings, 'private'],
    ['fedagency (private, FedRAMP)', fixtureOrgs.fedagency.settings, 'fedramp'],
    ['campus (private, single sign-on)', fixtureOrgs.campus.settings, 'private'],
  ] as const)('%s', (_name, settings, policy) => {
    expect(passwordPolicyOf(settings)).toBe(policy);
  });

  it('FedRAMP wins over public', () => {
    expect(passwordPolicyOf({ isFedRAMPCustomer: true, isPublic: true })).toBe('fedramp');
  });
});

/** The field as a builder writes it (§5: required with its own key, max 64, the policy). */
const formFor = (policy: string): BuiltForm => ({
  schema: {
    type: 'object',
    required: ['password'],
    properties: {
      password: {
        type: 'string', title: 'signup.password.label', minLength: 1, maxLength: 64, passwordPolicy: policy,
        messages: { required: 'login.password.required', minLength: 'login.password.required' },
      },
    },
  },
  uiSchema: { password: { 'ui:widget': 'password' } },
});

const invalid: [string, string] = ['/password', 'ssp.password.valid.invalid'];

const keywordRows: [string, PasswordPolicy, Record<string, unknown>, [string, string][]][] = [
  ['public: letter and digit', 'public', { password: 'abcdefg1' }, []],
  ['public: no digit', 'public', { password: 'abcdefgh' }, [invalid]],
  ['private: three classes', 'private', { password: 'Abcdefg1' }, []],
  ['private: two classes', 'private', { password: 'abcdefg1' }, [invalid]],
  ['private: 7 characters', 'private', { password: 'Abcde1!' }, [invalid]],
  ['FedRAMP: 12 with all four', 'fedramp', { password: 'Abcdefghij1!' }, []],
  ['FedRAMP: 11 with all four', 'fedramp', { password: 'Abcdefghi1!' }, [invalid]],
  ['FedRAMP: 8 that private would take', 'fedramp', { password: 'Abcdef1!' }, [invalid]],
  ['surrounding spaces are trimmed before the rule', 'private', { password: '  Abcdefg1  ' }, []],
  ['no password: only required', 'private', {}, [['/password', 'login.password.required']]],
  ['empty: only required, not the policy', 'private', { password: '' }, [['/password', 'login.password.required']]],
  ['spaces only: trimmed to empty, only required', 'fedramp', { password: '    ' }, [['/password', 'login.password.required']]],
  ['64 characters', 'private', { password: ofLength('A1', 64) }, []],
  ['65 characters: over the maximum, and so outside the policy too', 'private', { password: ofLength('A1', 65) },
    [['/password', 'jquery.validation.maxlength'], invalid]],
  ['not a string: the type says it, the policy does not apply', 'private', { password: 12345678 }, [['/password', 'jquery.validation.invalid']]],
];

describe('the passwordPolicy keyword in both validators', () => {
  it.each(keywordRows)('%s', (_name, policy, data, expected) => {
    const form = formFor(policy);
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it.each([
    ['public', ['length', 'digit']],
    ['private', ['length', 'threeClasses']],
    ['fedramp', ['length', 'upper', 'digit', 'special']],
  ] as const)('names the policy (%s), the rules not met and the label as parameters', (policy, unmet) => {
    const expected = [{ pointer: '/password', key: 'ssp.password.valid.invalid', params: { policy, unmet, label: 'signup.password.label' } }];
    expect(browserErrors(formFor(policy), { password: 'abcdefg' })).toEqual(expected);
    expect(serverErrors(formFor(policy), { password: 'abcdefg' })).toEqual(expected);
  });

  it('refuses a schema naming a policy that does not exist', () => {
    expect(() => serverErrors(formFor('strong'), { password: 'Abcdefg1' })).toThrow(/passwordPolicy/);
  });
});
