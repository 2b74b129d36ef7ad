/**
 * Issue 13 "Subscriptions" in Chromium against `npm start`'s server: springfield's demo.member opens
 * my-subscription; checking a parent checks its children and one child of another makes that parent
 * mixed (§4); a weather category with do-not-disturb from 10 PM to 10 PM is refused with §5's
 * 'alertSubscription.dialog.content.equal' and the missing time zone with
 * 'ssp.controller.subscription.set.timezone', at their fields; fixed, the save says
 * 'home.alert.box.message.mySubscriptions', and a reload shows the choice. Unchecking
 * do-not-disturb asks 'ssp.location.remove.confirm' first. acme's demo.member joins an opt-in group
 * and finds it among their groups on home, and follows the incident topic offered to their group.
 * "Would this alert reach me?" answers a late-evening alert with the SMS quiet time holding it. A
 * weather alert chosen without a location brings §4's weather warning. Every subscriptions address at 390 × 844 and 1280 × 900:
 * no horizontal scroll, one h1, no serious or critical axe-core violation; screenshots in test-results/e2e/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { launchBrowser, screenshot } from './browser.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage, shellFacts, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

/** Closes §4's weather warning if it opened (whether the member keeps a location depends on the tests before). */
async function dismissWeatherWarning(page: Page) {
  const warning = page.getByRole('dialog', { name: en['subscriptions.weather.warning.title'] });
  if (await warning.isVisible()) await warning.getByRole('button', { name: en['subscriptions.weather.warning.later'] }).click();
}

/** Sets a checkbox, whatever an earlier run left. */
async function setChecked(page: Page, name: string, on: boolean) {
  const box = page.getByRole('checkbox', { name, exact: true });
  if ((await box.isChecked()) !== on) await box.click();
}

