/**
 * The admin live preview (issue 3) in Chromium against the real server: sign-in, the settings form
 * drawn by the same renderer, the member forms changing live with the edited settings, the schema
 * diff, refused settings shown inline with nothing saved, the server's check of a preview form, and
 * the access keys in use revoked from the member links (issue 9 row 16), at 360 px wide.
 */
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { adminSignIn, storedSettings } from './portal.ts';

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
