/** §5 Login rules, run through the browser's and the server's validator alike. */
import { describe, expect, it } from 'vitest';
import { buildLoginSchema } from '../../schemas/forms/buildLoginSchema.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { browserErrors, keysOf, serverErrors } from '../support/formValidators.ts';

const form = buildLoginSchema(fixtureOrgs.springfield.settings, { featureFlags: fixtureOrgs.springfield.flags }, 'signup');

const rows: [string, Record<string, unknown>, [string, string][]][] = [
  ['both given', { username: 'demo.member', password: 'x' }, []],
  ['no username', { password: 'x' }, [['/username', 'login.username.enterUsername']]],
  ['an empty username', { username: '', password: 'x' }, [['/username', 'login.username.enterUsername']]],
  ['no password', { username: 'demo.member' }, [['/password', 'login.password.enterPassword']]],
  ['nothing', {}, [['/username', 'login.username.enterUsername'], ['/password', 'login.password.enterPassword']]],
  ['a username over 80', { username: 'u'.repeat(81), password: 'x' }, [['/username', 'jquery.validation.maxlength']]],
];

describe('login form (§5 Login)', () => {
  it.each(rows)('%s', (_name, data, expected) => {
    expect(keysOf(browserErrors(form, data))).toEqual(expected);
    expect(keysOf(serverErrors(form, data))).toEqual(expected);
  });

  it('passes the limit and the label as parameters', () => {
    const [error] = serverErrors(form, { username: 'u'.repeat(81), password: 'x' });
    expect(error).toEqual({ pointer: '/username', key: 'jquery.validation.maxlength', params: { limit: 80, label: 'login.username.label' } });
  });
});
