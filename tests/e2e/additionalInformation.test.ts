/**
 * Issue 12 "Additional information" in Chromium against `npm start`'s server: acme's demo.member
 * opens my-additionalInformation, is refused a save without the mandatory Department (the grouped
 * error summary, the field marked), fills the mandatory field and more, saves ('ssp.save.success'),
 * reloads and sees the values. The page at 390 × 844 and 1280 × 900: no horizontal scroll, one h1
 * first in main, no serious or critical axe-core violation; screenshots in test-results/e2e/. Then
 * downloads their data from home at 360 px and finds those answers in the file.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { launchBrowser, screenshot } from './browser.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage, shellFacts, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

describe.skipIf(!chromiumPath)('acme\'s additional information (issue 12)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('demo.member fills the mandatory custom fields after a refused save, saves, reloads and sees them; both widths pass the checks', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, VIEWPORTS[1]);
    try {
      await logIn(page, baseURL, 'acme', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/acme\/home$/);
      await page.goto(`${baseURL}/acme/my-additionalInformation`);
      await drawn(page);
      const department = page.getByLabel(/^Department/);
      await department.waitFor();
      // Whatever an earlier run left: Department emptied, so the first save is refused.
      await department.selectOption('');
      await page.getByRole('button', { name: en['additionalInformation.save'], exact: true }).click();
      const summary = page.getByRole('heading', { name: en['form.errorSummary.title'] });
      await summary.waitFor();
      expect(await department.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'additionalInformation-refused-desktop');

      await department.selectOption('Facilities');
      await page.getByLabel(/^Badge number/).fill('-42.5');
      const french = page.getByRole('checkbox', { name: 'French' });
      if (!(await french.isChecked())) await french.check();
      await page.getByRole('button', { name: en['additionalInformation.save'], exact: true }).click();
      await page.getByText(en['ssp.save.success']).waitFor();
      expect(page.url()).toMatch(/\/acme\/my-additionalInformation$/);
      await screenshot(page, 'additionalInformation-saved-desktop');

      await page.reload();
      await drawn(page);
      await page.getByLabel(/^Department/).waitFor();
      expect(await page.getByLabel(/^Department/).inputValue()).toBe('Facilities');
      expect(await page.getByLabel(/^Badge number/).inputValue()).toBe('-42.5');
      expect(await page.getByRole('checkbox', { name: 'French' }).isChecked()).toBe(true);

      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const path of ['my-additionalInformation', 'new/account/additionalInformation', 'new/account/edit-additionalInformation']) {
          await page.goto(`${baseURL}/acme/${path}`);
          await drawn(page);
          await page.getByLabel(/^Department/).waitFor();
          const label = `${path} at ${viewport.width}`;
          const facts = await shellFacts(page);
          expect(facts.overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
          expect(facts.h1s, `${label}: h1`).toBe(1);
          const violations = await axeViolations(page);
          if (violations.length > 0) console.log(`${label}: axe-core\n${violations.join('\n')}`);
          expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), `${label}: serious or critical axe-core violations`).toEqual([]);
          await screenshot(page, `additionalInformation-${path.replace(/\//g, '-')}-${viewport.name}`);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('demo.member downloads their data from home at 360 px: a JSON file with the answers just saved and no secret', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, { width: 360, height: 800 });
    try {
      await logIn(page, baseURL, 'acme', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/acme\/home$/);
      await drawn(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: en['home.account.download'] }).click()]);
      expect(download.suggestedFilename()).toMatch(/^acme-\d+-data-\d{4}-\d{2}-\d{2}\.json$/);
      const text = await readFile((await download.path())!, 'utf8');
      const data = JSON.parse(text) as { format: string; account: { username: string }; customFields: { name: string | null; values: string[] }[]; groups: unknown[] };
      expect(data.format).toBe('member-portal.data-export/1');
      expect(data.account.username).toBe('demo.member');
      expect(data.customFields.find((field) => field.name === 'Department')?.values).toEqual(['Facilities']);
      // Its 12 groups, and any opt-in group another test joined (subscriptions.test.ts).
      expect(data.groups.length).toBeGreaterThanOrEqual(12);
      expect(text).not.toMatch(/\$argon2id\$/);
      await screenshot(page, 'home-download-phone');
    } finally {
      await context.close();
    }
  });
});
