/**
 * The sign-up pages (§2 new, new-profile; §4 Sign-up success, Address verification; §5) in happy-dom
 * against the real API (tests/ui/globalSetup.ts): the builder's sections, the terms gate, the live
 * username check, the verify-your-location dialog, a private invitation from the admin API to a
 * signed-in member, refusals inline or above the create button, invitation and public-profile links
 * that do not work, the public-portal variant, and the §2 universal-profile redirect.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import type { SignUpPayload } from '../../schemas/signUp/payload.ts';
import { api, navigation, setCsrfToken } from '../../src/api/client.ts';
import { paths } from '../../src/api/paths.ts';
import SignUpScreen from '../../src/screens/signUp/SignUpScreen.tsx';
import { universalProfileRedirect } from '../../schemas/universalProfile.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { bootPage } from './bootPage.tsx';
import { renderInOrg } from './renderInOrg.tsx';
import { settled, visit } from './visit.ts';

// Each sign-up waits for argon2 on the server (password and answer).
vi.setConfig({ testTimeout: 30_000 });

/** The control of the sign-up form that edits `pointer` (the form's ids are `signup` + pointer). */
const control = <T extends HTMLElement = HTMLInputElement>(pointer: string) => {
  const element = document.getElementById(`signup${pointer}`);
  if (!element) throw new Error(`no control for ${pointer}`);
  return element as T;
};
const createButton = () => screen.getByRole('button', { name: en['signup.create.button'] }) as HTMLButtonElement;

let serial = 0;
const freshUsername = (stem: string) => `${stem}.${Date.now().toString(36)}.${++serial}`;

/** A request outside happy-dom's cookie jar (another browser, or the administrator's tools). */
function nodeRequest(method: string, path: string, options: { cookie?: string; csrf?: string; json?: unknown } = {}) {
  const url = new URL(path, inject('apiBase'));
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise<{ status: number; cookies: string[]; body: unknown }>((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}),
      },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({
        status: response.statusCode ?? 0,
        cookies: (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!),
        body: text ? JSON.parse(text) : null,
      }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The demo administrator's session (admin API: cookie plus X-CSRF-TOKEN). */
async function adminSession() {
  const form = await nodeRequest('GET', '/admin/api/login');
  const login = await nodeRequest('POST', '/admin/api/login', {
    cookie: form.cookies.join('; '), csrf: (form.body as { csrfToken: string }).csrfToken, json: { username: 'admin', password: 'Demo!Admin2026' },
  });
  expect(login.status).toBe(200);
  return { cookie: login.cookies.join('; '), csrf: (login.body as { csrfToken: string }).csrfToken };
}

/** `POST /admin/api/orgs/:orgId/invitations`: an unregistered contact and its invitation link. */
async function invite(orgId: string, person: { firstName: string; lastName: string; email: string }) {
  const admin = await adminSession();
  const answer = await nodeRequest('POST', `/admin/api/orgs/${orgId}/invitations`, { ...admin, json: person });
  expect(answer.status).toBe(201);
  return answer.body as { contactId: number; url: string };
}

/** `POST /admin/api/orgs/:orgId/publicProfiles`: a public profile and its new-profile link. */
async function publicProfile(orgId: string, person: { firstName: string; lastName: string; email: string; phone?: string; countryCode?: string }) {
  const admin = await adminSession();
  const answer = await nodeRequest('POST', `/admin/api/orgs/${orgId}/publicProfiles`, { ...admin, json: person });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; token: string; url: string };
}

/** The signed-in account of happy-dom's session (§7 /rest/init/account). */
async function currentAccount(orgId: string) {
  return ((await (await fetch(`/rest/init/account?orgId=${orgId}`)).json()) as { account: { name: string; username: string | null } | null }).account;
}

