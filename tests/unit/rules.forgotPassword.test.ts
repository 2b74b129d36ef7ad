/** §5 Forgot password rules, run through the browser's and the server's validator alike. */
import { describe, expect, it } from 'vitest';
import { buildForgotPasswordSchema } from '../../schemas/forms/buildForgotPasswordSchema.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const { settings, flags } = fixtureOrgs.acme;
const form = buildForgotPasswordSchema(settings, { featureFlags: flags }, 'signup');

const valid = { username: 'demo.member', email: 'member@example.com', securityAnswer: 'Springfield' };

const rows: [string, Record<string, unknown>, [string, string][]][] = [
  ['all three given', valid, []],
  ['nothing (§5 username, email, answer required)', {}, [
    ['/username', 'login.username.required'],
    ['/email', 'jquery.validation.field.required'],
    ['/securityAnswer', 'jquery.validation.field.required'],
  ]],
  ['no username', { ...valid, username: undefined }, [['/username', 'login.username.required']]],
  ['an empty username', { ...valid, username: '' }, [['/username', 'login.username.required']]],
  ['a username of 80 characters (§9 max 80)', { ...valid, username: 'u'.repeat(80) }, []],
  ['a username of 81 characters', { ...valid, username: 'u'.repeat(81) }, [['/username', 'jquery.validation.maxlength']]],
  ['no email', { ...valid, email: undefined }, [['/email', 'jquery.validation.field.required']]],
  ['an empty email (§5 "email required")', { ...valid, email: '' }, [['/email', 'jquery.validation.field.required']]],
  ['an email that is no address (§5 email: valid format)', { ...valid, email: 'member.example.com' }, [['/email', 'jquery.validation.email']]],
  ['an email of 81 characters (§9 max 80)', { ...valid, email: `${'m'.repeat(69)}@example.com` }, [['/email', 'jquery.validation.maxlength']]],
  ['an email that is not the login\'s is the server\'s answer (ssp.forgetpwd.email.error)', { ...valid, email: 'other@example.org' }, []],
  ['no answer', { ...valid, securityAnswer: undefined }, [['/securityAnswer', 'jquery.validation.field.required']]],
  ['an empty answer (shorter than 2)', { ...valid, securityAnswer: '' }, [['/securityAnswer', 'jquery.validation.minlength']]],
  ['an answer of blanks around one character: trimmed (§5), then too short', { ...valid, securityAnswer: '  a  ' }, [['/securityAnswer', 'jquery.validation.minlength']]],
  ['a username of blanks only: trimmed to empty', { ...valid, username: '   ' }, [['/username', 'login.username.required']]],
  ['an answer of 1 character (§5 min 2)', { ...valid, securityAnswer: 'a' }, [['/securityAnswer', 'jquery.validation.minlength']]],
  ['an answer of 2 characters', { ...valid, securityAnswer: 'ab' }, []],
  ['an answer of 120 characters (§5 max 120)', { ...valid, securityAnswer: 'a'.repeat(120) }, []],
  ['an answer of 121 characters', { ...valid, securityAnswer: 'a'.repeat(121) }, [['/securityAnswer', 'jquery.validation.maxlength']]],
];

describe('forgot-password form (§5 Forgot password)', () => {
  it.each(rows)('%s', (_name, data, expected) => {
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it('passes the answer limits and label as parameters', () => {
    expect(serverErrors(form, { ...valid, securityAnswer: 'a' })).toEqual([
      { pointer: '/securityAnswer', key: 'jquery.validation.minlength', params: { limit: 2, label: 'forgotPassword.securityAnswer.label' } },
    ]);
    expect(browserErrors(form, { ...valid, securityAnswer: 'a'.repeat(121) })).toEqual([
      { pointer: '/securityAnswer', key: 'jquery.validation.maxlength', params: { limit: 120, label: 'forgotPassword.securityAnswer.label' } },
    ]);
  });

  it('is the same form in every mode and for every organisation', () => {
    for (const mode of ['edit', 'review'] as FormMode[]) {
      expect(buildForgotPasswordSchema(settings, { featureFlags: flags }, mode)).toEqual(form);
    }
    const fed = fixtureOrgs.fedagency;
    expect(buildForgotPasswordSchema(fed.settings, { featureFlags: fed.flags }, 'signup')).toEqual(form);
  });
});
