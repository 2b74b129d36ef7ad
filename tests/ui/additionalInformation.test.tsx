/**
 * §2 Additional information (issue 12) in happy-dom against the real API (tests/ui/globalSetup.ts):
 * acme's custom fields on the member's page my-additionalInformation, the sign-up step
 * new/account/additionalInformation and its edit page; a refused save shows the grouped error summary
 * and the field's message, a good one says 'ssp.save.success' and stays; the step has no Skip while a
 * field is mandatory and goes on to review; Cancel goes home; edit- has its back link to review. The
 * member is this file's own, so the demo member's values stay as seeded.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';
import { settled, visit } from './visit.ts';

vi.setConfig({ testTimeout: 30_000 });

let members = 0;
/** A new acme member of this file, signed in on this browser's session. */
async function signInNewMember(): Promise<number> {
  visit('/acme/login');
  await fetch('/logout/acme', { redirect: 'manual' });
  await fetch('/rest/init/csrf?orgId=acme');
  const username = `custom.ui.${process.pid}.${++members}`;
  const response = await fetch('/test/createMember?orgId=acme', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Custom!Fields2026', email: `${username}@example.org`, signIn: true }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return (JSON.parse(body) as { contactId: number }).contactId;
}

async function openPage(path: string) {
  bootPage(path);
  await screen.findByRole('heading', { name: en['page.title.additionalInformation'], level: 1 });
  await settled();
  await screen.findByLabelText(/^Department/);
}

beforeEach(() => {
  document.cookie = 'entryFromPublicPortal=; path=/acme; max-age=0';
});

describe('my-additionalInformation', () => {
  it('refuses a save without the mandatory Department (error summary, message at the field), then saves and says so, staying', async () => {
    const contactId = await signInNewMember();
    await openPage('/acme/my-additionalInformation');
    const user = userEvent.setup();
    // Start date is read-only (§6); the others can be filled in.
    expect((screen.getByLabelText(/^Start date/) as HTMLInputElement).readOnly || (screen.getByLabelText(/^Start date/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: en['additionalInformation.skip'] })).toBeNull();
    expect(screen.getByRole('link', { name: en['additionalInformation.cancel'] }).getAttribute('href')).toBe('/acme/home');

    await user.type(screen.getByLabelText(/^Badge number/), '12a');
    await user.click(screen.getByRole('button', { name: en['additionalInformation.save'] }));
    const summary = await screen.findByRole('heading', { name: en['form.errorSummary.title'] });
    const list = within(summary.closest('div, section, [role="alert"]') as HTMLElement);
    expect(list.getByText(new RegExp(`Department`))).toBeInstanceOf(HTMLElement);
    expect(list.getByText(/Badge number/)).toBeInstanceOf(HTMLElement);
    expect(screen.getByLabelText(/^Department/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Badge number/).getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(screen.getByLabelText(/^Department/), 'Finance');
    await user.clear(screen.getByLabelText(/^Badge number/));
    await user.type(screen.getByLabelText(/^Badge number/), '4711');
    await user.click(screen.getByRole('checkbox', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: en['additionalInformation.save'] }));
    await screen.findByText(en['ssp.save.success']);
    expect(window.location.pathname).toBe('/acme/my-additionalInformation');

    const stored = (await (await fetch(`/acme/${contactId}/customFields`)).json()) as { customFields: { attrId: number; savedValues: string[] }[] };
    expect(Object.fromEntries(stored.customFields.map((field) => [field.attrId, field.savedValues]))).toEqual({ 11: ['Finance'], 12: ['4711'], 13: [], 14: ['Spanish'] });

    // A reload shows the saved values.
    await openPage('/acme/my-additionalInformation');
    expect((screen.getByLabelText(/^Department/) as HTMLSelectElement).value).toBe('Finance');
    expect((screen.getByLabelText(/^Badge number/) as HTMLInputElement).value).toBe('4711');
    expect((screen.getByRole('checkbox', { name: 'Spanish' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends Cancel to portal-home for a member who came from the public portal', async () => {
    await signInNewMember();
    document.cookie = 'entryFromPublicPortal=true; path=/acme';
    await openPage('/acme/my-additionalInformation');
    expect(screen.getByRole('link', { name: en['additionalInformation.cancel'] }).getAttribute('href')).toBe('/acme/portal-home');
  });
});

describe('the sign-up step and its edit page', () => {
  it('the step has no Skip while Department is mandatory, and Save and continue goes on to review', async () => {
    await signInNewMember();
    await openPage('/acme/new/account/additionalInformation');
    expect(screen.queryByRole('link', { name: en['additionalInformation.skip'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['additionalInformation.cancel'] })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/^Department/), 'Engineering');
    await user.click(screen.getByRole('button', { name: en['additionalInformation.saveAndContinue'] }));
    await waitFor(() => expect(window.location.pathname).toBe('/acme/new/account/review'));
  });

  it('the edit page links back to review and to home', async () => {
    await signInNewMember();
    await openPage('/acme/new/account/edit-additionalInformation');
    expect(screen.getByRole('link', { name: en['additionalInformation.backToReview'] }).getAttribute('href')).toBe('/acme/new/account/review');
    expect(screen.getByRole('link', { name: en['additionalInformation.cancel'] }).getAttribute('href')).toBe('/acme/home');
    expect(screen.getByRole('button', { name: en['additionalInformation.save'] })).toBeInstanceOf(HTMLElement);
  });
});
