/**
 * Issue 11: organisation-provided text carries its own `lang` (and `dir="auto"`); help tips given per
 * language in the settings are shown to members using that language, the default language's tip
 * otherwise; the deactivated page offers ways forward.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { bootPage } from './bootPage.tsx';
import { visit } from './visit.ts';

/** The language cookie the app starts in (src/i18n/i18n.ts), set on the test server's origin. */
const setLanguage = (lang: string | null) => {
  visit('/');
  document.cookie = lang ? `language=${lang}; path=/` : 'language=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};
afterEach(() => setLanguage(null));

const helpTip = async () => {
  await waitFor(() => expect(document.querySelector('.help-tip-content')).not.toBeNull(), { timeout: 5000 });
  return document.querySelector('.help-tip-content')!;
};

it.each([
  // springfield gives its sign-up and login tips in Spanish, its sign-up tip in Arabic (server/db/demo/orgs/springfield.json).
  ['es_ES', '/springfield/login', 'es-ES', 'Inicie sesión con el nombre de usuario'],
  ['es_ES', '/springfield/new', 'es-ES', 'Cree su cuenta para recibir alertas'],
  ['ar_SA', '/springfield/new', 'ar-SA', 'أنشئ حسابك لتلقي التنبيهات'],
  // No Arabic login tip: the English one, marked English inside the Arabic page.
  ['ar_SA', '/springfield/login', 'en-US', 'Sign in with the username and password'],
  ['de_DE', '/springfield/new', 'en-US', 'Create your account to receive alerts'],
  ['en_US', '/springfield/login', 'en-US', 'Sign in with the username and password'],
])('in %s, %s shows the help tip in %s', async (lang, path, htmlLang, start) => {
  setLanguage(lang);
  bootPage(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const tip = await helpTip();
  expect(tip.textContent).toMatch(new RegExp(`^${start}`));
  expect(tip.getAttribute('lang')).toBe(htmlLang);
  expect(tip.getAttribute('dir')).toBe('auto');
});

it("marks the organisation's name with the language it is written in", async () => {
  setLanguage('ar_SA');
  bootPage('/springfield/login');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const name = document.querySelector('.header-name')!;
  expect(name.textContent).toBe('City of Springfield');
  expect(name.getAttribute('lang')).toBe('en-US');
  expect(name.getAttribute('dir')).toBe('auto');
  expect(document.documentElement.lang).toBe('ar-SA');
});

it("shows the organisation's subtitle under its name as text, not a heading, in the name's language", async () => {
  setLanguage('ar_SA');
  bootPage('/springfield/login');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const header = screen.getByRole('banner');
  const subtitle = header.querySelector('.header-subtitle')!;
  expect(subtitle.tagName).toBe('P');
  expect(subtitle.textContent).toBe('Emergency and community notifications');
  expect(subtitle.getAttribute('lang')).toBe('en-US');
  expect(subtitle.getAttribute('dir')).toBe('auto');
  expect(subtitle.previousElementSibling?.className).toBe('header-name');
  expect(within(header).queryAllByRole('heading')).toEqual([]);
  // The banner beside it is decoration: the name and the subtitle are the text.
  expect(header.querySelector('img.header-banner')?.getAttribute('alt')).toBe('');
});

it('shows no subtitle for an organisation without one', async () => {
  bootPage('/acme/login');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  expect(screen.getByRole('banner').querySelector('.header-subtitle')).toBeNull();
});

it('the deactivated page of paused offers the pages it still shows and no sign-in', async () => {
  bootPage('/paused/login');
  await screen.findByRole('heading', { name: en['error.label.page'] }, { timeout: 5000 });
  const main = screen.getByRole('main');
  const list = within(main).getByRole('list', { name: en['error.waysForward.pages'] });
  expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Notifications', '/paused/notif']]);
  expect(within(main).queryByRole('link', { name: en['error.waysForward.login'] })).toBeNull();
  expect(within(main).getByText(en['ssp.member.portal.error.page.contact.tip'])).toBeInstanceOf(HTMLElement);
  // Its contact (server/db/demo/orgs/paused.json), the name inside the sentences isolated as its own text.
  const contact = within(main).getByRole('link', { name: 'Contact Paused Township' });
  expect(contact.getAttribute('href')).toBe('https://paused-township.example.org/contact');
  expect(contact.querySelector('bdi')?.getAttribute('lang')).toBe('en-US');
  const email = within(main).getByRole('link', { name: 'townhall@paused-township.example.org' });
  expect(email.getAttribute('href')).toBe('mailto:townhall@paused-township.example.org');
  expect(email.parentElement?.textContent).toBe('Write to Paused Township: townhall@paused-township.example.org');
});
