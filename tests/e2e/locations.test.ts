/**
 * Issue 13, in Chromium against the real server: a visitor signing up in springfield verifies their
 * address through a geocoding candidate. The server's offline gazetteer finds the town of the typed
 * address; the dialog offers it as A and preselects it, with its point on the map; "show us" keeps
 * the marker for the member to move; the confirmed location is the chosen place's. At 360 px and
 * 1280 px, with no serious or critical axe-core violation in the open dialog. A place outside
 * springfield's geofence stays unverified, with the out-of-area alert. On the Locations page
 * (my-location), springfield's demo member adds a location, renames it, is refused one outside the
 * geofence and deletes the first, leaving the page as it was. acme's member finds a Canadian postal
 * code's area, called a postal code area (a US one is a ZIP code area).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

/** Opens springfield's sign-up page, types an address and opens "Verify your location". */
async function openVerifyDialog(page: Page) {
  await page.goto(`${baseURL}/springfield/new`);
  await drawn(page);
  await page.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Home');
  await page.getByRole('combobox', { name: en['ssp.address.streetAddress.label'] }).fill('800 E Monroe St');
  await page.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Springfield');
  await page.getByRole('textbox', { name: en['ssp.address.state.label'] }).fill('Illinois');
  await page.getByRole('button', { name: en['signup.location.verify.button'] }).click();
  return page.getByRole('dialog', { name: en['signup.location.verify.title'] });
}

