/** Steps through the portal that several e2e files take. */
import type { Page } from 'playwright-core';
import en from '../../public/i18n/en_US.json' with { type: 'json' };

/** Opens the organisation's login page and submits the login form. */
export async function logIn(page: Page, baseURL: string, orgId: string, username: string, password: string) {
  await page.goto(`${baseURL}/${orgId}/login`);
  await page.getByRole('textbox', { name: en['login.username.label'] }).fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: en['login.submit'] }).click();
}
