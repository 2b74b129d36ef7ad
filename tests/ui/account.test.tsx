/**
 * The member home's account part and the access-key cookie, in happy-dom against the real API
 * (tests/ui/globalSetup.ts): the change-password modal (§2, §4 "Change-password success alert
 * disappears after 10 s", §8 status 'timeout' → login), account deletion (§2 public organisations
 * with cme_mbr_delelteButton, §4 "status 'yes' … else reload", §8 "Deletion failure: alert for
 * errorCode then reload"; issue 9 row 16: the current password, a wrong one said beside it), and
 * §5 "a non-empty accessKey in the URL is saved in an org-scoped cookie".
 * The members are the tests' own, so demo.member keeps its password and its account.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { navigation } from '../../src/api/client.ts';
import { bootPage } from './bootPage.tsx';
import { visit } from './visit.ts';

/**
 * A member of this file's own in `orgId`, signed in on this browser's session unless told otherwise;
 * with `accessKey`, an access key of theirs is issued and returned.
 */
async function createMember(orgId: string, username: string, password: string, { signIn = true, accessKey = false } = {}) {
  await fetch(`/rest/init/csrf?orgId=${orgId}`);
  const response = await fetch(`/test/createMember?orgId=${orgId}`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, email: `${username}@example.org`, signIn, accessKey }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return JSON.parse(body) as { contactId: number; accessKey?: string };
}

/** The organisation's home, drawn for its demo.member signed in on happy-dom's session. */
async function demoMemberHome(orgId: string) {
  visit(`/${orgId}/home`);
  await fetch(`/rest/init/csrf?orgId=${orgId}`);
  expect((await fetch(`/test/signIn?orgId=${orgId}`, { method: 'POST' })).status).toBe(200);
  bootPage(`/${orgId}/home`);
}

