/**
 * Real Chromium for the e2e tests (playwright-core with the system browser, no download).
 *
 * `useBrowser(chromiumPath)` inside a `describe` launches one browser for the file and gives every
 * test a fresh context (no cookies or storage shared between tests) and page. Uncaught errors of the
 * page (`pageerror`) fail the test that caused them; a failing test leaves a screenshot
 * `test-results/e2e/failed-<test>.png` behind.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const screenshotDir = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** Writes `test-results/e2e/<name>.png` (the whole page, once no loading bar is left); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  await page.locator('.loading-bar').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  const path = `${screenshotDir}${name.replace(/[^\w.-]+/g, '_')}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface BrowserSession {
  /** The page of the running test (a new context for every test). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors of the page so far; the test fails after it ends when any are left. */
  readonly pageErrors: Error[];
}

export function useBrowser(executablePath: string | null, options: { baseURL?: string } = {}): BrowserSession {
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let pageErrors: Error[] = [];

  beforeAll(async () => {
    if (!executablePath) throw new Error('e2e: useBrowser needs a Chromium path (skip the suite when there is none)');
    browser = await launchBrowser(executablePath);
  });

  afterAll(async () => {
    await browser?.close();
    browser = null;
  });

  beforeEach(async () => {
    if (!browser) throw new Error('e2e: the browser did not start');
    pageErrors = [];
    context = await browser.newContext({ baseURL: options.baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(15_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
  });

  afterEach(async (ctx) => {
    const errors = pageErrors;
    // afterEach runs before onTestFailed, while the page is still open.
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
      await screenshot(page, `failed-${ctx.task.name}`).catch(() => {});
    }
    await context?.close();
    context = null;
    page = null;
    expect(errors.map((e) => e.stack ?? e.message), 'uncaught errors in the page').toEqual([]);
  });

  return {
    get page() {
      if (!page) throw new Error('e2e: no page outside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('e2e: no browser context outside a test');
      return context;
    },
    get pageErrors() {
      return pageErrors;
    },
  };
}
