/**
 * Single sign-on in Chromium (issue 15) against the real server and the demo identity providers it
 * serves in demo mode (`/demo-idp/saml`: samlify; `/demo-idp/oidc`: oidc-provider), with campus's
 * settings pointed at this server's address at its start:
 * - campus's login page → login/sso (discovery: two providers) → "Sign in with Campus SSO" → the
 *   provider's page → back signed in; a first-time member lands on the sign-up's profile step with
 *   what the provider said filled in, completes it and goes on to the next step (just in time);
 * - the same through "State University ID" (OpenID Connect) for another person;
 * - §8's retry: an answer to a request the portal does not know (`invalid_assertion`; the test puts
 *   one, signed with the demo provider's key, in place of the provider's first answer) sends the
 *   browser back to the provider once with ForceAuthn, which asks for the password again, and the
 *   sign-in then completes;
 * - any other errorCode shown in an alert on the login page; logout through the provider's single logout.
 * Every page at 360 px with no horizontal scroll and no serious or critical axe-core violation, a
 * screenshot each in test-results/e2e/. The people are the demo provider's (sam.student, alex.staff);
 * the e2e files share one server, so each test here signs in a person of its own or expects the
 * account the one before it made.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { demoSamlIdp, samlResponseFor, serviceProviderOf } from '../../server/services/demoIdp/samlIdp.ts';
import { DEMO_IDP_PASSWORD, DEMO_IDP_USERS } from '../../server/services/demoIdp/users.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { axeViolations, drawn, newCheckedPage } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const PHONE = { width: 360, height: 800 };
const seriousOnly = (violations: string[]) => violations.filter((v) => /\((serious|critical)\)/.test(v));

async function expectFitsAndAccessible(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(seriousOnly(violations), `${label}: ${violations.join('\n')}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
}

/** From campus's login page to the provider named `name` on login/sso. */
async function chooseProvider(page: Page, name: string) {
  await page.goto('/campus/login');
  await page.getByRole('link', { name: en['login.sso.link'] }).click();
  await page.waitForURL('**/campus/login/sso');
  await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', name) }).waitFor();
}

