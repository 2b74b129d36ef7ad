/**
 * Signing in and out in Chromium against the real server: the login form is
 * the builder's form, §5 messages on submit, a refused login's message, the signed-in navigation,
 * logout, and the FedRAMP lock-out of fedagency.
 */
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { openMailbox } from './mailbox.ts';
import { logIn } from './portal.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const mailDir = inject('mailDir');

describe.skipIf(!chromiumPath)('login and logout in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('shows the §5 messages when nothing is entered', async () => {
    const page = browser.page;
    await page.goto(`${baseURL}/springfield/login`);
    await page.getByRole('button', { name: en['login.submit'], exact: true }).click();
    await page.getByText(en['login.username.enterUsername']).first().waitFor();
    await page.getByText(en['login.password.enterPassword']).first().waitFor();
    await screenshot(page, 'login-empty-submit');
  });

  it('fits a 390 px phone after a refused submit (login, sign-up): the focus on the error summary, nothing wider than the screen', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const pages = [
      { path: 'login', button: en['login.submit'], name: 'login-390-refused' },
      { path: 'new', button: en['signup.create.button'], name: 'signup-390-refused' },
    ];
    for (const { path, button, name } of pages) {
      await page.goto(`${baseURL}/springfield/${path}`);
      const submit = page.getByRole('button', { name: button, exact: true });
      await submit.waitFor();
      // A new password shows its rules while typing.
      if (path === 'new') await page.locator('input[autocomplete="new-password"]').fill('abc');
      await submit.click();
      const heading = page.getByRole('heading', { name: en['form.errorSummary.title'] });
      await heading.waitFor();
      expect(await heading.evaluate((element) => element === document.activeElement), name).toBe(true);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scrollWidth, `${name}: page width`).toBeLessThanOrEqual(innerWidth!);
      await screenshot(page, name);
    }
  });

  it('refuses a wrong password with a message that names no username', async () => {
    const page = browser.page;
    await logIn(page, baseURL, 'springfield', 'demo.member', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: en['login.failed'] }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/springfield/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('signs demo.member in: home with the welcome line, then logs out to the login page', async () => {
    const page = browser.page;
    await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
    await page.waitForURL(`${baseURL}/springfield/home`);
    const nav = page.locator('nav.nav');
    await nav.getByText('Welcome, Dana Member').waitFor();
    expect(await nav.getByRole('link', { name: en['nav.login'], exact: true }).count()).toBe(0);
    await screenshot(page, 'login-signed-in-home');
    // A member on login goes home (§2).
    await page.goto(`${baseURL}/springfield/login`);
    await page.waitForURL(`${baseURL}/springfield/home`);
    // Logout is a button that posts with the CSRF token (issue 9 row 11); the app then opens the login page.
    await nav.getByRole('button', { name: en['nav.logout'] }).click();
    await page.waitForURL(`${baseURL}/springfield/login`);
    await page.getByRole('link', { name: en['nav.login'], exact: true }).waitFor();
  });

  it('locks the FedRAMP account after three failures (fedagency)', async () => {
    const page = browser.page;
    for (const remaining of [2, 1]) {
      await logIn(page, baseURL, 'fedagency', 'demo.member', 'Wrong-Password-1');
      await page.getByRole('alert').filter({ hasText: String(remaining) }).waitFor();
    }
    await logIn(page, baseURL, 'fedagency', 'demo.member', 'Wrong-Password-1');
    await page.getByRole('alert').filter({ hasText: '30' }).waitFor();
    await logIn(page, baseURL, 'fedagency', 'demo.member', 'Demo!Member2026');
    await page.getByRole('alert').filter({ hasText: '30' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fedagency/login');
    await screenshot(page, 'login-fedramp-locked');
  });
});

describe.skipIf(!chromiumPath)('forgot username in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('checks the address as you leave the field and mails the username over SMTP', async () => {
    const page = browser.page;
    const mailbox = await openMailbox(mailDir);
    await page.goto(`${baseURL}/springfield/login`);
    await page.getByRole('link', { name: en['login.forgotUsername.link'] }).click();
    await page.waitForURL(`${baseURL}/springfield/forgot-username`);
    const email = page.getByRole('textbox', { name: en['forgotUsername.email.label'] });
    await email.fill('stranger@example.org');
    await email.press('Tab');
    await page.getByText(en['ssp.forgotUsername.email.invalid']).waitFor();
    await screenshot(page, 'forgot-username-unknown');
    await email.fill('demo.member@example.org');
    await page.getByRole('button', { name: en['forgotUsername.submit'] }).click();
    await page.getByRole('status').filter({ hasText: en['ssp.forgotUsername.send.success'] }).waitFor();
    await screenshot(page, 'forgot-username-sent');

    const mail = await mailbox.next('demo.member@example.org');
    expect(mail.subject).toBe('Your username for City of Springfield');
    expect(mail.text).toContain('  demo.member\n');
    expect(mail.text).toContain(`${baseURL}/springfield/login`);
  });
});
