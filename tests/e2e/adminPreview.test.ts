/**
 * The admin live preview (issue 3) in Chromium against the real server: sign-in, the settings form
 * drawn by the same renderer, the member forms changing live with the edited settings, the schema
 * diff, refused settings shown inline with nothing saved, and the server's check of a preview form.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

async function signIn(page: Page) {
  await page.goto(`${baseURL}/admin`);
  await page.getByRole('heading', { name: en['admin.login.title'] }).waitFor();
  await page.getByLabel(en['admin.login.username']).fill('admin');
  await page.getByLabel(en['admin.login.password']).fill('Demo!Admin2026');
  await page.getByRole('button', { name: en['admin.login.submit'] }).click();
  await page.getByText(en['admin.pickOrganization']).waitFor();
}

async function storedSettings(page: Page, orgId: string) {
  return page.evaluate(async (id) => (await fetch(`/admin/api/orgs/${id}/settings`)).json(), orgId);
}

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
    await signIn(page);
    await page.locator('.admin-bar select').first().selectOption('acme');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    await preview.getByText(en['signup.slack.label']).waitFor();
    await screenshot(page, 'admin-acme-signup-preview');

    await page.getByRole('checkbox', { name: 'showSlackDeliveryPath' }).uncheck();
    await expect.poll(() => preview.getByText(en['signup.slack.label']).count()).toBe(0);
    const summary = preview.locator('details summary');
    await expect.poll(() => summary.textContent()).toMatch(/Generated schema \([1-9]\d* changed lines/);
    await summary.click();
    expect(await preview.locator('.diff-removed').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-acme-without-slack');
  });

  it('refuses invalid settings inline and saves nothing', async () => {
    const page = browser.page;
    await signIn(page);
    await page.locator('.admin-bar select').first().selectOption('fedagency');
    const before = await storedSettings(page, 'fedagency');
    const orgName = page.getByRole('textbox', { name: 'orgName' });
    await orgName.fill('');
    await page.getByRole('button', { name: en['admin.save'] }).click();
    // The browser refuses first, with the message next to the field.
    await expect.poll(() => orgName.getAttribute('aria-invalid')).toBe('true');
    expect(await storedSettings(page, 'fedagency')).toEqual(before);
    await screenshot(page, 'admin-settings-refused');

    await orgName.fill('Federal Agency of Tests');
    await page.getByRole('button', { name: en['admin.save'] }).click();
    await page.getByText(en['admin.save.done']).waitFor();
    const after = await storedSettings(page, 'fedagency');
    expect(after.settings.orgName).toBe('Federal Agency of Tests');
    expect(after.settingsVersion).toBe(before.settingsVersion + 1);
  });

  it('checks a filled-in preview form on the server with the edited settings', async () => {
    const page = browser.page;
    await signIn(page);
    await page.locator('.admin-bar select').first().selectOption('springfield');
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    // Exact: the sign-up preview's "Verify your location" button names a location too (drawn as on the sign-up page).
    await preview.getByRole('button', { name: en['admin.form.location'], exact: true }).click();
    await preview.getByRole('textbox', { name: new RegExp(en['ssp.address.streetAddress.label']) }).fill('1 Main Street');
    await preview.getByRole('button', { name: en['admin.preview.check'] }).click();
    await preview.getByText(en['admin.preview.serverOk']).waitFor();
    await screenshot(page, 'admin-preview-server-ok');
  });
});
