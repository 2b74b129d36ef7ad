/** §5 Forgot username rules, run through the browser's and the server's validator alike. */
import { describe, expect, it } from 'vitest';
import { buildForgotUsernameSchema } from '../../schemas/forms/buildForgotUsernameSchema.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const { settings, flags } = fixtureOrgs.springfield;
const form = buildForgotUsernameSchema(settings, { featureFlags: flags }, 'signup');

/** An address of exactly `length` characters that is well formed. */
const emailOf = (length: number) => `${'m'.repeat(length - '@example.com'.length)}@example.com`;

const rows: [string, Record<string, unknown>, [string, string][]][] = [
  ['a valid address', { email: 'member@example.com' }, []],
  ['no address (§5 required)', {}, [['/email', 'jquery.validation.field.required']]],
  ['an empty address (§5 "email required")', { email: '' }, [['/email', 'jquery.validation.field.required']]],
  ['blanks only: trimmed (§5) to empty', { email: '   ' }, [['/email', 'jquery.validation.field.required']]],
  ['blanks around an address are trimmed', { email: '  member@example.com ' }, []],
  ['an address without a domain (§5 valid)', { email: 'member@' }, [['/email', 'jquery.validation.email']]],
  ['an address without a dotted domain', { email: 'member@localhost' }, [['/email', 'jquery.validation.email']]],
  ['two at signs', { email: 'me@mber@example.com' }, [['/email', 'jquery.validation.email']]],
  ['an address of 80 characters (§5 max 80)', { email: emailOf(80) }, []],
  ['an address of 81 characters', { email: emailOf(81) }, [['/email', 'jquery.validation.maxlength']]],
  ['an address of 6 characters (§9 email 6–80)', { email: 'a@b.co' }, []],
  ['a well-formed address of 5 characters', { email: 'a@b.c' }, [['/email', 'jquery.validation.email']]],
  ['a number instead of text', { email: 42 }, [['/email', 'jquery.validation.invalid']]],
  ['an unknown address is the server\'s answer, not the schema\'s', { email: 'nobody@example.org' }, []],
];

describe('forgot-username form (§5 Forgot username)', () => {
  it.each(rows)('%s', (_name, data, expected) => {
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it('passes the field label with "required" and the limit with "maxlength"', () => {
    expect(serverErrors(form, {})).toEqual([
      { pointer: '/email', key: 'jquery.validation.field.required', params: { label: 'forgotUsername.email.label' } },
    ]);
    expect(browserErrors(form, { email: emailOf(81) })).toEqual([
      { pointer: '/email', key: 'jquery.validation.maxlength', params: { limit: 80, label: 'forgotUsername.email.label' } },
    ]);
  });

  it('draws an e-mail input, the same in every mode (there is no review page)', () => {
    expect(form.uiSchema.email).toEqual({
      'ui:widget': 'email', 'ui:autocomplete': 'email',
      // §5 "known": checked with the server as the member leaves the field.
      'ui:options': { asyncCheck: 'knownEmail', asyncCheckMessage: 'ssp.forgotUsername.email.invalid' },
    });
    for (const mode of ['edit', 'review'] as FormMode[]) {
      expect(buildForgotUsernameSchema(settings, { featureFlags: flags }, mode)).toEqual(form);
    }
  });
});
