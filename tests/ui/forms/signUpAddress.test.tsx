/**
 * The sign-up address widget (`'ui:widget': 'signUpAddress'`, §2 sign-up location information, §4
 * Address verification) drawn from the sign-up builder's output alone, as the admin preview draws it:
 * the same fields, verify button, dialog and summary as on the sign-up page (tests/ui/signUp.test.tsx
 * walks them there against the server), and no location map beside the fields.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../public/i18n/en_US.json' with { type: 'json' };
import { buildSignUpSchema } from '../../../schemas/forms/buildSignUpSchema.ts';
import type { UiSchema } from '../../../schemas/forms/types.ts';
import { fixtureOrgs } from '../../fixtures/orgs.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

// The sign-up form is large: typing into it with user-event takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

const springfield = fixtureOrgs.springfield!;
const signUp = () => buildSignUpSchema(springfield.settings, { featureFlags: springfield.flags, signUpVariant: 'standard' }, 'signup');
const control = (pointer: string) => document.getElementById(`preview${pointer}`) as HTMLInputElement | null;
const verifyButton = () => screen.getByRole('button', { name: en['signup.location.verify.button'] }) as HTMLButtonElement;

describe('signUpAddress widget', () => {
  it('draws the address fields and the verify button, not the location map, and hides the coordinates', () => {
    renderForm(i18n, signUp(), { idPrefix: 'preview' });
    expect((signUp().uiSchema.address as UiSchema)['ui:widget']).toBe('signUpAddress');
    expect(control('/address/streetAddress')).toBeInstanceOf(HTMLInputElement);
    expect(verifyButton().disabled).toBe(true);
    expect(document.querySelector('.location-widget')).toBeNull();
    expect(control('/address/lat')?.closest('[hidden]')).not.toBeNull();
  });

  it('verifies in the dialog, then shows the summary with Edit, View on map and Delete; Edit returns to the fields', async () => {
    const user = userEvent.setup();
    renderForm(i18n, signUp(), { idPrefix: 'preview' });
    await user.type(control('/address/locationName')!, 'Home');
    await user.type(control('/address/streetAddress')!, '742 Evergreen Terrace');
    await user.click(verifyButton());
    const dialog = await screen.findByRole('dialog', { name: en['signup.location.verify.title'] });
    await user.click(within(dialog).getByRole('button', { name: en['form.location.place'] }));
    await user.click(within(dialog).getByRole('button', { name: en['signup.location.verify.confirm'] }));

    expect(await screen.findByText(en['signup.location.verified'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('742 Evergreen Terrace')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: en['signup.location.viewOnMap'] })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: en['signup.location.delete'] })).toBeInstanceOf(HTMLElement);
    expect(control('/address/streetAddress')).toBeNull();

    await user.click(screen.getByRole('button', { name: en['signup.location.edit'] }));
    expect(control('/address/streetAddress')?.value).toBe('742 Evergreen Terrace');
    await waitFor(() => expect(document.activeElement).toBe(control('/address/locationName')));
  });
});
