/**
 * §5 Reset rules, run through the browser's and the server's validator alike: new password under the
 * organisation's policy, confirm equal, and in expired mode (§4 p_expired = Y, `flags.expiredPassword`)
 * the old password required (max 64) — that mode is the change-password form itself.
 */
import { describe, expect, it } from 'vitest';
import { buildChangePasswordSchema } from '../../schemas/forms/buildChangePasswordSchema.ts';
import { buildResetPasswordSchema } from '../../schemas/forms/buildResetPasswordSchema.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs, type DemoOrgId } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const formOf = (orgId: DemoOrgId, expiredPassword: boolean, mode: FormMode = 'signup') =>
  buildResetPasswordSchema(fixtureOrgs[orgId].settings, { featureFlags: fixtureOrgs[orgId].flags, expiredPassword }, mode);

const REQUIRED = 'login.password.required';
const CONFIRM = 'ssp.password.confirm.invalid';
const POLICY = 'ssp.password.valid.invalid';
const pair = (password: string) => ({ newPassword: password, confirmPassword: password });

/** [row, expired mode?, data, expected]: after forgot-password (no old password), then expired mode. */
const rows: [string, boolean, Record<string, unknown>, [string, string][]][] = [
  ['new password and its confirmation', false, pair('Abcdefg1'), []],
  ['nothing: no old password asked for', false, {}, [['/newPassword', REQUIRED], ['/confirmPassword', 'jquery.validation.field.required']]],
  ['an old password sent anyway is not checked', false, { currentPassword: 'x'.repeat(65), ...pair('Abcdefg1') }, []],
  ['an empty new password', false, { newPassword: '', confirmPassword: 'Abcdefg1' }, [['/newPassword', REQUIRED]]],
  ['an empty confirmation', false, { newPassword: 'Abcdefg1', confirmPassword: '' }, [['/confirmPassword', 'jquery.validation.field.required']]],
  ['a confirmation that differs (§5 confirm equal)', false, { newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' }, [['/confirmPassword', CONFIRM]]],
  ['a new password under the private policy', false, pair('abcdefg1'), [['/newPassword', POLICY]]],
  ['expired: old, new and confirmation', true, { currentPassword: 'Demo!Member2026', ...pair('Abcdefg1') }, []],
  ['expired: nothing', true, {}, [['/currentPassword', REQUIRED], ['/newPassword', REQUIRED], ['/confirmPassword', 'jquery.validation.field.required']]],
  ['expired: no old password (§5 required in expired mode)', true, pair('Abcdefg1'), [['/currentPassword', REQUIRED]]],
  ['expired: an empty old password', true, { currentPassword: '', ...pair('Abcdefg1') }, [['/currentPassword', REQUIRED]]],
  ['expired: an old password of 64 characters (§5 max 64)', true, { currentPassword: 'o'.repeat(64), ...pair('Abcdefg1') }, []],
  ['expired: an old password of 65 characters', true, { currentPassword: 'o'.repeat(65), ...pair('Abcdefg1') }, [['/currentPassword', 'jquery.validation.maxlength']]],
  ['expired: a confirmation that differs', true, { currentPassword: 'Demo!Member2026', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg' }, [['/confirmPassword', CONFIRM]]],
];

/** §5 policy per demo organisation, in both modes: one password just allowed, one just refused. */
const policyRows: [DemoOrgId, string, string][] = [
  ['springfield', 'abcdefg1', 'abcdef1'],
  ['acme', 'abcdef1!', 'abcdefg1'],
  ['fedagency', 'Abcdefghij1!', 'Abcdefghi1!'],
];

describe('reset-password form (§5 Reset)', () => {
  it.each(rows)('%s', (_name, expiredPassword, data, expected) => {
    const form = formOf('acme', expiredPassword);
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it('after forgot-password draws the new password and its confirmation only, the same in every mode', () => {
    const form = formOf('acme', false);
    expect(Object.keys(form.schema.properties ?? {})).toEqual(['newPassword', 'confirmPassword']);
    expect(form.uiSchema['ui:order']).toEqual(['newPassword', 'confirmPassword']);
    expect(form.uiSchema).not.toHaveProperty('currentPassword');
    for (const mode of ['edit', 'review'] as FormMode[]) expect(formOf('acme', false, mode)).toEqual(form);
  });

  it('in expired mode is the change-password form (§4 "change-password mode")', () => {
    const { settings, flags } = fixtureOrgs.acme;
    expect(formOf('acme', true)).toEqual(buildChangePasswordSchema(settings, { featureFlags: flags }, 'signup'));
  });
});

describe('reset-password policy per organisation (§5 password)', () => {
  it.each(policyRows)('%s: %j allowed, %j refused, with and without the old password', (orgId, allowed, refused) => {
    for (const expiredPassword of [false, true]) {
      const form = formOf(orgId, expiredPassword);
      const old = expiredPassword ? { currentPassword: 'Demo!Member2026' } : {};
      for (const errorsOf of [browserErrors, serverErrors]) {
        expect(keysOf(errorsOf(form, { ...old, ...pair(allowed) }))).toEqual([]);
        expect(keysOf(errorsOf(form, { ...old, ...pair(refused) }))).toEqual([['/newPassword', POLICY]]);
      }
    }
  });
});
