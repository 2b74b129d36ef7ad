/**
 * §5 Change password rules, run through the browser's and the server's validator alike: current
 * required, new under the organisation's policy (§5 password, per demo organisation), confirm
 * required and equal (the `sameAs` keyword, schemas/rules/sameAs.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildChangePasswordSchema } from '../../schemas/forms/buildChangePasswordSchema.ts';
import type { BuiltForm, FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs, type DemoOrgId } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const formOf = (orgId: DemoOrgId, mode: FormMode = 'edit') =>
  buildChangePasswordSchema(fixtureOrgs[orgId].settings, { featureFlags: fixtureOrgs[orgId].flags }, mode);
const form = formOf('springfield');

const REQUIRED = 'login.password.required';
const CONFIRM = 'ssp.password.confirm.invalid';
const POLICY = 'ssp.password.valid.invalid';
const current = 'Demo!Member2026';
const valid = { currentPassword: current, newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' };

const rows: [string, Record<string, unknown>, [string, string][]][] = [
  ['all three given, new under the public policy', valid, []],
  ['nothing', {}, [['/currentPassword', REQUIRED], ['/newPassword', REQUIRED], ['/confirmPassword', 'jquery.validation.field.required']]],
  ['no current password', { ...valid, currentPassword: undefined }, [['/currentPassword', REQUIRED]]],
  ['an empty current password', { ...valid, currentPassword: '' }, [['/currentPassword', REQUIRED]]],
  ['a current password of blanks: trimmed (§5) to empty', { ...valid, currentPassword: '   ' }, [['/currentPassword', REQUIRED]]],
  ['a wrong current password is the server\'s answer', { ...valid, currentPassword: 'not-it' }, []],
  ['a current password of 64 characters (§9 max 64)', { ...valid, currentPassword: 'c'.repeat(64) }, []],
  ['a current password of 65 characters', { ...valid, currentPassword: 'c'.repeat(65) }, [['/currentPassword', 'jquery.validation.maxlength']]],
  ['no new password: "required" alone, nothing to compare', { ...valid, newPassword: undefined }, [['/newPassword', REQUIRED]]],
  ['an empty new password: "required" alone', { ...valid, newPassword: '' }, [['/newPassword', REQUIRED]]],
  ['no confirmation', { ...valid, confirmPassword: undefined }, [['/confirmPassword', 'jquery.validation.field.required']]],
  ['an empty confirmation', { ...valid, confirmPassword: '' }, [['/confirmPassword', 'jquery.validation.field.required']]],
  ['a confirmation that differs (§5 equal)', { ...valid, confirmPassword: 'abcdefg2' }, [['/confirmPassword', CONFIRM]]],
  ['a confirmation that differs in case only', { ...valid, confirmPassword: 'ABCDEFG1' }, [['/confirmPassword', CONFIRM]]],
  ['blanks around either are trimmed before comparing', { ...valid, newPassword: ' abcdefg1', confirmPassword: 'abcdefg1  ' }, []],
  ['a new password under the policy, repeated', { ...valid, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, [['/newPassword', POLICY]]],
  ['a new password under the policy, not repeated', { ...valid, newPassword: 'abcdefgh', confirmPassword: 'abcdefgi' }, [['/newPassword', POLICY], ['/confirmPassword', CONFIRM]]],
];

/** §5 password policy and §9 lengths, per demo organisation: springfield public, acme private, fedagency FedRAMP. */
const policyRows: [DemoOrgId, string, boolean][] = [
  ['springfield', 'abcdefg1', true],
  ['springfield', 'abcdef1', false],
  ['springfield', 'abcdefgh', false],
  ['springfield', '12345678', false],
  ['springfield', 'Demo!Member2026', true],
  ['acme', 'Abcdefg1', true],
  ['acme', 'abcdef1!', true],
  ['acme', 'ABCDEF1!', true],
  ['acme', 'Abcdef1', false],
  ['acme', 'abcdefg1', false],
  ['acme', 'ABCDEFG!', false],
  ['acme', 'Demo!Member2026', true],
  ['fedagency', 'Abcdefghij1!', true],
  ['fedagency', 'Abcdefghi1!', false],
  ['fedagency', 'abcdefghij1!', false],
  ['fedagency', 'Abcdefghijk1', false],
  ['fedagency', 'ABCDEFGHIJ1!', false],
  ['fedagency', 'Demo!Member2026', true],
];

