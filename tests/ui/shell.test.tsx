/**
 * Issue 11, the shell of every page, in happy-dom against the real API: the header's name as text
 * and the banner as decoration, the page's h1 first in main with the help tip as a disclosure after
 * it, the menu button (aria-expanded, aria-controls, Escape), and focus on the new page's h1 after a
 * client-side navigation but not on the first load. Layout (the menu folding away at 390 px) is
 * Chromium's to prove: tests/e2e/shell.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';

const nav = () => screen.getByRole('navigation', { name: en['nav.label'] });
const menuButton = () => screen.getByRole('button', { name: en['nav.menu'] });

describe('the header', () => {
  it('names the organisation in text; its banner image is decorative', async () => {
    bootPage('/springfield/login');
    await screen.findByRole('heading', { name: en['page.title.login'], level: 1 }, { timeout: 5000 });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('City of Springfield').tagName).toBe('P');
    const banner = header.querySelector('img');
    expect(banner?.getAttribute('alt')).toBe('');
    expect(within(header).queryByRole('heading')).toBeNull();
    // The language selector and the navigation live in the header landmark.
    expect(within(header).getByRole('combobox', { name: en['language.select.label'] })).toBeInstanceOf(HTMLElement);
    expect(header.contains(nav())).toBe(true);
  });

  it('has no banner image when the organisation has none, and no menu without navigation items', async () => {
    bootPage('/dormant/login');
    await screen.findByRole('heading', { name: en['error.404.title'], level: 1 });
    const header = screen.getByRole('banner');
    expect(header.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: en['nav.menu'] })).toBeNull();
  });
});

describe('the page\'s heading', () => {
  it('is the one h1, first in main; the help tip follows it as a closed disclosure', async () => {
    bootPage('/springfield/login');
    const heading = await screen.findByRole('heading', { name: en['page.title.login'], level: 1 });
    const main = screen.getByRole('main');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(main.querySelector('h1, h2, h3, h4, h5, h6')).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    const summary = await screen.findByText(en['help.summary']);
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(heading.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(details).getByText('Forgot them?')).toBeInstanceOf(HTMLElement);
  });

  it('is an h1 on the error pages too', async () => {
    bootPage('/paused/login');
    expect(await screen.findByRole('heading', { name: en['error.label.page'], level: 1 })).toBeInstanceOf(HTMLElement);
    bootPage('/springfield/no-such-page');
    expect(await screen.findByRole('heading', { name: en['error.404.title'], level: 1 })).toBeInstanceOf(HTMLElement);
  });
});

describe('the menu button', () => {
  it('controls the navigation: Enter opens it, Escape closes it and gives focus back, following an item closes it', async () => {
    const user = userEvent.setup();
    bootPage('/springfield/login');
    await screen.findByRole('heading', { name: en['page.title.login'], level: 1 }, { timeout: 5000 });
    const button = menuButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(nav().id);
    expect(nav().classList.contains('nav-open')).toBe(false);

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('nav-open')).toBe(true);
    await user.tab();
    expect(document.activeElement?.textContent).toBe(en['nav.notifications']);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(within(nav()).getByRole('link', { name: en['nav.faq'] }));
    await screen.findByRole('heading', { name: en['page.title.faq'], level: 1 });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('route changes are announced', () => {
  it('moves focus to the new page\'s h1 after a client-side navigation, not on the first load', async () => {
    const user = userEvent.setup();
    bootPage('/springfield/login');
    const login = await screen.findByRole('heading', { name: en['page.title.login'], level: 1 }, { timeout: 5000 });
    expect(document.activeElement).not.toBe(login);

    await user.click(within(nav()).getByRole('link', { name: en['nav.weather'] }));
    const weather = await screen.findByRole('heading', { name: en['page.title.weather'], level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(weather));

    // A screen whose module loads first (sign-up) gets focus once its h1 arrives.
    await user.click(within(nav()).getByRole('link', { name: en['nav.signUp'] }));
    const signUp = await screen.findByRole('heading', { name: en['page.title.signUp'], level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(signUp));
  });

  it('leaves focus alone on the redirects of the first load', async () => {
    bootPage('/springfield');
    // /springfield → home → login (a visitor): REPLACE navigations that only complete the page load.
    const login = await screen.findByRole('heading', { name: en['page.title.login'], level: 1 }, { timeout: 5000 });
    expect(window.location.pathname).toBe('/springfield/login');
    expect(document.activeElement).not.toBe(login);
  });
});