/** Whether the session is signed in at `orgId`, and as whom. */
async function accountName(orgId: string): Promise<string | null> {
  const answer = (await (await fetch(`/rest/init/account?orgId=${orgId}`)).json()) as { account: { name: string } | null };
  return answer.account?.name ?? null;
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;
const accountSection = async () => screen.findByRole('region', { name: en['home.account.title'] });

// Each flow types several passwords and waits for argon2 on the server a few times.
vi.setConfig({ testTimeout: 30_000 });

let assigned: string[];
const realAssign = navigation.assign;

beforeEach(async () => {
  visit('/springfield/login');
  for (const orgId of ['springfield', 'acme']) await fetch(`/logout/${orgId}`, { redirect: 'manual' });
  document.cookie = 'accessKey=; path=/springfield; max-age=0';
  assigned = [];
  navigation.assign = (url: string) => {
    assigned.push(url);
  };
});

afterEach(() => {
  navigation.assign = realAssign;
  vi.useRealTimers();
});

describe('the member home', () => {
  it('shows the account with Change password and, in a private organisation, no Delete account', async () => {
    await demoMemberHome('acme');
    const account = await accountSection();
    expect(screen.getByRole('heading', { name: en['page.title.home'], level: 1 })).toBeInstanceOf(HTMLElement);
    expect(within(account).getByRole('button', { name: en['home.account.changePassword'] })).toBeInstanceOf(HTMLElement);
    expect(within(account).queryByRole('button', { name: en['home.account.delete'] })).toBeNull();
    const profile = await screen.findByRole('region', { name: en['home.profile.title'] });
    expect(within(profile).getByText('demo.member')).toBeInstanceOf(HTMLElement);
    expect(within(profile).getByText('Dana')).toBeInstanceOf(HTMLElement);
  });

  it('links "Download my data" to the member\'s export, which the session downloads as their JSON file (issue 12)', async () => {
    await demoMemberHome('acme');
    const account = await accountSection();
    const link = within(account).getByRole('link', { name: en['home.account.download'] });
    const href = link.getAttribute('href')!;
    expect(href).toMatch(/^\/acme\/[1-9][0-9]*\/export$/);
    expect(link.hasAttribute('download')).toBe(true);
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(en['home.account.download.hint']);
    const response = await fetch(href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="acme-[0-9]+-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await response.json()) as { profile: { firstName: string }; account: { username: string } };
    expect([data.account.username, data.profile.firstName]).toEqual(['demo.member', 'Dana']);
  });

  it('lists the member\'s groups 10 a page with Previous and Next (§2, §4), only where the organisation shows them', async () => {
    await demoMemberHome('acme');
    const groups = await screen.findByRole('region', { name: en['groupMembership.title'] });
    const names = async () => (await within(groups).findAllByRole('listitem')).map((item) => item.textContent);
    expect(await names()).toEqual(['All staff', 'Building A occupants', 'Chemical safety team', 'Engineering', 'Evacuation wardens', 'First aiders',
      'Night shift', 'Parking lot North', 'Remote workers', 'Severe weather spotters']);
    const pager = within(groups).getByRole('navigation', { name: en['groupMembership.pages'] });
    const previous = within(pager).getByRole('button', { name: en['groupMembership.previous'] });
    const next = within(pager).getByRole('button', { name: en['groupMembership.next'] });
    const state = () => [previous.getAttribute('aria-disabled'), next.getAttribute('aria-disabled'), pager.textContent?.match(/Page \d of \d/)?.[0]];
    expect(state()).toEqual(['true', 'false', 'Page 1 of 2']);
    await userEvent.click(previous);
    expect(state(), 'Previous on the first page does nothing').toEqual(['true', 'false', 'Page 1 of 2']);
    next.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(groups).getAllByRole('listitem')).toHaveLength(2));
    expect(await names()).toEqual(['Site leadership', 'Visitors desk']);
    expect(state()).toEqual(['false', 'true', 'Page 2 of 2']);
    expect(document.activeElement, 'the keyboard\'s focus stays on Next').toBe(next);
  });

  it('says the member is in no group, without pages; springfield does not show the list', async () => {
    visit('/acme/home');
    await createMember('acme', `ui.groups.${Date.now().toString(36)}`, 'Groups!Passw0rd');
    bootPage('/acme/home');
    const groups = await screen.findByRole('region', { name: en['groupMembership.title'] });
    expect(await within(groups).findByText(en['groupMembership.noContentFound'])).toBeInstanceOf(HTMLElement);
    expect(within(groups).queryByRole('navigation')).toBeNull();

    await demoMemberHome('springfield');
    await screen.findByRole('region', { name: en['home.profile.title'] });
    expect(screen.queryByRole('region', { name: en['groupMembership.title'] })).toBeNull();
  });

  it('summarises the profile and its paths (§2): names, Not Provided, each path with its extension, on/off and quiet times in words', async () => {
    await demoMemberHome('springfield');
    const profile = await screen.findByRole('region', { name: en['home.profile.title'] });
    const entries = [...profile.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(entries).toEqual(expect.arrayContaining([
      [en['home.profile.firstName'], 'Dana'], [en['home.profile.middleInitial'], 'J'], [en['home.profile.lastName'], 'Member'],
      [en['home.profile.email'], 'demo.member@example.org'],
    ]));
    // Springfield exposes the suffix and the member has none: §9's placeholder.
    expect(entries.filter(([, value]) => value === en['form.review.notProvided']).length).toBeGreaterThan(0);
    const paths = screen.getByRole('region', { name: en['home.paths.title'] });
    // Numbers as people write them (the server's displayValue: springfield's default country is the US).
    const sms = within(paths).getByText('(217) 555-0123').closest('li')!;
    expect(sms.textContent).toContain('Quiet time: Night (every day, 10:00 PM to 7:00 AM)');
    expect(sms.textContent).toContain('Quiet time: Weekend mornings (weekends, 7:00 AM to 9:30 AM)');
    expect(sms.textContent).toContain(en['home.paths.on']);
    expect(within(paths).getByText('(217) 555-0188').closest('li')!.textContent).toContain('Extension 12');
    // The member's own pages this organisation has, each a link; springfield has no custom fields.
    const sections = screen.getByRole('navigation', { name: en['home.sections.title'] });
    const links = within(sections).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain('/springfield/my-profile');
    expect(links).toContain('/springfield/my-location');
    expect(links).not.toContain('/springfield/my-additionalInformation');
  });

  it('offers Delete account in springfield (public, cme_mbr_delelteButton on)', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.home', 'Home!Passw0rd');
    bootPage('/springfield/home');
    const account = await accountSection();
    expect(within(account).getByRole('button', { name: en['home.account.delete'] })).toBeInstanceOf(HTMLElement);
  });
});