/** 64 characters that meet every policy. */
const longest = `Abcdef1!${'x'.repeat(56)}`;

describe('change-password form (§5 Change password)', () => {
  it.each(rows)('%s', (_name, data, expected) => {
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it.each(policyRows)('%s: new password %j allowed: %s', (orgId, password, allowed) => {
    const data = { currentPassword: current, newPassword: password, confirmPassword: password };
    const expected = allowed ? [] : [['/newPassword', POLICY]];
    expect(keysOf(browserErrors(formOf(orgId), data))).toEqual(expected);
    expect(keysOf(serverErrors(formOf(orgId), data))).toEqual(expected);
  });

  it.each(['springfield', 'acme', 'fedagency'] as DemoOrgId[])('%s: a new password of 64 characters passes, 65 do not (§9 max 64)', (orgId) => {
    const at = (password: string) => ({ currentPassword: current, newPassword: password, confirmPassword: password });
    const over: [string, string][] = [['/newPassword', 'jquery.validation.maxlength'], ['/newPassword', POLICY]];
    for (const errorsOf of [browserErrors, serverErrors]) {
      expect(keysOf(errorsOf(formOf(orgId), at(longest)))).toEqual([]);
      expect(keysOf(errorsOf(formOf(orgId), at(`${longest}x`)))).toEqual(over);
    }
  });

  it('names the compared field and the label of the confirmation', () => {
    const expected = [{ pointer: '/confirmPassword', key: CONFIRM, params: { sameAs: 'newPassword', label: 'changePassword.confirmPassword.label' } }];
    expect(browserErrors(form, { ...valid, confirmPassword: 'other1234' })).toEqual(expected);
    expect(serverErrors(form, { ...valid, confirmPassword: 'other1234' })).toEqual(expected);
  });

  it('draws three password inputs, the same in every mode (there is no review page)', () => {
    expect(form.uiSchema['ui:order']).toEqual(['currentPassword', 'newPassword', 'confirmPassword']);
    expect(form.uiSchema.newPassword).toEqual({ 'ui:widget': 'password', 'ui:autocomplete': 'new-password' });
    for (const mode of ['signup', 'review'] as FormMode[]) expect(formOf('springfield', mode)).toEqual(form);
  });
});

describe('the sameAs keyword (schemas/rules/sameAs.ts)', () => {
  const nested: BuiltForm = {
    schema: {
      type: 'object',
      properties: {
        account: {
          type: 'object',
          properties: {
            email: { type: 'string' },
            'email/again': { type: 'string', title: 'x.again.label', messages: { sameAs: 'x.email.confirm.invalid' } },
            pin: { type: 'string' },
            pinAgain: { type: 'string' },
          },
          sameAs: { 'email/again': 'email', pinAgain: 'pin' },
        },
      },
    },
    uiSchema: {},
  };

  const cases: [string, Record<string, unknown>, [string, string][]][] = [
    ['both pairs equal', { email: 'a@b.co', 'email/again': 'a@b.co', pin: '12', pinAgain: '12' }, []],
    ['a nested, escaped pointer and the field\'s own key', { email: 'a@b.co', 'email/again': 'c@d.co' }, [['/account/email~1again', 'x.email.confirm.invalid']]],
    ['the default key without one', { pin: '12', pinAgain: '21' }, [['/account/pinAgain', CONFIRM]]],
    ['both pairs differ, in the order written', { email: 'a', 'email/again': 'b', pin: '1', pinAgain: '2' }, [['/account/email~1again', 'x.email.confirm.invalid'], ['/account/pinAgain', CONFIRM]]],
    ['nothing compared while one side is missing', { 'email/again': 'a@b.co', pin: '12' }, []],
    ['nothing compared with a value that is not text', { pin: 12, pinAgain: '12' }, [['/account/pin', 'jquery.validation.invalid']]],
  ];

  it.each(cases)('%s', (_name, account, expected) => {
    expect(keysOf(browserErrors(nested, { account }))).toEqual(expected);
    expect(keysOf(serverErrors(nested, { account }))).toEqual(expected);
  });
});