describe.skipIf(!chromiumPath)('subscriptions (issue 13)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('springfield\'s demo.member follows the tree rules, is refused equal quiet hours and no time zone, saves, reloads and sees the choice', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, VIEWPORTS[0]);
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/springfield\/home$/);
      await page.goto(`${baseURL}/springfield/my-subscription`);
      await drawn(page);
      await page.getByRole('checkbox', { name: 'City services' }).waitFor();
      expect(await page.getByRole('checkbox', { name: /Emergency alerts/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('checkbox', { name: /Emergency alerts/ }).isChecked()).toBe(true);

      // §4: a parent checks its children; one child of another parent makes it mixed.
      await setChecked(page, 'City services', false);
      await setChecked(page, 'Community', false);
      await setChecked(page, 'City services', true);
      for (const child of ['Road closures and traffic', 'Water and utilities', 'Trash and recycling']) {
        expect(await page.getByRole('checkbox', { name: child }).isChecked(), child).toBe(true);
      }
      await setChecked(page, 'Events and festivals', true);
      const community = page.getByRole('checkbox', { name: 'Community', exact: true });
      expect(await community.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
      expect(await community.isChecked()).toBe(false);

      await setChecked(page, 'Tornado Warning', true);
      await setChecked(page, en['subscriptions.noDisturb.checked'], true);
      const from = page.getByRole('combobox', { name: new RegExp(`^${en['subscriptions.noDisturb.startTime']}`) }).first();
      await from.selectOption('10:00');
      await page.getByRole('combobox', { name: /^From \(AM or PM\)/ }).selectOption('PM');
      await page.getByRole('combobox', { name: /^Until/ }).first().selectOption('10:00');
      await page.getByRole('combobox', { name: /^Until \(AM or PM\)/ }).selectOption('PM');
      const zone = page.getByRole('combobox', { name: /^Time zone/ });
      await zone.selectOption('');
      await page.getByRole('button', { name: en['subscriptions.save'], exact: true }).click();
      await page.getByRole('heading', { name: en['form.errorSummary.title'] }).waitFor();
      await page.getByText(en['alertSubscription.dialog.content.equal']).first().waitFor();
      await page.getByText(en['ssp.controller.subscription.set.timezone']).first().waitFor();
      expect(await zone.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'subscriptions-refused-phone');

      await page.getByRole('combobox', { name: /^Until/ }).first().selectOption('06:00');
      await page.getByRole('combobox', { name: /^Until \(AM or PM\)/ }).selectOption('AM');
      await zone.selectOption('America/Chicago');
      await page.getByRole('button', { name: en['subscriptions.save'], exact: true }).click();
      await page.getByText(en['home.alert.box.message.mySubscriptions']).waitFor();
      await dismissWeatherWarning(page);
      await screenshot(page, 'subscriptions-saved-phone');

      await page.reload();
      await drawn(page);
      await page.getByRole('checkbox', { name: 'City services' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'City services' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Events and festivals' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Library news' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Tornado Warning' }).isChecked()).toBe(true);
      expect(await page.getByRole('combobox', { name: /^Time zone/ }).inputValue()).toBe('America/Chicago');

      // "Would this alert reach me?" for a topic now subscribed, at 22:30 in the member's zone (Chicago):
      // the SMS quiet time "Night" (10 PM to 7 AM) holds it, e-mail sends it; a priority alert goes everywhere.
      await page.getByText(en['reach.title']).click();
      await page.getByLabel(en['reach.alert'], { exact: true }).selectOption({ label: 'Road closures and traffic' });
      const lateTuesday = await page.evaluate(() => {
        const at = new Date('2026-12-02T04:30:00Z');
        at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
        return at.toISOString().slice(0, 16);
      });
      await page.getByLabel(en['reach.when']).fill(lateTuesday);
      await page.getByRole('button', { name: en['reach.check'], exact: true }).click();
      const result = page.locator('.alert-reach-result');
      await result.getByText(en['reach.verdict.reaches']).waitFor();
      await result.getByText(en['reach.path.quietTime'].replace('{{name}}', 'Night').replace('{{until}}', en['reach.until'].replace('{{day}}', 'Wednesday').replace('{{time}}', '07:00'))).waitFor();
      await screenshot(page, 'subscriptions-reach-phone');
      await page.getByLabel(en['reach.priority']).check();
      await page.getByRole('button', { name: en['reach.check'], exact: true }).click();
      await expect.poll(() => result.getByText(en['reach.path.sent']).count()).toBeGreaterThanOrEqual(2);
      // An area around a point typed in: refused without a latitude, then one far from springfield reaches no place of the member's.
      await page.getByLabel(en['reach.where'], { exact: true }).selectOption({ label: en['reach.where.point'] });
      await page.getByRole('button', { name: en['reach.check'], exact: true }).click();
      await page.getByText(en['ssp.address.latitude.error']).waitFor();
      // The map opens on springfield's area: placing the marker there fills in the point.
      await page.locator('.alert-reach').getByRole('button', { name: en['form.location.place'] }).click();
      await expect.poll(async () => Number(await page.getByLabel(en['ssp.address.latitude.label']).inputValue())).toBeCloseTo(39.8, 0);
      await page.getByLabel(en['ssp.address.latitude.label']).fill('39.74');
      await page.getByLabel(en['ssp.address.longitude.label']).fill('-104.99');
      await page.getByRole('button', { name: en['reach.check'], exact: true }).click();
      await result.getByText(en['reach.verdict.notInArea']).waitFor();

      // §4 "Unchecking weather no-disturb asks confirmation": Cancel keeps it on.
      await page.getByRole('checkbox', { name: en['subscriptions.noDisturb.checked'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(en['ssp.location.remove.confirm']).waitFor();
      await dialog.getByRole('button', { name: en['form.dialog.cancel'] }).click();
      expect(await page.getByRole('checkbox', { name: en['subscriptions.noDisturb.checked'] }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('acme\'s demo.member joins an opt-in group and finds it on home, and follows an incident topic offered to their group', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, VIEWPORTS[1]);
    try {
      await logIn(page, baseURL, 'acme', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/acme\/home$/);
      await page.goto(`${baseURL}/acme/my-subscription`);
      await drawn(page);
      await page.getByRole('checkbox', { name: 'Carpool' }).waitFor();
      await setChecked(page, 'Carpool', true);
      await setChecked(page, 'Outages', true);
      // Incident topics: the one for demo.member's group (Chemical safety team) is offered, the unpublished one is not.
      const incidents = page.getByRole('group', { name: en['subscriptions.incidents.title'] });
      await setChecked(page, 'Chemical spills', true);
      expect(await incidents.getByRole('checkbox', { name: 'Security incidents' }).count()).toBe(0);
      // A weather alert while acme's demo.member keeps no location: §4's weather warning, then the save stands.
      await setChecked(page, 'Tornado Warning', true);
      await page.getByRole('button', { name: en['subscriptions.save'], exact: true }).click();
      const warning = page.getByRole('dialog', { name: en['subscriptions.weather.warning.title'] });
      await warning.getByText(en['subscriptions.weather.warning.text']).waitFor();
      expect(await warning.getByRole('link', { name: en['subscriptions.weather.warning.addLocation'] }).getAttribute('href')).toBe('/acme/my-location');
      await screenshot(page, 'subscriptions-weather-warning-desktop');
      await warning.getByRole('button', { name: en['subscriptions.weather.warning.later'] }).click();
      await page.getByText(en['home.alert.box.message.mySubscriptions']).waitFor();
      await page.reload();
      await page.getByRole('checkbox', { name: 'Chemical spills' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Chemical spills' }).isChecked()).toBe(true);
      await page.goto(`${baseURL}/acme/home`);
      await drawn(page);
      await page.getByRole('heading', { name: en['groupMembership.title'] }).waitFor();
      await page.getByText('Carpool', { exact: true }).waitFor();
      // Home has "Would this alert reach me?" too, loaded as it opens.
      await page.getByText(en['reach.title']).click();
      await page.getByLabel(en['reach.alert'], { exact: true }).selectOption({ label: 'Outages' });
      await page.getByRole('button', { name: en['reach.check'], exact: true }).click();
      await page.locator('.alert-reach-result').waitFor();

      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const path of ['my-subscription', 'new/account/subscriptions', 'new/account/edit-subscriptions']) {
          await page.goto(`${baseURL}/acme/${path}`);
          await drawn(page);
          await page.getByRole('checkbox', { name: 'Carpool' }).waitFor();
          const label = `${path} at ${viewport.width}`;
          const facts = await shellFacts(page);
          expect(facts.overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
          expect(facts.h1s, `${label}: h1`).toBe(1);
          const violations = await axeViolations(page);
          if (violations.length > 0) console.log(`${label}: axe-core\n${violations.join('\n')}`);
          expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), `${label}: serious or critical axe-core violations`).toEqual([]);
          await screenshot(page, `subscriptions-${path.replace(/\//g, '-')}-${viewport.name}`);
        }
      }
    } finally {
      await context.close();
    }
  });
});