describe('the home tiles and the linked-account modal (§2)', () => {
  it('shows acme\'s demo member the HIPAA Bridge and Secure Bridge tiles (new tab, said in words) and the SECURE CHAT tile', async () => {
    await demoMemberHome('acme');
    const tiles = await screen.findByRole('region', { name: en['home.tiles.title'] });
    const links = within(tiles).getAllByRole('link');
    expect(links.map((link) => [link.closest('li')!.dataset.tile, link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['hipaaBridge', 'https://hipaabridge.example.org/acme', '_blank'],
      ['secureBridge', 'https://securebridge.example.org/acme', '_blank'],
      ['chat', '/acme/chat', null],
    ]);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.textContent).toContain(en['home.tiles.newTab']);
    // §2 "secure chat (title uppercased for en_US and en_GB)".
    expect(within(links[2]!).getByText(en['page.title.chat'].toUpperCase())).toBeInstanceOf(HTMLElement);
    expect(links[2]!.textContent).not.toContain(en['home.tiles.newTab']);
  });

  it('shows no tiles to a member without the services (springfield)', async () => {
    await demoMemberHome('springfield');
    await accountSection();
    expect(screen.queryByRole('region', { name: en['home.tiles.title'] })).toBeNull();
  });

  it('asks campus\'s unlinked member to link their account; Not now keeps it away for a day, Continue goes to the universal profile', async () => {
    document.cookie = 'redirectModalShown=; path=/campus; max-age=0';
    await demoMemberHome('campus');
    const dialog = await screen.findByRole('dialog', { name: en['home.linkedAccount.title'] });
    expect(within(dialog).getByText('State University now sends its alerts through its public portal.', { exact: false })).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: en['home.linkedAccount.continue'] }));
    await userEvent.click(within(dialog).getByRole('button', { name: en['home.linkedAccount.later'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain('redirectModalShown=true');

    bootPage('/campus/home');
    await accountSection();
    expect(screen.queryByRole('dialog', { name: en['home.linkedAccount.title'] }), 'dismissed: not again today').toBeNull();

    document.cookie = 'redirectModalShown=; path=/campus; max-age=0';
    bootPage('/campus/home');
    const again = await screen.findByRole('dialog', { name: en['home.linkedAccount.title'] });
    await userEvent.click(within(again).getByRole('button', { name: en['home.linkedAccount.continue'] }));
    expect(assigned).toEqual(['https://alerts.example.edu/profile?orgId=campus']);
    document.cookie = 'redirectModalShown=; path=/campus; max-age=0';
  });

  it('does not ask where the flag is off (acme)', async () => {
    await demoMemberHome('acme');
    await accountSection();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the change-password dialog', () => {
  it('is a modal: focus on the first field, Escape closes it and the focus goes back to the button', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.dialog', 'Dialog!Passw0rd');
    bootPage('/springfield/home');
    const opener = within(await accountSection()).getByRole('button', { name: en['home.account.changePassword'] });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: en['changePassword.title'] });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const current = await within(dialog).findByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`));
    await waitFor(() => expect(document.activeElement).toBe(current));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    // Opened again (the form is loaded by now): the focus is on the first field again, Cancel closes it.
    await userEvent.click(opener);
    const again = await screen.findByRole('dialog', { name: en['changePassword.title'] });
    expect(document.activeElement).toBe(within(again).getByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`)));
    await userEvent.click(await within(again).findByRole('button', { name: en['form.dialog.cancel'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the server\'s refusal at the field, then changes the password, takes the new CSRF token and says so for 10 s', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.change', 'Change!Passw0rd');
    bootPage('/springfield/home');
    const opener = within(await accountSection()).getByRole('button', { name: en['home.account.changePassword'] });

    async function change(from: string, to: string) {
      await userEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: en['changePassword.title'] });
      const current = await within(dialog).findByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`));
      await userEvent.type(current, from);
      await userEvent.type(field(en['changePassword.newPassword.label']), to);
      await userEvent.type(field(en['changePassword.confirmPassword.label']), to);
      await userEvent.click(within(dialog).getByRole('button', { name: en['changePassword.submit'] }));
      return dialog;
    }

    const dialog = await change('Wrong!Passw0rd', 'Second!Passw0rd');
    // At the field and in the error summary the focus moves to.
    expect(await within(dialog).findAllByText(en['ssp.password.current.invalid'])).toHaveLength(2);
    await userEvent.keyboard('{Escape}');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await change('Change!Passw0rd', 'Second!Passw0rd');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(en['ssp.password.change.success']);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(await accountName('springfield')).toBe('Test ui.change');
    act(() => {
      vi.advanceTimersByTime(9_500);
    });
    expect(screen.getByRole('status')).toBe(notice);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();

    // The session was rotated: a second change is accepted only with the new session's CSRF token.
    await change('Second!Passw0rd', 'Third!Passw0rd');
    expect((await screen.findByRole('status')).textContent).toBe(en['ssp.password.change.success']);
    expect(assigned).toEqual([]);
  });

  it('goes to login when the server answers timeout (the session ended meanwhile)', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.timeout', 'Timeout!Passw0rd');
    bootPage('/springfield/home');
    await userEvent.click(within(await accountSection()).getByRole('button', { name: en['home.account.changePassword'] }));
    const dialog = await screen.findByRole('dialog', { name: en['changePassword.title'] });
    await userEvent.type(await within(dialog).findByLabelText(new RegExp(`^${en['changePassword.currentPassword.label']}`)), 'Timeout!Passw0rd');
    await userEvent.type(field(en['changePassword.newPassword.label']), 'Later!Passw0rd');
    await userEvent.type(field(en['changePassword.confirmPassword.label']), 'Later!Passw0rd');
    await fetch('/logout/springfield', { redirect: 'manual' });
    await userEvent.click(within(dialog).getByRole('button', { name: en['changePassword.submit'] }));
    await waitFor(() => expect(assigned).toEqual(['/springfield/login']));
  });
});

describe('deleting the account', () => {
  it('asks first, with the current password; Cancel keeps the account; OK deletes it, clears the organisation\'s cookies and reloads', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.delete', 'Delete!Passw0rd');
    document.cookie = 'accessKey=some-key; path=/springfield';
    document.cookie = 'redirectModalShown=true; path=/springfield';
    bootPage('/springfield/home');
    const button = within(await accountSection()).getByRole('button', { name: en['home.account.delete'] });

    await userEvent.click(button);
    let confirm = await screen.findByRole('dialog', { name: en['form.dialog.confirm.title'] });
    expect(within(confirm).getByText(en['ssp.account.delete.confirm'])).toBeInstanceOf(HTMLElement);
    // The focus starts on the password, labelled and described: typing it deletes nothing.
    const password = within(confirm).getByLabelText(en['changePassword.currentPassword.label']) as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent))
      .toEqual([en['ssp.account.delete.password.hint']]);
    await userEvent.click(within(confirm).getByRole('button', { name: en['form.dialog.cancel'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await accountName('springfield')).toBe('Test ui.delete');

    await userEvent.click(button);
    confirm = await screen.findByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await userEvent.type(within(confirm).getByLabelText(en['changePassword.currentPassword.label']), 'Delete!Passw0rd');
    await userEvent.click(within(confirm).getByRole('button', { name: en['home.account.delete.confirm'] }));
    await waitFor(() => expect(assigned).toEqual([window.location.href]));
    expect(document.cookie).not.toContain('accessKey=');
    expect(document.cookie).not.toContain('redirectModalShown=');
    expect(await accountName('springfield')).toBeNull();
  });

  it('says beside the field that the password is missing or wrong, keeps the dialog open and deletes nothing', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.wrong', 'Wrong!Passw0rd');
    bootPage('/springfield/home');
    await userEvent.click(within(await accountSection()).getByRole('button', { name: en['home.account.delete'] }));
    const confirm = await screen.findByRole('dialog', { name: en['form.dialog.confirm.title'] });
    const password = within(confirm).getByLabelText(en['changePassword.currentPassword.label']) as HTMLInputElement;
    const submit = within(confirm).getByRole('button', { name: en['home.account.delete.confirm'] });
    const errorOf = () => {
      const ids = password.getAttribute('aria-describedby')!.split(' ');
      return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? null;
    };

    await userEvent.click(submit);
    await waitFor(() => expect(errorOf()).toBe(en['login.password.required']));
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(password, 'Not!ThePassw0rd');
    await userEvent.click(submit);
    await waitFor(() => expect(errorOf()).toBe(en['ssp.password.current.invalid']));
    expect(screen.getByRole('dialog', { name: en['form.dialog.confirm.title'] })).toBe(confirm);
    expect(assigned).toEqual([]);
    expect(await accountName('springfield')).toBe('Test ui.wrong');

    await userEvent.clear(password);
    await userEvent.type(password, 'Wrong!Passw0rd');
    await userEvent.click(submit);
    await waitFor(() => expect(assigned).toEqual([window.location.href]));
    expect(await accountName('springfield')).toBeNull();
  });

  it('shows the failure\'s message, then reloads (§8)', async () => {
    visit('/springfield/home');
    await createMember('springfield', 'ui.refused', 'Refused!Passw0rd');
    bootPage('/springfield/home');
    await userEvent.click(within(await accountSection()).getByRole('button', { name: en['home.account.delete'] }));
    const confirm = await screen.findByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await userEvent.type(within(confirm).getByLabelText(en['changePassword.currentPassword.label']), 'Refused!Passw0rd');
    // The session ends in another tab before the member confirms: the server refuses (401).
    await fetch('/logout/springfield', { redirect: 'manual' });
    await userEvent.click(within(confirm).getByRole('button', { name: en['home.account.delete.confirm'] }));
    const failure = await screen.findByRole('dialog', { name: en['home.account.delete.failed.title'] });
    expect(within(failure).getByRole('alert').textContent).toBe(en['ssp.account.delete.failed']);
    // The client's §8 rule (401 → login) has sent the browser to login already; OK reloads otherwise.
    expect(assigned).toEqual(['/springfield/login']);
    await userEvent.click(within(failure).getByRole('button', { name: en['form.dialog.ok'] }));
    expect(assigned).toEqual(['/springfield/login', window.location.href]);
  });
});

describe('the access key (§5)', () => {
  it('keeps a URL key in the organisation\'s cookie; logout forgets it, so the next visit is a visitor\'s', async () => {
    visit('/springfield/home');
    const { accessKey: key } = await createMember('springfield', 'ui.key', 'Key!Passw0rd', { signIn: false, accessKey: true });
    bootPage(`/springfield/home?accessKey=${key}`);
    // Signed in by the key: the member's own profile is summarised (their username, as its own entry).
    const profile = await screen.findByRole('region', { name: en['home.profile.title'] });
    expect([...profile.querySelectorAll('dt')].find((dt) => dt.textContent === en['home.account.username'])?.nextElementSibling?.textContent).toBe('ui.key');
    await waitFor(() => expect(document.cookie).toContain(`accessKey=${key}`));

    await fetch('/logout/springfield', { redirect: 'manual' });
    expect(await accountName('springfield')).toBeNull();
    expect(document.cookie).not.toContain('accessKey=');
    bootPage('/springfield/home');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
  });

  it('keeps a key that lets nobody in too (a visitor), and the init call sends it', async () => {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    // Watches the addresses fetched; the answers are the real server's.
    globalThis.fetch = (input, init) => {
      calls.push(String(input));
      return realFetch(input, init);
    };
    try {
      bootPage('/springfield/login?accessKey=not-a-key');
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
      await waitFor(() => expect(document.cookie).toContain('accessKey=not-a-key'));
      calls.length = 0;
      bootPage('/springfield/login');
      await screen.findByRole('heading', { name: 'Sign in' });
      expect(calls.filter((url) => url.startsWith('/rest/init?'))).toEqual(['/rest/init?orgId=springfield&accessKey=not-a-key']);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