/** The demo provider's sign-in form, passed as `username`. */
async function signInAtProvider(page: Page, username: string, shot?: string) {
  await page.getByLabel('Username').waitFor();
  if (shot) {
    await expectFitsAndAccessible(page, shot);
    await screenshot(page, shot);
  }
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(!chromiumPath)('single sign-on in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    return async () => browser.close();
  });

  it('signs a first-time member in through the SAML provider and takes them through the sign-up steps', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, PHONE);
    try {
      await chooseProvider(page, 'Campus SSO');
      await drawn(page);
      // Discovery: both providers, each a button of its own.
      expect(await page.locator('.sso-providers a').allInnerTexts()).toEqual([
        en['login.sso.provider'].replace('{{name}}', 'Campus SSO'), en['login.sso.provider'].replace('{{name}}', 'State University ID'),
      ]);
      await expectFitsAndAccessible(page, 'login/sso');
      await screenshot(page, 'sso-discovery-360');
      await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', 'Campus SSO') }).click();
      await signInAtProvider(page, 'sam.student', 'sso-saml-provider-360');

      await page.waitForURL('**/campus/new/account/profile');
      await drawn(page);
      await expect.poll(() => page.getByLabel(en['profile.firstName.label']).first().inputValue()).toBe('Sam');
      expect(await page.getByLabel(en['profile.lastName.label']).first().inputValue()).toBe('Student');
      // No username of this portal: none is shown.
      expect(await page.getByText(en['profile.username.label']).count()).toBe(0);
      await expectFitsAndAccessible(page, 'jit profile step');
      await screenshot(page, 'sso-jit-profile-360');
      await page.getByRole('button', { name: en['profile.continue.button'] }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/campus/new/account/') && !url.pathname.endsWith('/profile'));
      await drawn(page);
      await screenshot(page, 'sso-jit-next-step-360');
    } finally {
      await context.close();
    }
  });

  it('signs another first-time member in through the OpenID provider', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, PHONE);
    try {
      await chooseProvider(page, 'State University ID');
      await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', 'State University ID') }).click();
      await signInAtProvider(page, 'alex.staff', 'sso-oidc-provider-360');
      await page.waitForURL('**/campus/new/account/profile');
      await drawn(page);
      await expect.poll(() => page.getByLabel(en['profile.firstName.label']).first().inputValue()).toBe('Alex');
    } finally {
      await context.close();
    }
  });

  it('retries an invalid_assertion once with ForceAuthn (§8): the provider asks again, and the member is signed in', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, PHONE);
    try {
      // The first answer the provider posts is replaced by one to a request the portal never made (as one
      // to an expired request would be), signed by the demo provider's key: the portal cannot use it.
      const sp = serviceProviderOf(await (await fetch(`${baseURL}/sso/campus/campus-sso/saml/metadata`)).text());
      const stale = (await samlResponseFor(demoSamlIdp(`${baseURL}/demo-idp/saml`), sp, '_00000000000000000000000000000000000000ff', DEMO_IDP_USERS[0]!)).samlResponse;
      let replaced = 0;
      await page.route('**/sso/campus/campus-sso/saml/acs', async (route) => {
        if (replaced > 0) return route.continue();
        replaced += 1;
        return route.continue({ postData: new URLSearchParams({ SAMLResponse: stale }).toString() });
      });
      const starts: string[] = [];
      page.on('request', (request) => { if (request.url().includes('/sso/campus/start')) starts.push(request.url()); });
      await chooseProvider(page, 'Campus SSO');
      await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', 'Campus SSO') }).click();
      await signInAtProvider(page, 'sam.student');
      // Back at the portal with invalid_assertion, which sends the browser to the provider again, forcing a new sign-in.
      await page.getByLabel('Username').waitFor();
      expect(starts.at(-1)).toContain('forceAuthn=true');
      await signInAtProvider(page, 'sam.student');
      // Sam's account exists since the first test: home.
      await page.waitForURL('**/campus/home');
      await drawn(page);
      expect(replaced).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows any other errorCode in an alert on the login page, with the password form still there', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, PHONE);
    try {
      await page.goto('/campus/login?ssoError=sso.signature&idp=campus-sso');
      await drawn(page);
      const alert = page.getByRole('alert').filter({ hasText: 'sso.signature' });
      await expect.poll(() => alert.innerText()).toContain(en['login.sso.error.signature']);
      await page.getByRole('button', { name: en['login.submit'], exact: true }).waitFor();
      await expectFitsAndAccessible(page, 'login with an SSO error');
      await screenshot(page, 'sso-error-alert-360');
    } finally {
      await context.close();
    }
  });

  it('ends the provider\'s session too when a member signed in through SAML logs out', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, PHONE);
    try {
      await chooseProvider(page, 'Campus SSO');
      await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', 'Campus SSO') }).click();
      await signInAtProvider(page, 'sam.student');
      await page.waitForURL('**/campus/home');
      await drawn(page);
      // campus asks members to link their account to its public portal (§2 home modal): not now.
      await page.getByRole('button', { name: en['home.linkedAccount.later'] }).click();
      const sloHops: string[] = [];
      page.on('request', (request) => { if (request.url().includes('/demo-idp/saml/slo')) sloHops.push(request.url()); });
      await page.getByRole('button', { name: en['nav.menu'] }).click();
      await page.getByRole('button', { name: en['nav.logout'] }).click();
      await page.waitForURL('**/campus/login');
      expect(sloHops).toHaveLength(1);
      // Signed out at the provider too: a new sign-in asks for the password again.
      await chooseProvider(page, 'Campus SSO');
      await page.getByRole('link', { name: en['login.sso.provider'].replace('{{name}}', 'Campus SSO') }).click();
      await page.getByLabel('Password').waitFor();
    } finally {
      await context.close();
    }
  });
});
