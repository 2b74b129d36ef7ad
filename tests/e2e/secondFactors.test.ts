/**
 * Issue 15 in real Chromium against `npm start`'s server: a member adds a passkey on their sign-in
 * security page with Chromium's virtual authenticator (CDP WebAuthn: CTAP2, internal, resident keys,
 * user verification), logs out and signs in with it from the login page; a fedagency member (the
 * organisation requires a second factor) is asked to set up an authenticator app right after the
 * password, sets it up with the code computed from the secret the page shows, sees the recovery codes
 * once, logs out and signs in with the password and a code. Each page at 360 px: nothing wider than
 * the screen, no serious or critical axe-core violation; screenshots in test-results/e2e/.
 *
 * The members are new ones (springfield's sign-up; an invitation of fedagency's administrator): the
 * demo members are shared by the e2e files on one server, and login.test.ts locks fedagency's
 * demo.member for 30 minutes; a passkey would also send springfield's demo.member to a second step in
 * every file that signs it in with its password.
 *
 * WebAuthn takes no IP address as a relying party: the portal listening on 127.0.0.1 is the relying
 * party `localhost` (server/http/relyingParty.ts), so the passkey journey runs at http://localhost:port.
 */
import { Secret, TOTP } from 'otpauth';
import { request as apiRequest, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { validPayload } from '../support/signUp.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const localURL = baseURL.replace('127.0.0.1', 'localhost');
const PHONE = { width: 360, height: 800 };

const seriousOnly = (violations: string[]) => violations.filter((v) => /\((serious|critical)\)/.test(v));

/** Home, signed in as `name` (the welcome line is in the collapsed menu at 360 px: asked of the boot instead). */
async function atHome(page: Page, url: string, orgId: string, name: string) {
  await page.waitForURL(`${url}/${orgId}/home`);
  await page.getByRole('heading', { name: en['page.title.home'], level: 1 }).waitFor();
  expect(await page.evaluate(async (id) => (await (await fetch(`/rest/init/account?orgId=${id}`)).json()).account?.name, orgId)).toBe(name);
}

/** Logout through the menu (collapsed at 360 px). */
async function logOut(page: Page, url: string, orgId: string) {
  await page.getByRole('button', { name: en['nav.menu'] }).click();
  await page.locator('nav.nav').getByRole('button', { name: en['nav.logout'] }).click();
  await page.waitForURL(`${url}/${orgId}/login`);
}

/** No serious or critical axe-core violation, nothing wider than the screen; then a screenshot to look at. */
async function check(page: Page, name: string) {
  await drawn(page);
  const violations = await axeViolations(page);
  expect(seriousOnly(violations), `${name}:\n${violations.join('\n')}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name}: horizontal scroll`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

/**
 * A new member of `orgId` with a username and password: signed up through §7's sign-up call, with an
 * invitation of the organisation's administrator where it is private.
 */
async function newMember(orgId: 'springfield' | 'fedagency'): Promise<{ username: string; password: string }> {
  const request = await apiRequest.newContext();
  try {
    let invitation = '';
    if (orgId === 'fedagency') {
      const form = (await (await request.get(`${baseURL}/admin/api/login`)).json()) as { csrfToken: string };
      const admin = await request.post(`${baseURL}/admin/api/login`, { headers: { 'X-CSRF-TOKEN': form.csrfToken }, data: { username: 'admin', password: 'Demo!Admin2026' } });
      const { csrfToken } = (await admin.json()) as { csrfToken: string };
      const invited = await request.post(`${baseURL}/admin/api/orgs/${orgId}/invitations`, {
        headers: { 'X-CSRF-TOKEN': csrfToken }, data: { firstName: 'Fern', lastName: 'Federal', email: 'fern.federal@example.gov' },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      invitation = `&${new URL(((await invited.json()) as { url: string }).url, baseURL).searchParams}`;
    }
    const { csrfToken } = (await (await request.get(`${baseURL}/rest/init/csrf?orgId=${orgId}`)).json()) as { csrfToken: string };
    const payload = validPayload(orgId, { firstName: orgId === 'fedagency' ? 'Fern' : 'Pat', lastName: orgId === 'fedagency' ? 'Federal' : 'Passkey' });
    const signedUp = await request.post(`${baseURL}/rest/registration/signUp?orgId=${orgId}${invitation.replace(/&orgId=[^&]*/, '')}`, {
      headers: { 'X-CSRF-TOKEN': csrfToken }, form: { userDetail: JSON.stringify(payload) },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    return { username: payload.username, password: payload.password };
  } finally {
    await request.dispose();
  }
}

describe.skipIf(!chromiumPath)('passkeys and one-time codes in Chromium (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  let context: BrowserContext | null = null;
  afterAll(async () => {
    await context?.close();
  });

  it('adds a passkey with the virtual authenticator, logs out, and signs in with it alone', async () => {
    const member = await newMember('springfield');
    ({ context } = await newCheckedPage(browser, localURL, PHONE));
    const page = context.pages()[0]!;
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await logIn(page, localURL, 'springfield', member.username, member.password);
    await atHome(page, localURL, 'springfield', 'Pat Passkey');
    await page.getByRole('link', { name: en['home.account.security'] }).click();
    await page.waitForURL(`${localURL}/springfield/my-security`);
    await page.getByRole('heading', { name: en['passkey.title'] }).waitFor();
    await check(page, 'security-page-360');

    await page.getByRole('button', { name: en['passkey.add'] }).click();
    await page.getByLabel(en['passkey.name.label']).fill('This phone');
    await page.getByRole('button', { name: en['passkey.add'] }).click();
    // The member's first factor: their recovery codes, once.
    await page.locator('.recovery-code-list li').first().waitFor();
    expect(await page.locator('.recovery-code-list li').count()).toBe(10);
    await check(page, 'security-passkey-recovery-codes-360');
    await page.getByRole('button', { name: en['recoveryCodes.done'] }).click();
    await page.locator('.passkey-name').filter({ hasText: 'This phone' }).waitFor();
    await check(page, 'security-passkey-added-360');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Removing asks first; cancelled, the passkey stays.
    await page.getByRole('button', { name: en['passkey.remove.named'].replace('{{name}}', 'This phone') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en['passkey.remove.confirm'].replace('{{name}}', 'This phone')).waitFor();
    await check(page, 'security-passkey-remove-confirm-360');
    await dialog.getByRole('button', { name: en['form.dialog.cancel'] }).click();
    await page.locator('.passkey-name').filter({ hasText: 'This phone' }).waitFor();

    await logOut(page, localURL, 'springfield');
    const passkeyButton = page.getByRole('button', { name: en['login.passkey'] });
    await passkeyButton.waitFor();
    await check(page, 'login-with-passkey-button-360');
    await passkeyButton.click();
    await atHome(page, localURL, 'springfield', 'Pat Passkey');
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
    await screenshot(page, 'signed-in-with-passkey-360');
    await context.close();
    context = null;
  });

  it('has a fedagency member set up an authenticator app right after the password, shows the recovery codes, then asks for a code at the next sign-in', async () => {
    const member = await newMember('fedagency');
    ({ context } = await newCheckedPage(browser, baseURL, PHONE));
    const page = context.pages()[0]!;

    await logIn(page, baseURL, 'fedagency', member.username, member.password);
    await page.waitForURL(`${baseURL}/fedagency/login/verify`);
    await page.getByRole('heading', { name: en['page.title.loginEnrol'] }).waitFor();
    await check(page, 'verify-enrol-choice-360');
    // Not signed in yet: home sends the visitor to the login page.
    expect(await page.evaluate(async () => (await (await fetch('/rest/init/account?orgId=fedagency')).json()).account)).toBeNull();

    await page.getByRole('button', { name: en['secondFactor.enrol.totp'] }).click();
    const secretText = page.locator('.totp-secret');
    await secretText.waitFor();
    await page.getByRole('img', { name: en['totp.setup.qr.alt'] }).waitFor();
    await check(page, 'verify-enrol-totp-360');
    const secret = (await secretText.textContent())!.replace(/\s+/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' });
    // A wrong code is said next to the field.
    await page.getByLabel(en['totp.setup.code.label']).fill('000000' === totp.generate() ? '111111' : '000000');
    await page.getByRole('button', { name: en['totp.setup.confirm'] }).click();
    await page.getByText(en['secondFactor.codeInvalid']).waitFor();
    await page.getByLabel(en['totp.setup.code.label']).fill(totp.generate());
    await page.getByRole('button', { name: en['totp.setup.confirm'] }).click();

    await page.locator('.recovery-code-list li').first().waitFor();
    const codes = await page.locator('.recovery-code-list code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await check(page, 'verify-recovery-codes-360');
    await page.getByRole('button', { name: en['recoveryCodes.continue'] }).click();
    await atHome(page, baseURL, 'fedagency', 'Fern Federal');

    await logOut(page, baseURL, 'fedagency');
    await logIn(page, baseURL, 'fedagency', member.username, member.password);
    await page.waitForURL(`${baseURL}/fedagency/login/verify`);
    const codeField = page.getByLabel(en['secondFactor.code.label']);
    await codeField.waitFor();
    await check(page, 'verify-code-360');
    // The setup took its code's step: the next step's code (within ±1 of now) signs in.
    await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: en['secondFactor.verify.submit'] }).click();
    await atHome(page, baseURL, 'fedagency', 'Fern Federal');
    await screenshot(page, 'signed-in-with-code-360');

    // The security page says the organisation requires a second step.
    await page.goto(`${baseURL}/fedagency/my-security`);
    // Named by the organisation's current name (adminPreview.test.ts renames fedagency on the shared server).
    const orgName = await page.evaluate(async () => (await (await fetch('/rest/init?orgId=fedagency')).json()).organization.orgName as string);
    await page.getByText(en['security.required'].replace('{{orgName}}', orgName)).waitFor();
    await check(page, 'security-required-360');
    await context.close();
    context = null;
  });
});
