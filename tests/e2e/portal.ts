/** Steps through the portal that several e2e files take. */
import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };

/** Opens the organisation's login page and submits the login form. */
export async function logIn(page: Page, baseURL: string, orgId: string, username: string, password: string) {
  await page.goto(`${baseURL}/${orgId}/login`);
  await page.getByRole('textbox', { name: en['login.username.label'] }).fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
}

/** Signs the demo administrator in on the admin page and waits for the organisation picker. */
export async function adminSignIn(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/admin`);
  await page.getByRole('heading', { name: en['admin.login.title'] }).waitFor();
  await page.getByLabel(en['admin.login.username']).fill('admin');
  await page.getByLabel(en['admin.login.password']).fill('Demo!Admin2026');
  await page.getByRole('button', { name: en['admin.login.submit'] }).click();
  await page.getByText(en['admin.pickOrganization']).waitFor();
}

/** An organisation's stored settings as the signed-in admin page reads them. */
export async function storedSettings(page: Page, orgId: string) {
  return page.evaluate(async (id) => (await fetch(`/admin/api/orgs/${id}/settings`)).json(), orgId);
}

/** An administrator's API session (admin / Demo!Admin2026 in demo mode). */
export async function adminCall(request: APIRequestContext, baseURL: string, path: string, data: Record<string, string>) {
  // The login form's token first (issue 9 row 3); the request context keeps its cookie.
  const form = (await (await request.get(`${baseURL}/admin/api/login`)).json()) as { csrfToken: string };
  const login = await request.post(`${baseURL}/admin/api/login`, { headers: { 'X-CSRF-TOKEN': form.csrfToken }, data: { username: 'admin', password: 'Demo!Admin2026' } });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const response = await request.post(`${baseURL}${path}`, { headers: { 'X-CSRF-TOKEN': csrfToken }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { url: string };
}
