/**
 * The walking skeleton in a real browser against the real server (tests/e2e/globalSetup.ts):
 * routing rules of §2, the org chrome (title, navigation, footer), error pages, the root page,
 * right-to-left languages and the entryFromPublicPortal cookie. Texts come from public/i18n/en_US.json.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import ar from '../../public/i18n/ar_SA.json' with { type: 'json' };
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const NAV = 'nav[aria-label="Main"]';

/** Opens an address of the app and waits until the boot has drawn a page (the main landmark). */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${baseURL}${path}`);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await page.locator('main#main').waitFor();
}

/** The address the browser ended up on, without the origin. */
function where(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

async function navLinkNames(page: Page): Promise<string[]> {
  const nav = page.locator(NAV);
  if ((await nav.count()) === 0) return [];
  return (await nav.locator('a').allInnerTexts()).map((s) => s.trim());
}

async function expectNotFound(page: Page): Promise<void> {
  await page.getByRole('heading', { name: en['error.404.title'] }).waitFor();
  await page.getByText(en['ssp.member.portal.error.page.contact.tip']).waitFor();
  expect(await page.getByRole('link', { name: en['nav.login'], exact: true }).count()).toBe(0);
}

async function expectDeactivated(page: Page): Promise<void> {
  await page.getByRole('heading', { name: en['error.label.page'] }).waitFor();
  await page.getByText(en['ssp.page.deactivated']).waitFor();
}

/** A cookie of the test's context, whatever its path (cookies(url) would only give those matching the url's path). */
async function cookie(page: Page, name: string, path?: string) {
  const all = await page.context().cookies();
  return all.find((c) => c.name === name && (path === undefined || c.path === path)) ?? null;
}

describe.skipIf(!chromiumPath)('walking skeleton in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('shows the login page of a public organisation with its title, navigation and footer', async () => {
    const { page } = browser;
    await open(page, '/springfield/login');
    await expect.poll(() => page.title()).toBe('City of Springfield - Sign in');

    const nav = page.locator(NAV);
    await nav.getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
    const links = await navLinkNames(page);
    expect(links).toContain(en['nav.login']);
    expect(links).toContain(en['nav.signUp']);
    expect(links).not.toContain(en['nav.logout']);
    expect(await nav.getByRole('link', { name: en['nav.logout'] }).count()).toBe(0);

    const footer = page.locator('footer');
    // Without the left-to-right isolates around the versions (U+2066 … U+2069).
    const footerText = (await footer.innerText()).replace(/[\u2066-\u2069]/g, '');
    expect(footerText).toContain(en['footer.terms']);
    expect(footerText).toContain(en['footer.privacy']);
    expect(footerText).toContain(String(new Date().getFullYear()));
    expect(footerText).toContain(en['footer.serverVersion'].replace('{{version}}', pkg.version)); // "Server 0.1.0"
    await screenshot(page, 'springfield-login');
  });

  it.each(['/dormant/login', '/dormant/anything'])('shows the not-found page for %s (disabled organisation)', async (path) => {
    const { page } = browser;
    await open(page, path);
    await expectNotFound(page);
    expect(await page.locator(NAV).count()).toBe(0);
    expect(where(page)).toBe(path);
    await screenshot(page, `not-found${path.replaceAll('/', '-')}`);
  });

  it.each(['/paused/login', '/paused/new'])('shows the deactivated page for %s (enableSSP false)', async (path) => {
    const { page } = browser;
    await open(page, path);
    await expectDeactivated(page);
    expect(where(page)).toBe(path);
    await screenshot(page, `deactivated${path.replaceAll('/', '-')}`);
  });

  it('sends a visitor from a member page to login and keeps the accessKey', async () => {
    const { page } = browser;
    await open(page, '/springfield/home?accessKey=abc123');
    await waitForPath(page, '/springfield/login');
    expect(where(page)).toBe('/springfield/login?accessKey=abc123');
    await expect.poll(() => page.title()).toBe('City of Springfield - Sign in');
    await screenshot(page, 'visitor-home-to-login');
  });

  it('sends a visitor from /task (a member page that redirects) to login', async () => {
    const { page } = browser;
    await open(page, '/springfield/task');
    await waitForPath(page, '/springfield/login');
    await page.locator(NAV).getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
    await screenshot(page, 'visitor-task-to-login');
  });

  it('shows not-found for an unknown address of an organisation', async () => {
    const { page } = browser;
    await open(page, '/springfield/no-such-page');
    await page.getByRole('heading', { name: en['error.404.title'] }).waitFor();
    await page.getByText(en['ssp.member.portal.error.page.contact.tip']).waitFor();
    expect(where(page)).toBe('/springfield/no-such-page');
    await expect.poll(() => page.title()).toBe(`City of Springfield - ${en['error.404.title']}`);
    await screenshot(page, 'springfield-no-such-page');
  });

  it('shows single sign-on where the organisation has it', async () => {
    const { page } = browser;
    await open(page, '/campus/login/sso');
    await expect.poll(() => page.title()).toBe(`State University - ${en['page.title.loginSso']}`);
    expect(where(page)).toBe('/campus/login/sso');
    await screenshot(page, 'campus-login-sso');
  });

  it('sends /login/sso to /login where the organisation has no single sign-on', async () => {
    const { page } = browser;
    await open(page, '/springfield/login/sso');
    await waitForPath(page, '/springfield/login');
    await expect.poll(() => page.title()).toBe('City of Springfield - Sign in');
    await screenshot(page, 'springfield-login-sso-to-login');
  });

  it('sends sign-up of a private organisation to login unless it is an invitation', async () => {
    const { page } = browser;
    await open(page, '/acme/new');
    await waitForPath(page, '/acme/login');
    await expect.poll(() => page.title()).toBe(`Acme Corporation - ${en['page.title.login']}`);
    await screenshot(page, 'acme-new-to-login');

    await open(page, '/acme/new?contactId=12&referrer=mail');
    await expect.poll(() => page.title()).toBe(`Acme Corporation - ${en['page.title.signUp']}`);
    expect(where(page)).toBe('/acme/new?contactId=12&referrer=mail');
    await screenshot(page, 'acme-new-invitation');
  });

  it('shows not-found for an unknown organisation', async () => {
    const { page } = browser;
    await open(page, '/nope/login');
    await page.getByRole('heading', { name: en['error.404.title'] }).waitFor();
    await page.getByText(en['ssp.member.portal.error.page.contact.tip']).waitFor();
    expect(await page.locator(NAV).count()).toBe(0);
    await screenshot(page, 'unknown-org');
  });

  it('lists the demo organisations and the demo login on the root page', async () => {
    const { page } = browser;
    await open(page, '/');
    await page.getByRole('heading', { name: en['root.title'] }).waitFor();
    await page.locator('a[href="/springfield/login"]').waitFor();
    const hrefs = await page.locator('.org-list a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const orgId of ['acme', 'campus', 'springfield']) expect(hrefs).toContain(`/${orgId}/login`);
    expect(await page.getByRole('link', { name: 'City of Springfield' }).getAttribute('href')).toBe('/springfield/login');
    await page
      .getByText(en['root.demoLogin'].replace('{{username}}', 'demo.member').replace('{{password}}', 'Demo!Member2026'))
      .waitFor();
    await screenshot(page, 'root');
  });

  it('switches to right-to-left for ar_SA, keeps it after a reload, and back for en_US', async () => {
    const { page } = browser;
    await open(page, '/springfield/login');
    const select = page.locator('select:has(option[value="ar_SA"])');
    await page.locator('select[aria-label="Language"]').waitFor();
    await page.locator(NAV).getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
    const html = () => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
    expect(await html()).toEqual({ dir: 'ltr', lang: 'en-US' });
    await screenshot(page, 'language-before-en_US');

    await page.locator('select[aria-label="Language"]').selectOption('ar_SA');
    await expect.poll(html).toEqual({ dir: 'rtl', lang: 'ar-SA' });
    expect(await page.locator('link#rtl-stylesheet').count()).toBe(1);
    await expect.poll(() => cookie(page, 'language').then((c) => c?.value ?? null)).toBe('ar_SA');
    // The navigation itself is named in Arabic now.
    const arabicNav = page.locator(`nav[aria-label="${ar['nav.label']}"] a`);
    await expect.poll(() => arabicNav.allInnerTexts()).toContain(ar['nav.login']);
    expect(await arabicNav.allInnerTexts()).not.toContain(en['nav.signUp']);
    await expect.poll(() => select.inputValue()).toBe('ar_SA');
    await screenshot(page, 'language-after-ar_SA');

    await page.reload();
    await page.locator('main#main').waitFor();
    await expect.poll(html).toEqual({ dir: 'rtl', lang: 'ar-SA' });
    expect(await page.locator('link#rtl-stylesheet').count()).toBe(1);
    await expect.poll(() => select.inputValue()).toBe('ar_SA');
    await screenshot(page, 'language-after-reload-ar_SA');

    await select.selectOption('en_US');
    await expect.poll(html).toEqual({ dir: 'ltr', lang: 'en-US' });
    expect(await page.locator('link#rtl-stylesheet').count()).toBe(0);
    await expect.poll(() => cookie(page, 'language').then((c) => c?.value ?? null)).toBe('en_US');
    await page.locator(NAV).getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
    await screenshot(page, 'language-back-en_US');
  });

  it('sets entryFromPublicPortal on new-profile (with "Back to portal") and clears it on login', async () => {
    const { page } = browser;
    await open(page, '/springfield/new-profile');
    await expect.poll(() => cookie(page, 'entryFromPublicPortal', '/springfield').then((c) => c?.value ?? null)).toBe('true');
    const back = page.locator(NAV).getByRole('link', { name: en['nav.backToPortal'] });
    await back.waitFor();
    // The organisation's public portal address, else its own portal-home.
    expect(await back.getAttribute('href')).toMatch(/^(https?:\/\/|\/springfield\/portal-home$)/);
    await screenshot(page, 'public-portal-entry-set');

    await open(page, '/springfield/login');
    await page.locator(NAV).getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
    await expect.poll(() => cookie(page, 'entryFromPublicPortal')).toBeNull();
    await back.waitFor({ state: 'detached' });
    await screenshot(page, 'public-portal-entry-cleared');
  });
});
