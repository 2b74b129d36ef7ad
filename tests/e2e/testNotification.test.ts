/**
 * The test notification in Chromium against the real server (issue 12 "Test notification, for real"):
 * demo.member of springfield opens the panel on home, solves the self-hosted ALTCHA proof of work in
 * the browser (its worker a script of the site, under the portal's CSP), and sends a test to their
 * SMS number and then to their e-mail address; the one arrives at the loopback Twilio server, the other
 * at the loopback SMTP server. The panel has no serious or critical axe-core violation when open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { openMailbox } from './mailbox.ts';
import { openPhone } from './phone.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const mailDir = inject('mailDir');
const phoneDir = inject('phoneDir');

/** Picks the path whose option starts with `name`, solves the captcha, sends, and answers the message shown. */
async function sendTest(page: Page, name: string): Promise<string> {
  const panel = page.locator('section.test-notification');
  const select = panel.getByLabel(en['testNotification.path.label']);
  const option = await select.locator('option').evaluateAll((options, wanted) =>
    (options as HTMLOptionElement[]).find((candidate) => candidate.textContent!.startsWith(wanted))?.value ?? null, name);
  expect(option, `a ${name} path to test`).not.toBeNull();
  await select.selectOption(option!);
  // The ALTCHA widget: ticking "I'm not a robot" starts the proof of work in the browser; solved, the
  // widget's field (named as the form sends it) holds the payload.
  const widget = panel.locator('altcha-widget');
  await widget.getByText(/not a robot/i).click();
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('altcha-widget input[name="g-recaptcha-response"]')?.value ?? '') !== '', null, { timeout: 60_000 });
  await panel.getByRole('button', { name: en['testNotification.send'] }).click();
  const outcome = panel.locator('p.notice-ok, p.notice[role="alert"]').last();
  await outcome.waitFor();
  return outcome.innerText();
}

describe.skipIf(!chromiumPath)('the test notification in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('demo.member solves the captcha and sends a test to their SMS number and their e-mail address: both arrive at the loopback servers', { timeout: 180_000 }, async () => {
    const page = browser.page;
    const phone = await openPhone(phoneDir);
    const mailbox = await openMailbox(mailDir);
    await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
    await page.waitForURL(`${baseURL}/springfield/home`);
    await drawn(page);
    await page.locator('section.test-notification').getByRole('button', { name: en['testNotification.title'] }).click();
    await page.locator('section.test-notification altcha-widget').waitFor();
    await screenshot(page, 'test-notification-open');

    expect(await sendTest(page, 'SMS')).toBe(en['testNotification.sent'].replace('{{pathName}}', 'SMS').replace('{{orgName}}', 'City of Springfield'));
    const sms = await phone.nextSms('+12175550123', /test notification/);
    expect(sms).toContain('This is a test notification from City of Springfield');
    await screenshot(page, 'test-notification-sms-sent');

    const emailAnswer = await sendTest(page, 'Work Email');
    expect(emailAnswer).toMatch(/Work Email/);
    const mail = await mailbox.next('demo.member@example.org', 30_000, /test notification/i);
    expect(mail.text).toContain('This is a test notification from City of Springfield');
    await screenshot(page, 'test-notification-email-sent');
  });

  it.each(VIEWPORTS)('the open panel has no serious or critical axe-core violation at $width×$height', async (viewport) => {
    // axe is injected as a script: this page's context lets it past the CSP (the sends above ran under it).
    const { context, page } = await newCheckedPage(browser.context.browser()!, baseURL, viewport);
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(`${baseURL}/springfield/home`);
      await drawn(page);
      await page.locator('section.test-notification').getByRole('button', { name: en['testNotification.title'] }).click();
      await page.locator('section.test-notification altcha-widget').waitFor();
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      await screenshot(page, `test-notification-${viewport.name}`);
    } finally {
      await context.close();
    }
  });
});