describe.skipIf(!chromiumPath)('verifying an address through a geocoding candidate', () => {
  const browser = useBrowser(chromiumPath);
  const browserOf = () => browser.context.browser()!;

  it.each([
    { name: 'narrow', width: 360, height: 800 },
    { name: 'desktop', width: 1280, height: 900 },
  ])('offers the places found as A, B…, the first chosen, at $width px', { timeout: 60_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      const dialog = await openVerifyDialog(page);
      const first = dialog.getByRole('radio', { name: '800 E Monroe St, Springfield, IL, United States' });
      await first.waitFor({ timeout: 30_000 });
      expect(await first.isChecked()).toBe(true);
      await dialog.locator('.leaflet-marker-icon').waitFor();
      await dialog.getByText(en['signup.location.candidates.townOnly']).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      await screenshot(page, `location-candidates-${viewport.name}`);

      // "Show us": the marker stays where it is, for the member to move; then the place again.
      await dialog.getByRole('radio', { name: en['signup.location.candidates.showUs'] }).check();
      expect(await first.isChecked()).toBe(false);
      await first.check();
      await dialog.getByRole('button', { name: en['signup.location.verify.confirm'] }).click();
      await page.getByText(en['signup.location.verified']).waitFor();
      await screenshot(page, `location-verified-${viewport.name}`);
    } finally {
      await context.close();
    }
  });

  it('says so when nothing is found, and the member places the point themselves', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 390, height: 844 });
    try {
      await page.goto(`${baseURL}/springfield/new`);
      await drawn(page);
      await page.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Cabin');
      await page.getByRole('combobox', { name: en['ssp.address.streetAddress.label'] }).fill('1 Lake Road');
      await page.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Nowhereville');
      await page.getByRole('button', { name: en['signup.location.verify.button'] }).click();
      const dialog = page.getByRole('dialog', { name: en['signup.location.verify.title'] });
      await dialog.getByText(en['signup.location.candidates.none']).waitFor({ timeout: 30_000 });
      expect(await dialog.getByRole('radio', { name: en['signup.location.candidates.showUs'] }).isChecked()).toBe(true);
      const confirm = dialog.getByRole('button', { name: en['signup.location.verify.confirm'] });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: en['form.location.place'] }).click();
      await confirm.click();
      await page.getByText(en['signup.location.verified']).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    { name: 'narrow', width: 360, height: 800 },
    { name: 'desktop', width: 1280, height: 900 },
  ])('refuses a place outside springfield\'s geofence with the out-of-area alert, at $width px', { timeout: 60_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await page.goto(`${baseURL}/springfield/new`);
      await drawn(page);
      await page.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Lake house');
      await page.getByRole('combobox', { name: en['ssp.address.streetAddress.label'] }).fill('1 Lake Shore Dr');
      await page.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Decatur');
      await page.getByRole('textbox', { name: en['ssp.address.state.label'] }).fill('IL');
      await page.getByRole('button', { name: en['signup.location.verify.button'] }).click();
      const dialog = page.getByRole('dialog', { name: en['signup.location.verify.title'] });
      const first = dialog.getByRole('radio', { name: /1 Lake Shore Dr, Decatur, IL/ });
      await first.waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: en['signup.location.verify.confirm'] }).click();
      const alert = dialog.getByRole('alert');
      await alert.getByText(en['ssp.map.out.of.area.warning']).waitFor();
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `location-out-of-area-${viewport.name}`);

      // OK dismisses it; the dialog stays for another place, and Cancel keeps the address as typed, unverified.
      await alert.getByRole('button', { name: en['form.dialog.ok'] }).click();
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await dialog.getByRole('button', { name: en['form.dialog.cancel'] }).click();
      expect(await page.getByRole('combobox', { name: en['ssp.address.streetAddress.label'] }).inputValue()).toBe('1 Lake Shore Dr');
      expect(await page.getByText(en['signup.location.verified']).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.each([
    { name: 'narrow', width: 360, height: 800 },
    { name: 'desktop', width: 1280, height: 900 },
  ])('keeps the member\'s locations on the Locations page: add, rename, refused outside the area, delete, at $width px', { timeout: 90_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/springfield\/home/);
      await page.goto(`${baseURL}/springfield/my-location`);
      await drawn(page);
      await page.getByText(en['locations.none']).waitFor();

      // Added with the map's own button: the marker at the middle of springfield's area.
      await page.getByRole('button', { name: en['locations.add'] }).click();
      const dialog = page.getByRole('dialog', { name: en['locations.dialog.add'] });
      await dialog.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Home');
      await dialog.getByRole('textbox', { name: en['ssp.address.streetAddress.label'] }).fill('800 E Monroe St');
      await dialog.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Springfield');
      await dialog.getByRole('button', { name: en['form.location.place'] }).click();
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      await screenshot(page, `locations-dialog-${viewport.name}`);
      await dialog.getByRole('button', { name: en['locations.save'] }).click();
      await page.getByRole('status').getByText(en['ssp.save.success']).waitFor();
      await page.getByRole('rowheader', { name: 'Home' }).waitFor();

      await page.getByRole('button', { name: en['locations.editLabel'].replace('{{name}}', 'Home') }).click();
      const edit = page.getByRole('dialog', { name: en['locations.dialog.edit'] });
      await edit.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('House');
      await edit.getByRole('button', { name: en['locations.save'] }).click();
      await page.getByRole('rowheader', { name: 'House' }).waitFor();

      // Decatur, typed as coordinates: the server refuses it, the dialog says why and keeps what was typed.
      await page.getByRole('button', { name: en['locations.add'] }).click();
      const outside = page.getByRole('dialog', { name: en['locations.dialog.add'] });
      await outside.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Cabin');
      await outside.getByRole('textbox', { name: en['ssp.address.streetAddress.label'] }).fill('1 Lake Shore Dr');
      await outside.getByRole('textbox', { name: new RegExp(`^${en['ssp.address.latitude.label']}`) }).fill('39.84');
      await outside.getByRole('textbox', { name: new RegExp(`^${en['ssp.address.longitude.label']}`) }).fill('-88.95');
      await outside.getByRole('button', { name: en['locations.save'] }).click();
      await outside.getByText(en['ssp.location.address.out.of.range']).first().waitFor();
      expect(await outside.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).inputValue()).toBe('Cabin');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `locations-outside-${viewport.name}`);
      await outside.getByRole('button', { name: en['form.dialog.cancel'] }).click();

      const pageViolations = await axeViolations(page);
      expect(pageViolations.filter((v) => /\((serious|critical)\)/.test(v)), pageViolations.join('\n')).toEqual([]);
      await screenshot(page, `locations-list-${viewport.name}`);
      await page.getByRole('button', { name: en['locations.deleteLabel'].replace('{{name}}', 'House') }).click();
      await page.getByRole('dialog', { name: en['form.dialog.confirm.title'] }).getByRole('button', { name: en['form.dialog.ok'] }).click();
      await page.getByRole('status').getByText(en['locations.deleted']).waitFor();
      await page.getByText(en['locations.none']).waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps the member\'s expected locations: add, refused an end before the arrival, change, delete, at 360 px', { timeout: 90_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/springfield\/home/);
      await page.goto(`${baseURL}/springfield/my-location`);
      await drawn(page);
      const section = page.getByRole('region', { name: en['locations.expected.title'] });
      await section.getByText(en['locations.expected.none']).waitFor();

      await section.getByRole('button', { name: en['locations.expected.add'] }).click();
      const dialog = page.getByRole('dialog', { name: en['locations.expected.dialog.add'] });
      await dialog.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Conference');
      await dialog.getByRole('textbox', { name: en['ssp.address.streetAddress.label'] }).fill('1 Convention Center Plaza');
      await dialog.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Springfield');
      await dialog.getByRole('button', { name: en['form.location.place'] }).click();
      await dialog.getByLabel(en['ssp.location.arriveDate.label']).fill('2026-12-03T09:00');
      await dialog.getByLabel(en['ssp.location.expireDate.label']).fill('2026-12-01T18:00');
      await dialog.getByRole('button', { name: en['locations.expected.save'] }).click();
      await dialog.getByText(en['location.expireBeforeArrive']).first().waitFor();
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      await screenshot(page, 'expected-location-refused-narrow');

      await dialog.getByLabel(en['ssp.location.expireDate.label']).fill('2026-12-05T18:00');
      await dialog.getByRole('button', { name: en['locations.expected.save'] }).click();
      await section.getByRole('rowheader', { name: 'Conference' }).waitFor();
      await section.getByText('Dec 3, 2026, 09:00').waitFor();

      await section.getByRole('button', { name: en['locations.editLabel'].replace('{{name}}', 'Conference') }).click();
      const edit = page.getByRole('dialog', { name: en['locations.expected.dialog.edit'] });
      expect(await edit.getByLabel(en['ssp.location.arriveDate.label']).inputValue()).toBe('2026-12-03T09:00');
      await edit.getByLabel(en['ssp.location.expireDate.label']).fill('2026-12-06T12:00');
      await edit.getByRole('button', { name: en['locations.expected.save'] }).click();
      await section.getByText('Dec 6, 2026, 12:00').waitFor();
      // §2 review's row: a non-travel place, and View on map (it has a point) in a read-only dialog.
      await section.getByRole('cell', { name: en['locations.expected.type.nonTravel'] }).waitFor();
      await section.getByRole('button', { name: `${en['signup.location.viewOnMap']}: Conference` }).click();
      const view = page.getByRole('dialog', { name: en['locations.expected.dialog.view'] });
      await view.getByRole('region', { name: en['form.location.map'] }).waitFor();
      expect(await view.getByRole('textbox').count()).toBe(0);
      await view.getByRole('button', { name: en['signup.location.view.close'] }).click();
      const pageViolations = await axeViolations(page);
      expect(pageViolations.filter((v) => /\((serious|critical)\)/.test(v)), pageViolations.join('\n')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'expected-locations-narrow');

      await section.getByRole('button', { name: en['locations.deleteLabel'].replace('{{name}}', 'Conference') }).click();
      await page.getByRole('dialog', { name: en['form.dialog.confirm.title'] }).getByRole('button', { name: en['form.dialog.ok'] }).click();
      await section.getByText(en['locations.expected.deleted']).waitFor();
      await section.getByText(en['locations.expected.none']).waitFor();
    } finally {
      await context.close();
    }
  });

  it('finds a Canadian postal code\'s area for acme\'s member (no geofence) and calls it a postal code area, at 360 px', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await logIn(page, baseURL, 'acme', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/acme\/home/);
      await page.goto(`${baseURL}/acme/my-location`);
      await drawn(page);
      await page.getByRole('button', { name: en['locations.add'] }).click();
      const dialog = page.getByRole('dialog', { name: en['locations.dialog.add'] });
      await dialog.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Toronto office');
      await dialog.getByRole('textbox', { name: en['ssp.address.streetAddress.label'] }).fill('290 Bremner Blvd');
      await dialog.getByRole('combobox', { name: en['ssp.address.country.label'] }).selectOption('CA');
      await dialog.getByRole('textbox', { name: en['ssp.address.postalCode.label'] }).fill('m5v 3l9');
      await dialog.getByRole('button', { name: en['locations.find'] }).click();
      const verify = page.getByRole('dialog', { name: en['signup.location.verify.title'] });
      const first = verify.getByRole('radio', { name: 'A 290 Bremner Blvd, Downtown Toronto, Ontario M5V 3L9, Canada' });
      await first.waitFor({ timeout: 20_000 });
      expect(await first.isChecked()).toBe(true);
      await verify.getByText(en['signup.location.candidates.postalOnly']).waitFor();
      // The marker at the forward sortation area's centre.
      await verify.getByText(en['form.location.position'].replace('{{lat}}', '43.652500').replace('{{lon}}', '-79.368600')).waitFor();
      await screenshot(page, 'locations-postal-area-narrow');
    } finally {
      await context.close();
    }
  });

  it('suggests addresses for the typed street on the sign-up page, by keyboard, at 360 px', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await page.goto(`${baseURL}/springfield/new`);
      await drawn(page);
      await page.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Springfield');
      const street = page.getByRole('combobox', { name: en['ssp.address.streetAddress.label'] });
      await street.pressSequentially('800 E Monroe St');
      const places = page.getByRole('listbox', { name: en['signup.location.street.suggestions'] });
      await places.getByRole('option').first().waitFor({ timeout: 20_000 });
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      await screenshot(page, 'street-lookup-narrow');
      await street.press('ArrowDown');
      await street.press('Enter');
      await expect.poll(() => page.getByRole('textbox', { name: en['ssp.address.state.label'] }).inputValue()).toBe('IL');
      expect(await places.isHidden()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
