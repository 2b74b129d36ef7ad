/**
 * Issue 11, "the shell (every page)", in Chromium against the real server: at a phone's 390 × 844
 * and a desktop's 1280 × 900 the login form's first field is on the first screen (also at 200 %
 * zoom); the menu button works by keyboard on the phone; the member's navigation is one row at
 * 1280 px in German and French; a client-side navigation moves focus to the new page's h1, the first
 * load does not. Every page's overflow, h1 and axe-core checks are the route walk's
 * (tests/e2e/routes.test.ts: every route of every demo organisation, visitor and member, both widths).
 *
 * One browser, one context per viewport and its pages in sequence keep the run short.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { launchBrowser, screenshot } from './browser.ts';
import { logIn } from './portal.ts';
import { drawn, newCheckedPage, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('the shell (issue 11)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const newPage = (viewport: { width: number; height: number }, locale = 'en-US') => newCheckedPage(browser, baseURL, viewport, locale);

  describe.each(VIEWPORTS)('at $width × $height ($name)', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await newPage(viewport));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the login form\'s first field is on the first screen', async () => {
      for (const orgId of ['springfield', 'acme']) {
        await page.goto(`${baseURL}/${orgId}/login`);
        await drawn(page);
        const field = page.getByRole('textbox', { name: en['login.username.label'] });
        const box = await field.boundingBox();
        expect(box, `${orgId}: the username field`).not.toBeNull();
        expect(box!.y + box!.height, `${orgId}: bottom of the username field`).toBeLessThanOrEqual(viewport.height);
        await screenshot(page, `shell-${viewport.width}-${orgId}-login`);
      }
    });
  });

  it('at 390 px the menu button works by keyboard: Enter opens, the links are reachable, Escape closes and gives focus back', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
    try {
      await page.goto(`${baseURL}/springfield/login`);
      await drawn(page);
      const menu = page.getByRole('button', { name: en['nav.menu'] });
      const nav = page.getByRole('navigation', { name: en['nav.label'] });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible(), 'the navigation is folded away').toBe(false);
      expect(await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top), 'a compact header').toBeLessThan(120);

      await menu.focus();
      await page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await menu.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));
      await nav.waitFor({ state: 'visible' });
      // The links follow the button in the tab order, as a vertical list.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en['nav.notifications']);
      const names = await nav.getByRole('link').allInnerTexts();
      expect(names).toEqual([en['nav.notifications'], en['nav.weather'], en['nav.events'], en['nav.overview'], en['nav.faq'], en['nav.files'], en['nav.login'], en['nav.signUp']]);
      const boxes = await Promise.all((await nav.getByRole('link').all()).map((link) => link.boundingBox()));
      expect(new Set(boxes.map((b) => b!.x)).size, 'one column').toBe(1);
      await page.keyboard.press('Tab');
      await screenshot(page, 'shell-390-menu-open');

      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button')), 'focus back on the menu button').toBe(true);

      // Following an item closes the menu; the new page's h1 has focus (route changes are announced).
      await page.keyboard.press('Enter');
      await nav.getByRole('link', { name: en['nav.faq'] }).click();
      await page.waitForURL(`${baseURL}/springfield/faq`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en['page.title.faq']);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('moves focus to the new page\'s h1 after a client-side navigation, not on the first load', async () => {
    const { context, page } = await newPage({ width: 1280, height: 900 });
    try {
      await page.goto(`${baseURL}/springfield/login`);
      await drawn(page);
      expect(await page.evaluate(() => document.activeElement === document.body), 'first load: focus stays at the top').toBe(true);
      await page.getByRole('navigation', { name: en['nav.label'] }).getByRole('link', { name: en['nav.weather'] }).click();
      await page.waitForURL(`${baseURL}/springfield/weather`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('tabindex')]))
        .toEqual([en['page.title.weather'], '-1']);
      await page.goBack();
      await page.waitForURL(`${baseURL}/springfield/login`);
      await page.waitForFunction(() => document.activeElement?.textContent === 'Sign in' && document.activeElement.tagName === 'H1');
    } finally {
      await context.close();
    }
  });

  it('a paused organisation (enableSSP false) offers neither Login nor Sign up', async () => {
    const { context, page } = await newPage({ width: 1280, height: 900 });
    try {
      await page.goto(`${baseURL}/paused/notif`);
      await drawn(page);
      const names = await page.getByRole('navigation', { name: en['nav.label'] }).getByRole('link').allInnerTexts();
      expect(names).toEqual([en['nav.notifications']]);
    } finally {
      await context.close();
    }
  });

  it.each(['de_DE', 'fr_FR'])('at 1280 px the member\'s navigation is one row in %s', async (lang) => {
    const { context, page } = await newPage({ width: 1280, height: 900 });
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(`${baseURL}/springfield/home`);
      await drawn(page);
      await page.getByRole('combobox', { name: en['language.select.label'] }).selectOption(lang);
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted.replace('_', '-'), lang);
      const tops = await page.locator('nav.nav li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(5);
      expect(new Set(tops).size, `${lang}: rows of the navigation`).toBe(1);
      await screenshot(page, `shell-1280-home-member-${lang}`);
    } finally {
      await context.close();
    }
  });

  it('at 200 % zoom (195 × 422 CSS px) the login form\'s first field is on the first screen', async () => {
    const { context, page } = await newPage({ width: 195, height: 422 });
    try {
      await page.goto(`${baseURL}/springfield/login`);
      await drawn(page);
      const box = await page.getByRole('textbox', { name: en['login.username.label'] }).boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(422);
      await screenshot(page, 'shell-200pc-springfield-login');
    } finally {
      await context.close();
    }
  });
});