async function typeInto(pointer: string, text: string) {
  const input = control(pointer);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

async function fillCredentials(values: { firstName?: string; lastName?: string; username: string; password: string; answer: string; email?: string }) {
  if (values.firstName !== undefined) await typeInto('/firstName', values.firstName);
  if (values.lastName !== undefined) await typeInto('/lastName', values.lastName);
  await typeInto('/username', values.username);
  await typeInto('/password', values.password);
  await typeInto('/securityAnswer', values.answer);
  if (values.email !== undefined) await typeInto('/email', values.email);
}

let assigned: string[];
const realAssign = navigation.assign;

beforeEach(async () => {
  // Each test starts as a visitor: a sign-up of an earlier test signed its session in.
  visit('/springfield/login');
  await fetch('/logout/springfield', { redirect: 'manual' });
  await fetch('/logout/acme', { redirect: 'manual' });
  assigned = [];
  navigation.assign = (url: string) => {
    assigned.push(url);
  };
  sessionStorage.clear();
});

afterEach(() => {
  navigation.assign = realAssign;
});

describe('the sign-up page of a public organisation (§2 new)', () => {
  it('starts the preferred language at the language the visitor reads the page in (issue 11)', async () => {
    document.cookie = 'language=es_ES; path=/';
    try {
      bootPage('/springfield/new');
      await screen.findByRole('heading', { level: 1 });
      await settled();
      expect(control<HTMLSelectElement>('/preferredLanguage').value).toBe('es_ES');
    } finally {
      document.cookie = 'language=; path=/; max-age=0';
    }
  });

  it('shows the builder\'s sections; the create button is never disabled: unticked terms are refused like any error', async () => {
    bootPage('/springfield/new');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInstanceOf(HTMLElement);
    await settled();
    await waitFor(() => expect(document.title).toBe('City of Springfield - Sign up'));
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([en['signup.section.account'], en['signup.section.contact'], en['signup.section.location'], en['signup.section.terms']]);
    expect(control<HTMLSelectElement>('/securityQuestion').value).toBe('question_eleven');
    expect(control<HTMLSelectElement>('/address/country').value).toBe('US');
    expect(within(control<HTMLSelectElement>('/address/country')).getByRole('option', { name: 'Canada' })).toBeInstanceOf(HTMLElement);
    expect(createButton().disabled).toBe(false);
    // The terms are the organisation's, or the built-in page; a new tab, without an opener.
    const terms = screen.getByRole('link', { name: `${en['form.terms.read']} ${en['form.link.newTab']}` });
    expect(terms.getAttribute('href')).toBe('/public/legal/terms.html');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    await userEvent.click(createButton());
    const summary = screen.getByRole('region', { name: en['form.errorSummary.title'] });
    expect(document.activeElement).toBe(within(summary).getByRole('heading'));
    expect(within(summary).getByRole('link', { name: `${en['signup.accept.label']}: ${en['ssp.signup.terms.required']}` })).toBeInstanceOf(HTMLElement);
    expect(control('/accept').getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(control('/accept'));
    expect(control('/accept').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the username live: a taken one gets ssp.login.username.exist, a free one nothing', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await typeInto('/username', 'Demo.Member');
    expect(await screen.findByText(en['ssp.login.username.exist'], {}, { timeout: 3000 })).toBeInstanceOf(HTMLElement);
    await typeInto('/username', freshUsername('free.name'));
    await waitFor(() => expect(screen.queryByText(en['ssp.login.username.exist'])).toBeNull(), { timeout: 3000 });
  });

  it('verifies the location in the dialog (Leaflet only then), creates the account and loads the member\'s home', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    const username = freshUsername('ada');
    await fillCredentials({ firstName: 'Ada', lastName: 'Lovelace', username, password: 'Spring2026field', answer: 'Analytical', email: 'ada@example.org' });

    const verify = screen.getByRole('button', { name: en['signup.location.verify.button'] }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    expect(document.querySelector('.leaflet-container')).toBeNull();
    await typeInto('/address/locationName', 'Home');
    await typeInto('/address/streetAddress', '742 Evergreen Terrace');
    await typeInto('/address/city', 'Springfield');
    await typeInto('/address/state', 'IL');
    expect(verify.disabled).toBe(false);
    expect(document.querySelector('.leaflet-container')).toBeNull();

    // springfield geocodes (addressSetting.geocodingType 'Automatic'): the server's offline gazetteer
    // finds the town, offered as A and chosen, its point on the map; "show us" stays possible.
    await userEvent.click(verify);
    const dialog = await screen.findByRole('dialog', { name: en['signup.location.verify.title'] });
    expect(dialog.textContent).toContain('742 Evergreen Terrace');
    const confirm = within(dialog).getByRole('button', { name: en['signup.location.verify.confirm'] }) as HTMLButtonElement;
    const first = await within(dialog).findByRole('radio', { name: 'A 742 Evergreen Terrace, Springfield, IL, United States' }, { timeout: 20_000 });
    await waitFor(() => expect((first as HTMLInputElement).checked).toBe(true));
    expect(within(dialog).getByRole('radio', { name: en['signup.location.candidates.showUs'] })).toBeInstanceOf(HTMLElement);
    expect(within(dialog).getByText(en['signup.location.candidates.townOnly'])).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(dialog.querySelector('.leaflet-container')).not.toBeNull());
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);

    // The point is asked about first (springfield has a geofence): the dialog closes with the answer.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = await screen.findByText(en['signup.location.verified']);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.getByRole('button', { name: en['signup.location.viewOnMap'] })).toBeInstanceOf(HTMLElement);
    expect(document.getElementById('signup/address/streetAddress')).toBeNull();

    await userEvent.click(control('/accept'));
    await userEvent.click(createButton());
    await waitFor(() => expect(assigned).toEqual(['/springfield/new/account/mylocation']), { timeout: 10_000 });
    expect(await currentAccount('springfield')).toMatchObject({ name: 'Ada Lovelace', username });
    // The rotated session's CSRF token is the one the app now sends.
    expect((await api.post(paths.changeLanguage('en_US'))).status).toBe(200);
  });

  it('keeps the dialog open with the out-of-area alert for a place outside the geofence (§4, §8)', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await typeInto('/address/locationName', 'Cabin');
    await typeInto('/address/streetAddress', '1 Lake Shore Dr');
    await typeInto('/address/city', 'Decatur');
    await typeInto('/address/state', 'IL');
    await userEvent.click(screen.getByRole('button', { name: en['signup.location.verify.button'] }));
    const dialog = await screen.findByRole('dialog', { name: en['signup.location.verify.title'] });
    // The gazetteer finds Decatur, Illinois: outside springfield's demo geofence (the city).
    const first = await within(dialog).findByRole('radio', { name: /^A 1 Lake Shore Dr, Decatur, IL/ }, { timeout: 20_000 });
    await waitFor(() => expect((first as HTMLInputElement).checked).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: en['signup.location.verify.confirm'] }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(en['ssp.map.out.of.area.warning']);
    expect(screen.getByRole('dialog', { name: en['signup.location.verify.title'] })).toBe(dialog);
    await userEvent.click(within(alert).getByRole('button', { name: en['form.dialog.ok'] }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: en['form.dialog.cancel'] }));
    expect(screen.queryByText(en['signup.location.verified'])).toBeNull();
    expect(control('/address/streetAddress').value).toBe('1 Lake Shore Dr');
  });

  it('suggests addresses 5 s after the street was typed; a pick outside the geofence clears the street, one inside fills the address (§4, §9)', { timeout: 40_000 }, async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await typeInto('/address/city', 'Decatur');
    await typeInto('/address/state', 'IL');
    await typeInto('/address/streetAddress', '1 Lake Shore Dr');
    const street = control('/address/streetAddress');
    expect(street.getAttribute('role')).toBe('combobox');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    // Nothing is asked before §9's 5000 ms.
    const places = document.getElementById(`${street.id}__places`)!;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(places.children).toHaveLength(0);
    const decatur = await within(places).findByRole('option', { name: /^1 Lake Shore Dr, Decatur, IL/ }, { timeout: 15_000 });
    expect(street.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(street.getAttribute('aria-activedescendant')).toBe(decatur.id);
    await userEvent.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en['ssp.location.address.out.of.range']);
    await waitFor(() => expect(street.value).toBe(''));

    await typeInto('/address/city', 'Springfield');
    await userEvent.clear(control('/address/state'));
    await typeInto('/address/streetAddress', '800 E Monroe St');
    const springfield = await within(places).findByRole('option', { name: /^800 E Monroe St, Springfield, IL/ }, { timeout: 15_000 });
    await userEvent.click(springfield);
    await waitFor(() => expect(control('/address/state').value).toBe('IL'));
    expect(street.value).toBe('800 E Monroe St');
    expect(places.children).toHaveLength(0);
  });

  it('returns a verified location to the fields with Edit, and clears it with Delete', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await typeInto('/address/locationName', 'Work');
    await typeInto('/address/streetAddress', '1 Main St');
    const verifyOnce = async () => {
      await userEvent.click(screen.getByRole('button', { name: en['signup.location.verify.button'] }));
      const dialog = await screen.findByRole('dialog', { name: en['signup.location.verify.title'] });
      const place = within(dialog).queryByRole('button', { name: en['form.location.place'] });
      if (place) await userEvent.click(place);
      await userEvent.click(within(dialog).getByRole('button', { name: en['signup.location.verify.confirm'] }));
      await screen.findByText(en['signup.location.verified']);
    };
    await verifyOnce();

    await userEvent.click(screen.getByRole('button', { name: en['signup.location.edit'] }));
    expect(screen.queryByText(en['signup.location.verified'])).toBeNull();
    expect(control('/address/streetAddress').value).toBe('1 Main St');
    await waitFor(() => expect(document.activeElement).toBe(control('/address/locationName')));

    // View on map shows the confirmed point, read only.
    await verifyOnce();
    await userEvent.click(screen.getByRole('button', { name: en['signup.location.viewOnMap'] }));
    const view = await screen.findByRole('dialog', { name: en['signup.location.view.title'] });
    expect(within(view).queryByRole('button', { name: en['signup.location.verify.confirm'] })).toBeNull();
    await userEvent.click(within(view).getByRole('button', { name: en['signup.location.view.close'] }));

    await userEvent.click(screen.getByRole('button', { name: en['signup.location.delete'] }));
    expect(control('/address/locationName').value).toBe('');
    expect(control('/address/streetAddress').value).toBe('');
    expect((screen.getByRole('button', { name: en['signup.location.verify.button'] }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('does not open the dialog for an address the form refuses, and shows why', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await typeInto('/address/locationName', 'Home');
    await userEvent.click(screen.getByRole('button', { name: en['signup.location.verify.button'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(en['ssp.map.verify.your.location.errormsg.required'])).toBeInstanceOf(HTMLElement);
  });

  it('asks for the verification when a location is given but not verified (§5)', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await fillCredentials({ firstName: 'Bo', lastName: 'Unverified', username: freshUsername('bo'), password: 'Spring2026field', answer: 'red', email: 'bo@example.org' });
    await typeInto('/address/locationName', 'Home');
    await typeInto('/address/streetAddress', '1 Main St');
    await userEvent.click(control('/accept'));
    await userEvent.click(createButton());
    expect(await screen.findByText(en['ssp.map.verify.your.location.errormsg'])).toBeInstanceOf(HTMLElement);
    // The focus goes to the error summary, whose entry leads to the verification.
    const summary = screen.getByRole('region', { name: en['form.errorSummary.title'] });
    await waitFor(() => expect(document.activeElement).toBe(within(summary).getByRole('heading')));
    await userEvent.click(within(summary).getByRole('link', { name: new RegExp(en['ssp.map.verify.your.location.errormsg']!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }));
    expect(document.activeElement).toBe(control('/address/verified'));
    expect(assigned).toEqual([]);
  });

  it('shows the server\'s field refusal inline (password equal to the username)', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    const username = freshUsername('same1');
    await fillCredentials({ firstName: 'Sam', lastName: 'Same', username, password: username, answer: 'green', email: 'sam@example.org' });
    await userEvent.click(control('/accept'));
    await userEvent.click(createButton());
    // At the field and in the error summary.
    expect(await screen.findAllByText(en['ssp.password.same.as.username'])).toHaveLength(2);
    expect(document.querySelector('.form-alert')).toBeNull();
    expect(assigned).toEqual([]);
    expect(await currentAccount('springfield')).toBeNull();
  });

  it('shows a refusal without field errors above the create button, with the fallback text for an unknown code', async () => {
    bootPage('/springfield/new');
    await screen.findByRole('button', { name: en['signup.create.button'] });
    const username = freshUsername('csrf');
    await fillCredentials({ firstName: 'Cy', lastName: 'Forged', username, password: 'Spring2026field', answer: 'green', email: 'cy@example.org' });
    await userEvent.click(control('/accept'));
    // A request the server refuses as a whole (403 csrf.invalid: not a message of the catalogue).
    act(() => setCsrfToken('not-the-session-token'));
    await userEvent.click(createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en['signup.failed']);
    // Right above the button row, in reading order too.
    expect(alert.nextElementSibling).toBe(createButton().closest('.form-actions'));
    expect(control('/username').value).toBe(username);
    expect(assigned).toEqual([]);
  });
});

describe('a private organisation\'s invitation (§1, §2)', () => {
  it('sends a visitor without an invitation to login', async () => {
    bootPage('/acme/new');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname).toBe('/acme/login');
  });

  it('fills the form from userInfo, signs the invited contact up, and refuses the link afterwards', async () => {
    const email = `ivy.${Date.now()}@acme.example`;
    const { url } = await invite('acme', { firstName: 'Ivy', lastName: 'Invited', email });
    bootPage(url);
    await screen.findByRole('button', { name: en['signup.create.button'] });
    expect(control('/firstName').value).toBe('Ivy');
    expect(control('/lastName').value).toBe('Invited');
    expect(control('/email').value).toBe(email);
    // The invited person is greeted by name, and told who invited them (issue 11).
    expect(screen.getByText(en['signup.invitation.greeting'].replace('{{firstName}}', 'Ivy').replace('{{orgName}}', 'Acme Corporation'))).toBeInstanceOf(HTMLElement);
    const username = freshUsername('ivy');
    await fillCredentials({ username, password: 'Acme-2026x', answer: 'Blue' });
    // acme asks for two ways to reach the member (§5 contact-path minimum): e-mail and Slack.
    await typeInto('/slack', 'ivy@acme.example');
    await userEvent.click(control('/accept'));
    await userEvent.click(createButton());
    await waitFor(() => expect(assigned).toEqual(['/acme/new/account/mylocation']), { timeout: 10_000 });
    // The confirmation its home shows once it has loaded (src/ui/FlashNotice.tsx): what was saved.
    expect(JSON.parse(sessionStorage.getItem('ssp.flash')!)).toEqual({ kind: 'signedUp', username, reach: [`${en['signup.email.label']}: ${email}`, `${en['signup.slack.label']}: ivy@acme.example`] });
    expect(await currentAccount('acme')).toMatchObject({ name: 'Ivy Invited', username });

    await fetch('/logout/acme', { redirect: 'manual' });
    bootPage(url);
    expect(await screen.findByText(en['getPrivateUserInfoError'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(en['signup.invitation.used'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['signup.goToLogin'] }).getAttribute('href')).toBe('/acme/login');
    expect(screen.queryByRole('button', { name: en['signup.create.button'] })).toBeNull();
  });

  it('says so when the invitation link is forged', async () => {
    bootPage('/acme/new?contactId=12345&referrer=invitation&strOrgId=acme&strContactId=12345&time=1700000000000&key=forged');
    expect(await screen.findByText(en['getPrivateUserInfoError'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(en['signup.invitation.invalid'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['signup.goToLogin'] }).getAttribute('href')).toBe('/acme/login');
  });

  it('shows the errorCode of a refused sign-up above the create button (the invitation was used meanwhile)', async () => {
    const email = `rae.${Date.now()}@acme.example`;
    const { url } = await invite('acme', { firstName: 'Rae', lastName: 'Race', email });
    bootPage(url);
    await screen.findByRole('button', { name: en['signup.create.button'] });
    await fillCredentials({ username: freshUsername('rae'), password: 'Acme-2026x', answer: 'Blue' });
    await typeInto('/slack', 'rae@acme.example');
    await userEvent.click(control('/accept'));

    // Meanwhile the same link is used in another browser.
    const other = await nodeRequest('GET', '/rest/init/csrf?orgId=acme');
    const query = new URL(url, 'http://x').search;
    const payload: SignUpPayload = {
      firstName: 'Rae', lastName: 'Race', username: freshUsername('rae.other'), password: 'Acme-2026x', securityQuestion: 'question_eleven',
      securityAnswer: 'Blue', organizationId: 'acme', email, accept: true,
      contactPaths: [{ pathId: 1, pathType: 'EMAIL', value: email }, { pathId: 999, pathType: 'SLACK', value: 'rae.other@acme.example' }],
    };
    const used = await nodeRequest('POST', `/rest/registration/signUp${query}&orgId=acme`, {
      cookie: other.cookies.join('; '), csrf: (other.body as { csrfToken: string }).csrfToken, json: { userDetail: payload },
    });
    expect(used.status).toBe(200);

    await userEvent.click(createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en['signup.invitation.used']);
    // Right above the button row, in reading order too.
    expect(alert.nextElementSibling).toBe(createButton().closest('.form-actions'));
    expect(assigned).toEqual([]);
  });
});

describe('the public-portal variant (§2 new-profile)', () => {
  it('fills the form from the public profile, registers, sets isPublicPortalEnabled and goes home', async () => {
    const email = `pat.${Date.now()}@example.org`;
    const { url } = await publicProfile('springfield', { firstName: 'Pat', lastName: 'Public', email, phone: '2015550123', countryCode: 'US' });
    bootPage(url);
    await screen.findByRole('button', { name: en['signup.create.button'] });
    expect(control('/firstName').value).toBe('Pat');
    expect(control('/email').value).toBe(email);
    expect(control('/smsPhone').value).toContain('555');
    expect(document.getElementById('signup/username')).toBeNull();
    expect(document.getElementById('signup/accept')).toBeNull();
    expect(document.getElementById('signup/address/streetAddress')).toBeNull();
    expect(createButton().disabled).toBe(false);
    await userEvent.click(createButton());
    await waitFor(() => expect(assigned).toEqual(['/springfield/new/account/mylocation']), { timeout: 10_000 });
    expect(sessionStorage.getItem('isPublicPortalEnabled')).toBe('true');
    expect(await currentAccount('springfield')).toMatchObject({ name: 'Pat Public', username: null });
    expect((await api.post(paths.changeLanguage('en_US'))).status).toBe(200);
  });

  it('says so when the link has no token, or one that opens no profile', async () => {
    bootPage('/springfield/new-profile');
    expect(await screen.findByText(en['fetchPublicProfileError'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(en['publicProfile.token.missing'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['signup.goToLogin'] }).getAttribute('href')).toBe('/springfield/login');

    bootPage('/springfield/new-profile?token=no-such-token');
    expect(await screen.findByText(en['fetchPublicProfileError'])).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(en['publicProfile.notFound'])).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: en['signup.create.button'] })).toBeNull();
  });
});

describe('the universal-profile redirect (§2 Sign-up redirects)', () => {
  const portal = (status: 'Enabled' | 'Disabled', universalProfileUrl: string) => ({ publicPortal: { status, url: '', universalProfileUrl } });
  const on: FeatureFlags = { ...FEATURE_FLAGS_OFF, PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP: true };
  const rows: [string, ReturnType<typeof portal>, FeatureFlags, string | null][] = [
    ['flag on, portal enabled, URL set → the URL with orgId', portal('Enabled', 'https://up.example/register'), on, 'https://up.example/register?orgId=springfield'],
    ['a URL with a query and a hash keeps both', portal('Enabled', 'https://up.example/r?lang=en#start'), on, 'https://up.example/r?lang=en&orgId=springfield#start'],
    ['flag off → stays', portal('Enabled', 'https://up.example/register'), FEATURE_FLAGS_OFF, null],
    ['portal Disabled → stays', portal('Disabled', 'https://up.example/register'), on, null],
    ['no URL → stays', portal('Enabled', '  '), on, null],
    ['a javascript: URL is never followed', portal('Enabled', 'javascript:alert(1)'), on, null],
  ];
  it.each(rows)('%s', (_rule, org, flags, expected) => {
    expect(universalProfileRedirect(org, flags, 'springfield')).toBe(expected);
  });

  it('sends the browser there instead of showing the form', async () => {
    const settings = resolveOrgSettings({ ...fixtureOrgs.springfield.input, publicPortal: { status: 'Enabled', url: '', universalProfileUrl: 'https://up.example/register' } });
    await renderInOrg([{ path: '/:orgId/new', element: <SignUpScreen /> }], '/springfield/new', { settings, flags: on });
    await waitFor(() => expect(assigned).toEqual(['https://up.example/register?orgId=springfield']));
    expect(screen.queryByRole('button', { name: en['signup.create.button'] })).toBeNull();
  });
});
