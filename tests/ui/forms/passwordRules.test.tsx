/**
 * §5 password rules before they bite (issue 11): a new password (its schema names a `passwordPolicy`,
 * as the sign-up, change- and reset-password builders write it) lists the organisation's rules under
 * the field, each met or not while typing, with one polite summary line; a refused password's message
 * names the rules it fails. A password without a policy (login, current password) lists nothing.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChangePasswordSchema } from '../../../schemas/forms/buildChangePasswordSchema.ts';
import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';
import { FEATURE_FLAGS_OFF } from '../../../schemas/featureFlags.ts';
import { resolveOrgSettings } from '../../../schemas/orgSettings.ts';
import type { OrgSettingsInput } from '../../../schemas/orgSettings.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const changePassword = (settings: Partial<OrgSettingsInput>) =>
  buildChangePasswordSchema(resolveOrgSettings({ orgName: 'Test', ...settings } as OrgSettingsInput), { featureFlags: FEATURE_FLAGS_OFF }, 'edit');

/** The checklist's rules as "text: met|not met". */
const rulesOf = (list: HTMLElement) => within(list).getAllByRole('listitem')
  .map((item) => `${item.firstChild?.textContent?.trim()}: ${item.classList.contains('rule-met') ? 'met' : 'not met'}`);

const newPasswordInput = () => screen.getByLabelText(/^New password/) as HTMLInputElement;
const checklist = () => document.getElementById(`${newPasswordInput().id}__rules`)!;

describe('the new-password checklist', () => {
  it('public policy: length, a letter, a digit, each updated while typing; the summary line is polite', async () => {
    const user = userEvent.setup();
    renderForm(i18n, changePassword({ isPublic: true }));
    const input = newPasswordInput();
    expect(input.getAttribute('aria-describedby')).toContain(`${input.id}__rules`);
    expect(rulesOf(checklist())).toEqual(['8 to 64 characters: not met', 'a letter: not met', 'a digit (0–9): not met']);
    const summary = checklist().querySelector('[aria-live]')!;
    expect(summary.getAttribute('aria-live')).toBe('polite');
    // Only the summary line is live, not each rule.
    expect(checklist().querySelectorAll('[aria-live]')).toHaveLength(1);
    expect(summary.textContent).toBe('');

    await user.type(input, 'abc');
    expect(rulesOf(checklist())).toEqual(['8 to 64 characters: not met', 'a letter: met', 'a digit (0–9): not met']);
    expect(summary.textContent).toBe('Still needed: 8 to 64 characters, a digit (0–9).');
    await user.type(input, 'defg1');
    expect(rulesOf(checklist())).toEqual(['8 to 64 characters: met', 'a letter: met', 'a digit (0–9): met']);
    expect(summary.textContent).toBe('Your password meets every rule.');
  });

  it('private policy: three of the four classes, each class shown met or not', async () => {
    const user = userEvent.setup();
    renderForm(i18n, changePassword({ isPublic: false }));
    await user.type(newPasswordInput(), 'Abcdefgh');
    expect(rulesOf(checklist())).toEqual([
      '8 to 64 characters: met',
      'at least three of these:: not met',
      'an upper-case letter (A–Z): met',
      'a lower-case letter (a–z): met',
      'a digit (0–9): not met',
      'a special character: ! @ # $ % ^ & * ( ): not met',
    ]);
  });

  it('FedRAMP: 12 to 64 characters and all four classes', () => {
    renderForm(i18n, changePassword({ isFedRAMPCustomer: true }));
    expect(rulesOf(checklist())[0]).toBe('12 to 64 characters: not met');
    expect(rulesOf(checklist())).toHaveLength(5);
  });

  it('names the rule a refused password fails, in its message', async () => {
    const user = userEvent.setup();
    renderForm(i18n, changePassword({ isPublic: true }));
    const input = newPasswordInput();
    await user.type(input, 'abcdefgh');
    await user.tab();
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const error = document.getElementById(describedBy[0]!)!;
    expect(error.textContent).toBe('Your password does not meet the password requirements. Still needed: a digit (0–9).');
  });

  it('private: a refusal names the three-of-four rule with its classes', async () => {
    const user = userEvent.setup();
    renderForm(i18n, changePassword({ isPublic: false }));
    await user.type(newPasswordInput(), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(/Still needed: three of the four kinds of character/).length).toBeGreaterThan(0);
  });

  it('lists no rules under a password that is not a new one (login, current password)', () => {
    renderForm(i18n, buildLoginSchema(resolveOrgSettings({ orgName: 'Test' } as OrgSettingsInput), { featureFlags: FEATURE_FLAGS_OFF }, 'signup'));
    expect(document.querySelector('.password-rules')).toBeNull();
    renderForm(i18n, changePassword({ isPublic: true }), { idPrefix: 'second' });
    const current = document.getElementById('second/currentPassword')!;
    expect(current.getAttribute('aria-describedby')).toBeNull();
  });
});
