/**
 * The profile page (§2 profile page; §4 profile edit; §8 save messages; issue 12 "Screens: Profile"),
 * booted as a whole page in happy-dom against the real API (tests/ui/globalSetup.ts): drawn from
 * `GET …/profile` and `GET …/contactPaths`, saved with `POST …/profile`. The members are this file's
 * own, so demo.member stays as the other tests expect it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import type { DemoDeliveries } from '../../schemas/api/demo.ts';
import type { ContactPathsAnswer, ProfileAnswer } from '../../schemas/api/profile.ts';
import { navigation } from '../../src/api/client.ts';
import { bootPage } from './bootPage.tsx';
import { settled, visit } from './visit.ts';

vi.setConfig({ testTimeout: 30_000 });

let serial = 0;
const freshName = (stem: string) => `${stem}.${Date.now().toString(36)}.${++serial}`;

/** A member of this file's own in `orgId`, signed in on happy-dom's session. */
async function signedInMember(orgId: string): Promise<{ contactId: number; username: string }> {
  await fetch(`/rest/init/csrf?orgId=${orgId}`);
  const username = freshName('ui.profile');
  const response = await fetch(`/test/createMember?orgId=${orgId}`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Profile!Passw0rd', email: `${username}@example.org`, signIn: true }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return { contactId: (JSON.parse(body) as { contactId: number }).contactId, username };
}

async function storedProfile(orgId: string, contactId: number): Promise<ProfileAnswer> {
  const response = await fetch(`/${orgId}/${contactId}/profile`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.status).toBe(200);
  return (await response.json()) as ProfileAnswer;
}

/**
 * A save outside the page (another window): `POST …/profile` with the session's CSRF token. With
 * `reachable`, an e-mail address and a TTY number too, as many ways to reach the member as the demo
 * organisations ask for (§5 contact-path minimum: springfield 1, acme 2).
 */
async function saveElsewhere(orgId: string, contactId: number, fields: Record<string, string>, { reachable = false } = {}) {
  const { csrfToken } = (await (await fetch(`/rest/init/csrf?orgId=${orgId}`)).json()) as { csrfToken: string };
  const stored = await storedProfile(orgId, contactId);
  const { contactPaths } = (await (await fetch(`/${orgId}/${contactId}/contactPaths`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as ContactPathsAnswer;
  const pathId = (type: string) => contactPaths.find((path) => path.type === type)!.pathId;
  const contactPath = [
    { pathId: pathId('EMAIL'), value: `reach.${contactId}@example.org` },
    { pathId: pathId('TTYTDD'), value: '2015550123', countryCode: 'US' },
  ];
  const profile = Object.entries(fields).map(([name, value]) => ({
    profileId: stored.profiles.find((entry) => entry.fieldName === name)?.profileId ?? 0, name, value,
  }));
  const response = await fetch(`/${orgId}/${contactId}/profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-CSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
    body: new URLSearchParams({
      profile: JSON.stringify(profile), profileVersion: String(stored.profileVersion), ...(reachable ? { contactPath: JSON.stringify(contactPath) } : {}),
    }).toString(),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
}

const control = <T extends HTMLElement = HTMLInputElement>(pointer: string) => {
  const element = document.getElementById(`profile${pointer}`);
  if (!element) throw new Error(`no control for ${pointer}`);
  return element as T;
};

async function typeInto(pointer: string, text: string) {
  const input = control(pointer);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

async function openProfile(path: string) {
  bootPage(path);
  await screen.findByRole('heading', { name: en['page.title.profile'], level: 1 });
  await waitFor(() => expect(document.getElementById('profile/firstName')).not.toBeNull());
  await settled();
}

const saveButton = () => screen.getByRole('button', { name: en['profile.save.button'] });

let assigned: string[];
const realAssign = navigation.assign;

beforeEach(async () => {
  visit('/springfield/login');
  for (const orgId of ['springfield', 'acme']) await fetch(`/logout/${orgId}`, { redirect: 'manual' });
  assigned = [];
  navigation.assign = (url: string) => {
    assigned.push(url);
  };
});

afterEach(() => {
  navigation.assign = realAssign;
});

describe('the profile page (§2)', () => {
  it('draws the member\'s profile and paths, with Save, Cancel to home and the change-password button', async () => {
    visit('/springfield/my-profile');
    const { username } = await signedInMember('springfield');
    await openProfile('/springfield/my-profile');
    expect(control('/username').value).toBe(username);
    expect(control('/firstName').value).toBe('Test');
    expect(control('/lastName').value).toBe(username);
    expect(control('/email').value).toBe(`${username}@example.org`);
    expect(screen.getByRole('group', { name: en['contactPaths.title'] })).toBeInstanceOf(HTMLElement);
    expect(saveButton()).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['profile.cancel.button'] }).getAttribute('href')).toBe('/springfield/home');
    expect(screen.getByRole('button', { name: en['home.account.changePassword'] })).toBeInstanceOf(HTMLElement);
    // §2 receive-notification toggles only in logged-in edit mode.
    expect(screen.getAllByRole('switch', { name: en['contactPath.pathEnable.label'] }).length).toBeGreaterThan(0);
  });

  it('disables Move up on the first path and Move down on the last; a move reorders the list', async () => {
    visit('/springfield/my-profile');
    await signedInMember('springfield');
    await openProfile('/springfield/my-profile');
    const items = () => [...document.querySelectorAll<HTMLElement>('li.contact-path')];
    const [first] = items();
    const last = items().at(-1)!;
    const button = (item: HTMLElement, direction: 'up' | 'down') => item.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`)!;
    expect(button(first!, 'up').disabled).toBe(true);
    expect(button(first!, 'down').disabled).toBe(false);
    expect(button(last, 'down').disabled).toBe(true);
    expect(button(last, 'up').disabled).toBe(false);
    const secondId = items()[1]!.dataset.pathId;
    await userEvent.click(button(items()[1]!, 'up'));
    expect(items()[0]!.dataset.pathId).toBe(secondId);
    expect(button(items()[0]!, 'up').disabled).toBe(true);
  });

  it('asks for call-out confirmation when an SMS path\'s country changes to the US (§4); declining puts the country back', async () => {
    visit('/springfield/my-profile');
    await signedInMember('springfield');
    await openProfile('/springfield/my-profile');
    const sms = document.querySelector<HTMLElement>('li.contact-path[data-path-id="2"]')!;
    const country = () => sms.querySelector<HTMLSelectElement>('select[id$="/countryCode"]')!;
    const question = () => screen.queryByRole('dialog', { name: en['profile.sms.callout.title'] });
    expect(country().value).toBe('US');

    await userEvent.selectOptions(country(), 'CA');
    expect(country().value).toBe('CA');
    expect(question(), 'away from the US: nothing to confirm').toBeNull();

    await userEvent.selectOptions(country(), 'US');
    const dialog = await screen.findByRole('dialog', { name: en['profile.sms.callout.title'] });
    expect(within(dialog).getByText(en['profile.sms.callout.confirm'])).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: en['profile.sms.callout.accept'] }));
    await userEvent.click(within(dialog).getByRole('button', { name: en['profile.sms.callout.revert'] }));
    expect(question()).toBeNull();
    expect(country().value).toBe('CA');

    await userEvent.selectOptions(country(), 'US');
    await userEvent.click(within(await screen.findByRole('dialog', { name: en['profile.sms.callout.title'] })).getByRole('button', { name: en['profile.sms.callout.accept'] }));
    expect(question()).toBeNull();
    expect(country().value).toBe('US');

    // The phone path (not SMS) changes country without a question.
    const phone = document.querySelector<HTMLElement>('li.contact-path[data-path-id="3"]')!;
    const phoneCountry = phone.querySelector<HTMLSelectElement>('select[id$="/countryCode"]')!;
    await userEvent.selectOptions(phoneCountry, 'CA');
    await userEvent.selectOptions(phoneCountry, 'US');
    expect(question()).toBeNull();
  });

  it('blocks a save below the contact-path minimum and names the number (§4, §5)', async () => {
    visit('/springfield/my-profile');
    const { contactId } = await signedInMember('springfield');
    const before = await storedProfile('springfield', contactId);
    await openProfile('/springfield/my-profile');
    await typeInto('/firstName', 'Unreachable');
    await userEvent.click(saveButton());
    expect((await screen.findAllByText('Please provide at least 1 way to reach you.')).length).toBeGreaterThan(0);
    expect((await storedProfile('springfield', contactId)).profileVersion).toBe(before.profileVersion);
  });

  it('saves in edit mode: ssp.save.success, the page stays and shows the stored data', async () => {
    visit('/springfield/my-profile');
    const { contactId } = await signedInMember('springfield');
    await saveElsewhere('springfield', contactId, {}, { reachable: true });
    await openProfile('/springfield/my-profile');
    await typeInto('/firstName', 'Renamed');
    await userEvent.click(saveButton());
    expect(await screen.findByText(en['ssp.save.success'])).toBeInstanceOf(HTMLElement);
    expect((await storedProfile('springfield', contactId)).firstName).toBe('Renamed');
    await waitFor(() => expect(control('/firstName').value).toBe('Renamed'));
    expect(window.location.pathname).toBe('/springfield/my-profile');
  });

  it('shows a refused save\'s §5 key beside its field and changes nothing (external id taken, acme)', async () => {
    visit('/acme/my-profile');
    const holder = await signedInMember('acme');
    const externalId = freshName('EXT').slice(0, 40);
    await saveElsewhere('acme', holder.contactId, { externalId }, { reachable: true });
    await fetch('/logout/acme', { redirect: 'manual' });
    const { contactId } = await signedInMember('acme');
    await saveElsewhere('acme', contactId, {}, { reachable: true });
    const before = await storedProfile('acme', contactId);
    await openProfile('/acme/my-profile');
    await typeInto('/firstName', 'Changed');
    await typeInto('/externalId', externalId);
    // At once, before the field's own check (debounced) has answered: the server refuses it.
    await userEvent.click(saveButton());
    const field = control('/externalId').closest('.field') as HTMLElement;
    expect(await within(field).findByText(en['jquery.validation.externalId'])).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText(en['ssp.save.success'])).toBeNull();
    const after = await storedProfile('acme', contactId);
    expect(after.firstName).toBe(before.firstName);
    expect(after.externalId).toBe(before.externalId);
    expect(after.profileVersion).toBe(before.profileVersion);
  });

  it('explains a save over a profile changed elsewhere (409) and draws the stored profile again', async () => {
    visit('/springfield/my-profile');
    const { contactId } = await signedInMember('springfield');
    await saveElsewhere('springfield', contactId, {}, { reachable: true });
    await openProfile('/springfield/my-profile');
    await saveElsewhere('springfield', contactId, { firstName: 'Elsewhere' });
    await typeInto('/lastName', 'Mine');
    await userEvent.click(saveButton());
    expect(await screen.findByText(en['profile.conflict.reloaded'])).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(control('/firstName').value).toBe('Elsewhere'));
    expect(control('/lastName').value).not.toBe('Mine');
    expect((await storedProfile('springfield', contactId)).lastName).not.toBe('Mine');
  });

  it('in the sign-up step, one submit saves and goes to the next step (springfield: locations)', async () => {
    visit('/springfield/new/account/profile');
    const { contactId } = await signedInMember('springfield');
    await saveElsewhere('springfield', contactId, {}, { reachable: true });
    await openProfile('/springfield/new/account/profile');
    expect(screen.queryByRole('link', { name: en['profile.cancel.button'] })).toBeNull();
    expect(screen.queryByRole('switch', { name: en['contactPath.pathEnable.label'] })).toBeNull();
    await typeInto('/firstName', 'Stepper');
    await userEvent.click(screen.getByRole('button', { name: en['profile.continue.button'] }));
    await waitFor(() => expect(window.location.pathname).toBe('/springfield/new/account/mylocation'));
    expect((await storedProfile('springfield', contactId)).firstName).toBe('Stepper');
  });
});

