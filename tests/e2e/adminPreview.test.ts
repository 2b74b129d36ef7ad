/**
 * The admin live preview (issue 3) in Chromium against the real server: sign-in, the settings form
 * drawn by the same renderer, the member forms changing live with the edited settings, the schema
 * diff, refused settings shown inline with nothing saved, the server's check of a preview form, and
 * the access keys in use revoked from the member links (issue 9 row 16), at 360 px wide; and the
 * preview's whole-page view (issue 11) at a phone's and a desktop's size and at 200 % zoom: axe-core
 * finds nothing, one h1, one banner, contentinfo and main, no sideways scroll, and its navigation
 * used by keyboard switches the previewed page without leaving /admin.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { launchBrowser, screenshot, useBrowser } from './browser.ts';
import { adminSignIn, storedSettings } from './portal.ts';
import { axeViolations, newCheckedPage, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('admin live preview in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('refuses a wrong password', async () => {
    const page = browser.page;
    await page.goto(`${baseURL}/admin`);
    await page.getByLabel(en['admin.login.username']).fill('admin');
    await page.getByLabel(en['admin.login.password']).fill('not-the-password');
    await page.getByRole('button', { name: en['admin.login.submit'] }).click();
    await page.getByRole('alert').filter({ hasText: en['admin.login.invalid'] }).waitFor();
    await screenshot(page, 'admin-login-refused');
  });

  it('redraws the member forms from the edited settings and shows the schema diff', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('acme');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    await preview.getByText(en['signup.slack.label']).waitFor();
    await screenshot(page, 'admin-acme-signup-preview');

    await page.getByRole('checkbox', { name: en['admin.settings.label.showSlackDeliveryPath'] }).uncheck();
    await expect.poll(() => preview.getByText(en['signup.slack.label']).count()).toBe(0);
    const summary = preview.locator('details summary');
    await expect.poll(() => summary.textContent()).toMatch(/Generated schema \([1-9]\d* changed lines?/);
    await summary.click();
    expect(await preview.locator('.diff-removed').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-acme-without-slack');
  });

  it('refuses invalid settings inline and saves nothing', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('fedagency');
    const before = await storedSettings(page, 'fedagency');
    const orgName = page.getByRole('textbox', { name: en['admin.settings.label.orgName'] });
    await orgName.fill('');
    await page.getByRole('button', { name: en['admin.save'] }).click();
    // The browser refuses first, with the message next to the field.
    await expect.poll(() => orgName.getAttribute('aria-invalid')).toBe('true');
    expect(await storedSettings(page, 'fedagency')).toEqual(before);
    await screenshot(page, 'admin-settings-refused');

    await orgName.fill('Federal Agency of Tests');
    await page.getByRole('button', { name: en['admin.save'] }).click();
    await page.getByText(/^Saved as version \d+ at /).waitFor();
    const after = await storedSettings(page, 'fedagency');
    expect(after.settings.orgName).toBe('Federal Agency of Tests');
    expect(after.settingsVersion).toBe(before.settingsVersion + 1);
  });

  it('checks a filled-in preview form on the server with the edited settings', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('springfield');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    // Exact: the sign-up preview's "Verify your location" button names a location too (drawn as on the sign-up page).
    await preview.getByRole('button', { name: en['admin.form.location'], exact: true }).click();
    await preview.getByRole('textbox', { name: new RegExp(en['ssp.address.streetAddress.label']) }).fill('1 Main Street');
    await preview.getByRole('button', { name: en['admin.preview.check'] }).click();
    await preview.getByText(en['admin.preview.serverOk']).waitFor();
    await screenshot(page, 'admin-preview-server-ok');
  });

  it('lists the access keys in use and revokes one after a confirmation, at 360 px wide; its link then signs nobody in', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 360, height: 800 });
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('campus');
    const issue = page.locator('form[aria-labelledby="member-accessKey"]');
    await issue.getByLabel(en['admin.members.field.username']).fill('demo.member');
    await issue.getByRole('button', { name: en['admin.members.accessKey.submit'] }).click();
    const url = await issue.getByRole('status').getByRole('link').getAttribute('href');
    const keys = page.getByRole('region', { name: en['admin.members.accessKeys.title'] });
    const items = keys.getByRole('list').getByRole('listitem');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const before = await items.count();
    const revoke = items.first().getByRole('button', { name: /^Revoke the access key of Dana Member \(demo\.member\), issued / });
    await revoke.scrollIntoViewIfNeeded();
    // Nothing sticks out sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-access-keys-360');

    await revoke.click();
    const confirm = page.getByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await confirm.getByText(/^Revoke the access key of Dana Member \(demo\.member\)/).waitFor();
    await screenshot(page, 'admin-access-key-revoke-confirm');
    await confirm.getByRole('button', { name: en['admin.members.accessKeys.revoke'] }).click();
    await keys.getByRole('status').filter({ hasText: en['admin.members.accessKeys.revoked'] }).waitFor();
    await expect.poll(() => items.count()).toBe(before - 1);

    // The issued link now leaves a visitor at login.
    await page.goto(url!);
    await page.waitForURL(/\/campus\/login/);
  });
});

describe.skipIf(!chromiumPath)('the admin preview\'s whole-page view in Chromium (issue 11)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const newPage = (viewport: { width: number; height: number }) => newCheckedPage(browser, baseURL, viewport);

  /** One h1 (the admin page's), one banner, contentinfo and main, no sideways scroll, no axe-core violation. */
  async function expectAccessible(page: Page, label: string) {
    expect(await page.locator('h1').count(), `${label}: h1`).toBe(1);
    expect(await page.getByRole('banner').count(), `${label}: banner landmarks`).toBe(1);
    expect(await page.getByRole('contentinfo').count(), `${label}: contentinfo landmarks`).toBe(1);
    expect(await page.getByRole('main').count(), `${label}: main landmarks`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page), `${label}: axe-core violations`).toEqual([]);
  }

  async function openWholePage(page: Page) {
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('springfield');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    await preview.getByRole('button', { name: en['admin.preview.view.page'] }).click();
    const region = page.getByRole('region', { name: en['admin.preview.pageRegion'] });
    await region.getByText('City of Springfield', { exact: true }).waitFor();
    // The form is drawn once the server compiled its validator.
    await region.getByRole('button', { name: en['admin.preview.check'] }).waitFor();
    await page.locator('.loading-bar').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
    return { preview, region };
  }

  const shotPath = (name: string) => fileURLToPath(new URL(`../../test-results/e2e/${name}.png`, import.meta.url));

  /**
   * `test-results/e2e/<name>.png` of the previewed page alone, whole: the preview's card scrolls within
   * the window, so for the picture (after the checks) it is let grow to the page's length.
   */
  async function elementShot(page: Page, element: Locator, name: string) {
    const unclip = await page.addStyleTag({ content: '.admin-grid > section.admin-preview { max-height: none; overflow: visible; position: static; }' });
    await element.screenshot({ path: shotPath(name) });
    await unclip.evaluate((style) => style.parentNode?.removeChild(style));
  }

  // The narrowest phone the admin page is drawn for (360 px), and 200 % zoom of a 1280 × 900 window: a 640 × 450 layout viewport.
  const SIZES = [...VIEWPORTS, { name: 'narrow', width: 360, height: 800 }, { name: 'zoom200', width: 640, height: 450 }] as const;

  it.each(SIZES)('at $width × $height ($name): the member page with its header, navigation and footer, accessible as a visitor and as a member', async ({ name, width, height }) => {
    const { context, page } = await newPage({ width, height });
    try {
      const { preview, region } = await openWholePage(page);
      await region.scrollIntoViewIfNeeded();
      await expectAccessible(page, `visitor at ${width}px`);
      // What the administrator sees: the window, the previewed page in view.
      await page.screenshot({ path: shotPath(`admin-whole-page-${name}-visitor-window`) });
      await elementShot(page, region, `admin-whole-page-${name}-visitor`);

      await preview.getByRole('button', { name: en['admin.preview.viewer.member'], exact: true }).click();
      // Attached, not visible: at 390 and 640 px the navigation is folded behind the Menu button.
      await region.locator('nav [data-nav="welcome"]').getByText('Welcome, Sample Member').waitFor({ state: 'attached' });
      await expectAccessible(page, `member at ${width}px`);
      await elementShot(page, region, `admin-whole-page-${name}-member`);
    } finally {
      await context.close();
    }
  });

  it('at 390 px by keyboard: the preview\'s Menu opens its navigation, and its Sign up item switches the previewed page, not the address', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
    try {
      const { preview, region } = await openWholePage(page);
      // The profile page, then seen by a visitor: sent to sign in, says the preview.
      await preview.getByRole('button', { name: en['admin.form.profile'], exact: true }).click();
      await preview.getByRole('button', { name: en['admin.preview.viewer.visitor'], exact: true }).click();
      await region.getByText(en['admin.preview.redirected.visitor'].replace('{{address}}', '/springfield/login')).waitFor();

      const menu = region.getByRole('button', { name: en['nav.menu'] });
      const nav = region.getByRole('navigation', { name: en['admin.preview.pageNav'] });
      expect(await nav.isVisible(), 'folded away at 390 px').toBe(false);
      await menu.focus();
      await page.keyboard.press('Enter');
      await nav.waitFor({ state: 'visible' });
      const signUp = nav.getByRole('link', { name: en['nav.signUp'] });
      await signUp.focus();
      await page.keyboard.press('Enter');
      const heading = region.getByRole('heading', { name: en['page.title.signUp'], level: 3 });
      await heading.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('page-heading'));
      expect(new URL(page.url()).pathname).toBe('/admin');
      expect(await preview.getByRole('button', { name: en['admin.form.signUp'], exact: true }).getAttribute('aria-pressed')).toBe('true');
      await region.getByRole('button', { name: en['admin.preview.check'] }).waitFor();
      await expectAccessible(page, 'after the switch at 390px');
      await page.screenshot({ path: shotPath('admin-whole-page-390-after-nav-window') });
    } finally {
      await context.close();
    }
  });
});
