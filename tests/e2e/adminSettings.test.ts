/**
 * Issue 11, the admin page in an administrator's words, in Chromium against the real server, at
 * 1280 × 900 and 390 × 844: the settings in titled sections with human labels; the save bar in view
 * while the settings scroll; the unsaved-changes guard when switching organisation (and on leaving);
 * the confirmation before self-service is turned off; a saved version restored; and a signed-out
 * visit of /admin with no console error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { adminSignIn, storedSettings } from './portal.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }] as const;

async function pick(page: Page, orgId: string) {
  await page.locator('.admin-bar select').first().selectOption(orgId);
}

const saveButton = (page: Page) => page.getByRole('button', { name: en['admin.save'], exact: true });

describe.skipIf(!chromiumPath)('the admin page in an administrator\'s words', () => {
  const browser = useBrowser(chromiumPath);

  it('shows no console error on a signed-out visit', async () => {
    const page = browser.page;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${baseURL}/admin`);
    await page.getByRole('heading', { name: en['admin.login.title'] }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await screenshot(page, 'admin-signin');
  });

  it.each(VIEWPORTS)('groups the settings in sections with human labels, and keeps the save bar in view ($width × $height)', async (viewport) => {
    const page = browser.page;
    await page.setViewportSize(viewport);
    await adminSignIn(page, baseURL);
    await pick(page, 'acme');
    const settings = page.locator('section.admin-settings');
    for (const key of ['organization', 'signUp', 'contactPaths', 'profile', 'locations', 'content', 'languages'] as const) {
      await settings.getByRole('heading', { name: en[`admin.settings.section.${key}`], exact: true }).waitFor();
    }
    const paths = settings.getByRole('region', { name: en['admin.settings.section.contactPaths'] });
    for (const key of ['SMSSetting', 'phoneSetting', 'slackSetting'] as const) {
      await paths.getByRole('group', { name: en[`admin.settings.label.${key}`], exact: true }).waitFor();
    }
    // The internal ids of a path are shown, not edited.
    const sms = paths.getByRole('group', { name: en['admin.settings.label.SMSSetting'], exact: true });
    expect(await sms.getByLabel(en['admin.settings.label.pathSetting.pathId']).getAttribute('readonly')).not.toBeNull();
    expect(await sms.getByLabel(en['admin.settings.label.pathSetting.type']).isDisabled()).toBe(true);
    await settings.getByRole('combobox', { name: en['admin.settings.label.userStatus'] }).waitFor();
    // No property name of the spec as a label.
    expect(await settings.getByText('showSlackDeliveryPath', { exact: true }).count()).toBe(0);
    expect(await settings.getByText(en['admin.settings.help.enableSSP']).count()).toBe(1);
    await screenshot(page, `admin-settings-sections-${viewport.width}`);
    await paths.screenshot({ path: `test-results/e2e/admin-settings-contact-paths-${viewport.width}.png` });
    await settings.getByRole('region', { name: en['admin.settings.section.organization'] }).screenshot({ path: `test-results/e2e/admin-settings-organization-${viewport.width}.png` });

    // Scrolled to the content pages, half-way down the settings: the save bar is still in the window.
    await settings.getByRole('heading', { name: en['admin.settings.section.content'], exact: true }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const box = await saveButton(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `test-results/e2e/admin-save-bar-${viewport.width}.png` });
  });

  it('names each refused field in the error summary', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await pick(page, 'acme');
    await page.getByRole('textbox', { name: en['admin.settings.label.orgName'] }).fill('');
    await saveButton(page).click();
    const summary = page.locator('.admin-settings .error-summary');
    // "Organization name is required.": a message that names its field is not prefixed with it again.
    await summary.getByRole('link', { name: en['jquery.validation.field.required'].replace('{{label}}', en['admin.settings.label.orgName']), exact: true }).waitFor();
  });

  it('edits the subtitle and the contact in the organisation section, refusing a javascript: address and a malformed e-mail', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await adminSignIn(page, baseURL);
    await pick(page, 'acme');
    const before = await storedSettings(page, 'acme');
    const organization = page.locator('section.admin-settings').getByRole('region', { name: en['admin.settings.section.organization'] });
    const subtitle = organization.getByRole('textbox', { name: en['admin.settings.label.orgSubtitle'] });
    const contactUrl = organization.getByRole('textbox', { name: en['admin.settings.label.contactUrl'] });
    const contactEmail = organization.getByRole('textbox', { name: en['admin.settings.label.contactEmail'] });
    await subtitle.fill('Safety alerts for staff');
    await contactUrl.fill('javascript:alert(document.cookie)');
    await contactEmail.fill('help desk@acme');
    await saveButton(page).click();
    const summary = page.locator('.admin-settings .error-summary');
    await summary.getByRole('link', { name: new RegExp(`^${en['admin.settings.label.contactUrl']}: `) }).waitFor();
    await summary.getByRole('link', { name: new RegExp(`^${en['admin.settings.label.contactEmail']}: `) }).waitFor();
    expect(await storedSettings(page, 'acme')).toEqual(before);

    await contactUrl.fill('https://acme.example.com/help');
    await contactEmail.fill('help@acme.example.com');
    await saveButton(page).click();
    await page.getByText(`Saved as version ${before.settingsVersion + 1} at`).waitFor();
    expect((await storedSettings(page, 'acme')).settings).toMatchObject({
      orgSubtitle: 'Safety alerts for staff', contactUrl: 'https://acme.example.com/help', contactEmail: 'help@acme.example.com',
    });
    await page.goto(`${baseURL}/acme/no-such-page`);
    await page.locator('.header-subtitle').getByText('Safety alerts for staff').waitFor();
    expect(await page.getByRole('link', { name: 'Contact Acme Corporation' }).getAttribute('href')).toBe('https://acme.example.com/help');
    expect(await page.getByRole('link', { name: 'help@acme.example.com' }).getAttribute('href')).toBe('mailto:help@acme.example.com');
    await screenshot(page, 'acme-not-found-contact');
  });

  it.each(VIEWPORTS)('asks before switching organisation with unsaved changes, and before leaving ($width × $height)', async (viewport) => {
    const page = browser.page;
    await page.setViewportSize(viewport);
    await adminSignIn(page, baseURL);
    await pick(page, 'springfield');
    const orgName = page.getByRole('textbox', { name: en['admin.settings.label.orgName'] });
    await orgName.fill('Springfield, edited');
    await page.getByText(en['admin.saveBar.unsaved']).waitFor();

    await pick(page, 'acme');
    const dialog = page.getByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await dialog.getByText(/unsaved changes to springfield/).waitFor();
    await screenshot(page, `admin-guard-switch-${viewport.width}`);
    await dialog.getByRole('button', { name: en['admin.guard.stay'] }).click();
    expect(await orgName.inputValue()).toBe('Springfield, edited');
    expect(await page.locator('.admin-bar select').first().inputValue()).toBe('springfield');

    // Leaving the page asks too: the beforeunload handler holds the page (the browser then asks).
    expect(await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    })).toBe(true);
  });

  it('switches once the changes are given up, leaving the other organisation unsaved', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await pick(page, 'springfield');
    const before = await storedSettings(page, 'springfield');
    await page.getByRole('textbox', { name: en['admin.settings.label.orgName'] }).fill('Springfield, edited');
    await pick(page, 'acme');
    await page.getByRole('dialog').getByRole('button', { name: en['admin.guard.switchConfirm'] }).click();
    await page.getByRole('heading', { name: 'Settings of acme' }).waitFor();
    expect(await page.getByRole('textbox', { name: en['admin.settings.label.orgName'] }).inputValue()).toBe('Acme Corporation');
    expect(await storedSettings(page, 'springfield')).toEqual(before);
  });

  it('asks before turning self-service off, and saves nothing when told not to', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await adminSignIn(page, baseURL);
    await pick(page, 'campus');
    const before = await storedSettings(page, 'campus');
    await page.getByRole('checkbox', { name: en['admin.settings.label.enableSSP'] }).uncheck();
    await saveButton(page).click();
    const dialog = page.getByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await dialog.getByText(/turns self-service off/).waitFor();
    await dialog.getByRole('button', { name: en['admin.takeDown.confirm'] }).waitFor();
    await screenshot(page, 'admin-take-down-confirm-390');
    await dialog.getByRole('button', { name: en['admin.guard.stay'] }).click();
    expect(await storedSettings(page, 'campus')).toEqual(before);
    await page.getByText(en['admin.saveBar.unsaved']).waitFor();
  });

  it('lists the saved versions with who saved them and restores one', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await pick(page, 'dormant');
    const before = await storedSettings(page, 'dormant');
    await page.getByRole('textbox', { name: en['admin.settings.label.orgName'] }).fill('Dormant, renamed');
    await saveButton(page).click();
    await page.getByText(`Saved as version ${before.settingsVersion + 1} at`).waitFor();

    const versions = page.getByRole('region', { name: en['admin.versions.title'] });
    const items = versions.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    await items.first().getByText(/^Saved by admin on /).waitFor();
    await items.first().getByText(en['admin.versions.current']).waitFor();
    await versions.getByRole('button', { name: `Restore version ${before.settingsVersion}` }).click();
    await page.getByText(`Version ${before.settingsVersion} was restored as version ${before.settingsVersion + 2}.`).waitFor();
    await expect.poll(() => items.count()).toBe(3);
    const after = await storedSettings(page, 'dormant');
    expect(after.settings).toEqual(before.settings);
    expect(after.settingsVersion).toBe(before.settingsVersion + 2);
    expect(await page.getByRole('textbox', { name: en['admin.settings.label.orgName'] }).inputValue()).toBe(before.settings.orgName);
    await versions.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-versions-restored');
  });

  it('says what the preview\'s mode means, and checks on the server whatever the form holds', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await pick(page, 'springfield');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    await preview.getByText(en['admin.preview.modeHelp']).waitFor();
    const check = preview.getByRole('button', { name: en['admin.preview.check'] });
    // The sign-up form's terms box is not ticked: the server check is still there to press.
    expect(await check.isEnabled()).toBe(true);
    await check.click();
    await preview.getByText(en['admin.preview.serverRefused']).waitFor();
    await preview.getByRole('button', { name: en['admin.form.profile'], exact: true }).click();
    await preview.getByLabel(en['admin.preview.mode']).selectOption('review');
    await preview.getByRole('button', { name: en['admin.preview.check'] }).waitFor();
    await screenshot(page, 'admin-preview-mode-help');
  });

  it.each(VIEWPORTS)('adds a geofence area pasted as GeoJSON, refusing an open ring, with its outline ($width × $height)', async (viewport) => {
    const page = browser.page;
    await page.setViewportSize(viewport);
    await adminSignIn(page, baseURL);
    // acme keeps "Locations only inside the geofence" off: its members are not affected by this area.
    await pick(page, 'acme');
    const before = await storedSettings(page, 'acme');
    const locations = page.locator('section.admin-settings').getByRole('region', { name: en['admin.settings.section.locations'] });
    const list = locations.getByRole('group', { name: en['admin.settings.label.geoFences'], exact: true });
    await list.getByRole('button', { name: en['form.array.add'], exact: true }).click();
    const area = list.getByRole('group', { name: en['admin.settings.label.geoFence'], exact: true });
    await area.getByRole('textbox', { name: en['admin.settings.label.geoFences.name'], exact: true }).fill('Harbour');
    const polygon = area.getByRole('textbox', { name: en['admin.settings.label.geoFences.geometry'] });
    const summary = page.locator('.admin-settings .error-summary');

    // Not JSON: kept as typed, refused in the browser.
    await polygon.fill('{"type": "Polygon", "coordinates": [[[151.1, -33.95]');
    await saveButton(page).click();
    await summary.getByRole('link', { name: new RegExp(en['admin.settings.error.geoJson'].slice(0, 20)) }).waitFor();
    expect(await polygon.inputValue()).toBe('{"type": "Polygon", "coordinates": [[[151.1, -33.95]');

    // A Feature as geojson.io exports it, its ring left open: the server says which ring.
    const ring = [[151.1, -33.95], [151.3, -33.95], [151.3, -33.8], [151.1, -33.8]];
    await polygon.fill(JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }));
    await area.getByRole('img', { name: en['admin.settings.geoJson.points'].replace('{{count}}', '3') }).waitFor();
    await saveButton(page).click();
    await summary.getByRole('link', { name: new RegExp(en['admin.settings.error.geoFences.ringOpen']) }).waitFor();
    expect(await storedSettings(page, 'acme')).toEqual(before);

    const closed = [...ring, ring[0]!];
    await polygon.fill(JSON.stringify({ type: 'Polygon', coordinates: [closed] }));
    await area.getByRole('img', { name: en['admin.settings.geoJson.points'].replace('{{count}}', '4') }).waitFor();
    await area.screenshot({ path: `test-results/e2e/admin-geofence-${viewport.width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await saveButton(page).click();
    await page.getByText(`Saved as version ${before.settingsVersion + 1} at`).waitFor();
    expect((await storedSettings(page, 'acme')).settings.geoFences).toEqual([{ name: 'Harbour', geometry: { type: 'Polygon', coordinates: [closed] } }]);

    // Removed again, as it was.
    await list.getByRole('button', { name: /^Remove/ }).click();
    await saveButton(page).click();
    await page.getByText(`Saved as version ${before.settingsVersion + 2} at`).waitFor();
    expect((await storedSettings(page, 'acme')).settings.geoFences ?? []).toEqual([]);
  });
});
