/**
 * The whole browser app (Boot → OrgApp → router from screens.config.ts) rendered in happy-dom
 * against the real API: §2 routing, navigation, page titles, footer, help tips and error pages.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { registry } from '../../screens.config.ts';
import { navigation } from '../../src/api/client.ts';
import { Boot } from '../../src/app/Boot.tsx';
import { visit } from './visit.ts';

/** A page load: a fresh SWR cache each time, as in a browser tab. */
function renderBoot() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Boot location={window.location} registry={registry} />
    </SWRConfig>,
  );
}

function boot(path: string) {
  visit(path);
  return renderBoot();
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the app at an organisation address', () => {
  it('shows the login page of springfield with Sign in and Sign up in the nav, the help tip and the footer', async () => {
    boot('/springfield/login');
    // The first page of the file compiles the form engine on first use: on a busy machine that alone can take a second.
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInstanceOf(HTMLElement);
    const links = within(nav()).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Notifications', 'Weather', 'Events', 'Overview', 'FAQs', 'Files', 'Sign in', 'Sign up']);
    await waitFor(() => expect(document.title).toBe('City of Springfield - Sign in'));
    expect(await screen.findByText('Forgot them?')).toBeInstanceOf(HTMLElement);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/public/legal/terms.html');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toBeInstanceOf(HTMLElement);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} City of Springfield`);
    // The versions are left-to-right isolates (U+2066 … U+2069) inside their labels.
    const footerText = (footer.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(footerText).toContain('Server 0.0.0-test');
    expect(footerText).toContain('Front end test');
    // The banner is decoration beside the organisation's name in text (issue 11).
    expect(screen.getByRole('banner').querySelector('img[alt=""]')?.getAttribute('src')).toBe('/springfield/banner');
    expect(within(screen.getByRole('banner')).getByText('City of Springfield')).toBeInstanceOf(HTMLElement);
  });

  it('sends a visitor from home to login, keeping the accessKey', async () => {
    boot('/springfield/home?accessKey=k-42');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    expect(window.location.pathname + window.location.search).toBe('/springfield/login?accessKey=k-42');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/springfield/forgot-password?accessKey=k-42');
  });

  it('shows only the not-found page for a disabled organisation', async () => {
    boot('/dormant/login');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText("If you need help, contact your organization's administrator.")).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Dormant County - Page not found'));
  });

  it('shows the deactivated page on login when enableSSP is false', async () => {
    boot('/paused/login');
    expect(await screen.findByRole('heading', { name: 'Page unavailable' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('The member portal of this organization has been deactivated.')).toBeInstanceOf(HTMLElement);
    // No dead end (issue 11): the navigation offers no Login or Sign up that lead only here.
    expect(within(nav()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Notifications']);
  });

  it('shows not-found for an unknown organisation and for an unknown page', async () => {
    boot('/nowhere/login');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInstanceOf(HTMLElement);
  });

  it('shows not-found for an address no screen has', async () => {
    boot('/acme/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInstanceOf(HTMLElement);
    expect(within(nav()).getByRole('link', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
  });
});

describe('a signed-in member', () => {
  it('sees Home, the welcome line with the account name and Logout; login goes home', async () => {
    visit('/acme/login');
    // The session cookie is set by the real server in happy-dom's cookie jar, then signed in.
    await fetch('/rest/init/csrf?orgId=acme');
    expect((await fetch('/test/signIn?orgId=acme', { method: 'POST' })).status).toBe(200);
    renderBoot();
    expect(await screen.findByText('Welcome, Dana Member')).toBeInstanceOf(HTMLElement);
    // <Navigate> goes in an effect, after the page drew.
    await waitFor(() => expect(window.location.pathname).toBe('/acme/home'));
    const items = within(nav()).getAllByRole('listitem').map((li) => li.textContent);
    // acme's demo member has the directory chat (§3 showDirectoryChat).
    expect(items).toEqual(['Home', 'Incidents', 'Directory chat', 'Crisis tasks', 'Survey', 'Welcome, Dana Member', 'Sign out']);
    await waitFor(() => expect(document.title).toBe('Acme Corporation - Home'));
  });

  it('sees a later issue\'s screen marked as such, with its real title', async () => {
    // acme's incidents page (its own issue is still to come) is the placeholder.
    visit('/acme/incidents');
    await fetch('/rest/init/csrf?orgId=acme');
    expect((await fetch('/test/signIn?orgId=acme', { method: 'POST' })).status).toBe(200);
    renderBoot();
    expect(await screen.findByRole('heading', { name: 'Incidents' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/arrives in a later release/)).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(document.title).toBe('Acme Corporation - Incidents'));
  });

  it('logs out with Logout, a button that posts with the CSRF token (issue 9 row 11), then opens the login page', async () => {
    visit('/acme/login');
    // A fresh session: the test before signed this browser in already.
    await fetch('/logout/acme', { redirect: 'manual' });
    await fetch('/rest/init/csrf?orgId=acme');
    expect((await fetch('/test/signIn?orgId=acme', { method: 'POST' })).status).toBe(200);
    renderBoot();
    expect(await screen.findByText('Welcome, Dana Member')).toBeInstanceOf(HTMLElement);
    // No link another site could copy: the item is a button.
    expect(within(nav()).queryByRole('link', { name: 'Sign out' })).toBeNull();
    const assigned: string[] = [];
    const realAssign = navigation.assign;
    navigation.assign = (url) => void assigned.push(url);
    try {
      await userEvent.click(within(nav()).getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(assigned).toEqual(['/acme/login']));
    } finally {
      navigation.assign = realAssign;
    }
    expect(((await (await fetch('/rest/init/account?orgId=acme')).json()) as { account: unknown }).account).toBeNull();
  });

  it('is shown one form\'s step, edit page and own page by one screen that knows which (§2)', async () => {
    visit('/acme/login');
    // A fresh session: the test before signed this browser in already.
    await fetch('/logout/acme', { redirect: 'manual' });
    await fetch('/rest/init/csrf?orgId=acme');
    expect((await fetch('/test/signIn?orgId=acme', { method: 'POST' })).status).toBe(200);
    for (const [path, id, mode] of [
      ['/acme/new/account/profile', 'signUpProfile', 'step'],
      ['/acme/new/account/edit-profile', 'signUpEditProfile', 'edit'],
      ['/acme/my-profile', 'myProfile', 'my'],
    ] as const) {
      cleanup();
      visit(path);
      renderBoot();
      const heading = await screen.findByRole('heading', { name: 'Profile' });
      expect(heading.closest('section')?.dataset).toMatchObject({ screen: id, mode });
    }
  });
});

describe('the language selector', () => {
  it('lists the 27 languages, posts the choice, keeps it in a cookie and turns ar_SA right-to-left', async () => {
    boot('/springfield/login');
    const select = (await screen.findByRole('combobox', { name: 'Language' })) as HTMLSelectElement;
    expect(select.options).toHaveLength(27);
    expect(select.value).toBe('en_US');
    await userEvent.selectOptions(select, 'ar_SA');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.getElementById('rtl-stylesheet')).not.toBeNull();
    expect(document.cookie).toContain('language=ar_SA');
    await userEvent.selectOptions(select, 'en_US');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.getElementById('rtl-stylesheet')).toBeNull();
    expect(document.cookie).toContain('language=en_US');
  });

  it('is not shown where the organisation has no built-in translation', async () => {
    boot('/fedagency/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});

describe('the root page', () => {
  it('lists the demo organisations and the demo login', async () => {
    boot('/');
    expect(await screen.findByRole('link', { name: 'City of Springfield' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'Acme Corporation' }).getAttribute('href')).toBe('/acme/login');
    expect(screen.getByText(/demo\.member with the password Demo!Member2026/)).toBeInstanceOf(HTMLElement);
  });
});

describe('a public communication', () => {
  it('shows the communications error page when the communication cannot be fetched (§4)', async () => {
    boot('/comms/12345');
    expect(await screen.findByRole('heading', { name: 'Communication unavailable' })).toBeInstanceOf(HTMLElement);
  });
});