describe('confirmed contact paths (issue 12)', () => {
  /** The newest code the delivery outbox holds for `to` (no SMS API in the UI tests' server: the demo mailbox's outbox). */
  async function codeSentTo(to: string): Promise<string> {
    const { deliveries } = (await (await fetch('/rest/demo/deliveries?orgId=springfield')).json()) as DemoDeliveries;
    const text = deliveries.find((delivery) => delivery.kind === 'confirmation' && delivery.recipient === to)?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code went to ${to}`);
    return code;
  }

  const uniqueNumber = () => `217555${String(1000 + (Date.now() % 9000)).slice(-4)}`;
  const codeField = () => screen.findByLabelText(/^Code sent to SMS/);

  it('after a save, asks for the code the new SMS number was sent; a wrong code says the attempts left, the right one confirms the path', async () => {
    visit('/springfield/my-profile');
    const { contactId, username } = await signedInMember('springfield');
    await openProfile('/springfield/my-profile');
    const number = uniqueNumber();
    const valueOf = (pathId: number) => document.querySelector<HTMLInputElement>(`li.contact-path[data-path-id="${pathId}"] input[id$="/value"]`)!;
    // springfield's Work Email path is mandatory: it gets a value (and a code) too.
    await userEvent.type(valueOf(1), `${username}@example.org`);
    await userEvent.type(valueOf(2), number);
    await userEvent.click(saveButton());
    expect(await screen.findByText(en['ssp.save.success'])).toBeInstanceOf(HTMLElement);

    const section = await screen.findByRole('region', { name: en['pathConfirmation.title'] });
    expect(within(section).getAllByRole('textbox').length, 'the e-mail path and the SMS path').toBe(2);
    const field = await codeField();
    const form = within(field.closest('form')!);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(form.getByText(en['pathConfirmation.receives'])).toBeInstanceOf(HTMLElement);
    const code = await codeSentTo(`+1${number}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    await userEvent.click(form.getByRole('button', { name: en['pathConfirmation.confirm'] }));
    expect(form.getByRole('alert').textContent).toBe(en['pathConfirmation.code.required']);
    await userEvent.type(field, wrong);
    await userEvent.click(form.getByRole('button', { name: en['pathConfirmation.confirm'] }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('That code is not right. Attempts left: 4.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, code);
    await userEvent.click(form.getByRole('button', { name: en['pathConfirmation.confirm'] }));
    expect((await within(section).findByRole('status')).textContent).toBe('SMS is confirmed.');
    const { contactPaths } = (await (await fetch(`/springfield/${contactId}/contactPaths`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as ContactPathsAnswer;
    expect(contactPaths.find((path) => path.pathId === 2)?.confirmed).toBe(true);
    expect(contactPaths.find((path) => path.pathId === 1)?.confirmed).toBe(false);
  });

  it('marks the path on home in words, refuses a new code within the minute, and drops the mark once confirmed there', async () => {
    visit('/springfield/home');
    const { contactId } = await signedInMember('springfield');
    const { csrfToken } = (await (await fetch('/rest/init/csrf?orgId=springfield')).json()) as { csrfToken: string };
    const number = uniqueNumber();
    const { profileVersion } = await storedProfile('springfield', contactId);
    const saved = await fetch(`/springfield/${contactId}/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-CSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      body: new URLSearchParams({ contactPath: JSON.stringify([{ pathId: 2, value: number, countryCode: 'US' }]), profileVersion: String(profileVersion) }).toString(),
    });
    expect(await saved.json()).toMatchObject({ status: 'yes', confirmationSent: [2] });

    bootPage('/springfield/home');
    const marker = await screen.findByText(en['pathConfirmation.marker']);
    expect(marker.closest('li.summary-path')?.querySelector('h3')?.textContent).toBe('SMS');
    const section = await screen.findByRole('region', { name: en['pathConfirmation.title'] });
    await userEvent.click(within(section).getByRole('button', { name: en['pathConfirmation.resend'] }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);

    await userEvent.type(await codeField(), await codeSentTo(`+1${number}`));
    await userEvent.click(within(section).getByRole('button', { name: en['pathConfirmation.confirm'] }));
    expect((await within(section).findByRole('status')).textContent).toBe('SMS is confirmed.');
    await waitFor(() => expect(screen.queryByText(en['pathConfirmation.marker'])).toBeNull());
  });
});
