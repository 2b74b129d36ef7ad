/**
 * What issue 11 asks of every page of the portal, measured in Chromium: no horizontal scroll,
 * exactly one h1 that is the first heading of main, no axe-core violation of any impact. Shared by
 * shell.test.ts (the shell's own behaviour) and routes.test.ts (every route of every demo organisation).
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

const axePath = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * A context of its own with one page, for the checks above: axe-core is injected as a script tag,
 * which the portal's CSP would refuse, so the context bypasses it. Uncaught errors of the page fail
 * the test when the context closes.
 */
export async function newCheckedPage(
  browser: Browser, baseURL: string, viewport: { width: number; height: number }, locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  context.on('close', () => expect(errors.map((e) => e.message), 'uncaught errors in the page').toEqual([]));
  return { context, page };
}

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** A page of the app is drawn: its h1 is in main and no loading bar is left. */
export async function drawn(page: Page): Promise<void> {
  await page.locator('main#main h1').first().waitFor();
  await page.locator('.loading-bar').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
}

/** What issue 11 asks of every page, measured in one evaluation. */
export async function shellFacts(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const firstHeading = main?.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]');
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      h1s: document.querySelectorAll('h1').length,
      firstHeadingInMain: firstHeading ? `${firstHeading.tagName.toLowerCase()}: ${firstHeading.textContent?.trim()}` : null,
      h1InMain: main?.querySelector('h1')?.textContent?.trim() ?? null,
    };
  });
}

/**
 * axe-core's violations of the whole document, every impact (moderate and minor included), by its
 * default rules. The script is injected once per document (the contexts bypass the portal's CSP).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    type Axe = { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Only the violations are wanted: axe then skips building the details of the rules that pass.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page is drawn and meets issue 11's three checks; `label` names the page and width in a failure. */
export async function expectShell(page: Page, label: string): Promise<void> {
  await drawn(page);
  const facts = await shellFacts(page);
  expect(facts.overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
  expect(facts.h1s, `${label}: number of h1`).toBe(1);
  expect(facts.firstHeadingInMain, `${label}: first heading in main`).toBe(`h1: ${facts.h1InMain}`);
  expect(await axeViolations(page), `${label}: axe-core violations`).toEqual([]);
}
