/**
 * useSubmission with SchemaForm and FormAlert, as the sign-in screens use them (issue 11): while a
 * submit is in flight the button says what it does ("Signing in…", the login builder's busy label),
 * stays focusable (aria-disabled) and a second press sends nothing; a refusal's message above the
 * form takes the focus; a new submit clears it.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLoginSchema } from '../../../schemas/forms/buildLoginSchema.ts';
import { FEATURE_FLAGS_OFF } from '../../../schemas/featureFlags.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../../schemas/orgSettings.ts';
import { FormAlert, SchemaForm, useSubmission, type SubmitOutcome } from '../../../src/forms/index.ts';
import { compiledFormValidator } from '../../support/compiledValidator.ts';
import { formI18n } from './formI18n.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

type Data = { username?: string; password?: string };
const form = buildLoginSchema(resolveOrgSettings({ orgName: 'Test' } as OrgSettingsInput), { featureFlags: FEATURE_FLAGS_OFF }, 'signup');

/** A login-like screen whose sends wait until the test answers them. */
function setup() {
  const pending: ((outcome: SubmitOutcome<Data>) => void)[] = [];
  function Screen() {
    const submission = useSubmission<Data>({ username: 'demo.member', password: 'wrong' }, () => new Promise((resolve) => pending.push(resolve)));
    return (
      <>
        <FormAlert message={submission.message} />
        <SchemaForm<Data> idPrefix="login" form={form} validator={compiledFormValidator(form.schema)} {...submission.form} submitLabelKey="login.submit" />
      </>
    );
  }
  render(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>);
  return pending;
}

describe('a submit in flight and its refusal', () => {
  it('says "Signing in…", stays focusable, ignores a second press, then focuses the refusal; a new submit clears it', async () => {
    const user = userEvent.setup();
    const pending = setup();
    // The renderer is loaded lazily (src/forms/LazySchemaForm.tsx).
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(pending).toHaveLength(1);
    const busy = screen.getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(false);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    expect(pending).toHaveLength(1);

    await act(async () => pending[0]!({ kind: 'refused', errors: [], message: { key: 'login.failed' } }));
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBeNull();

    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pending).toHaveLength(2);
  });
});
