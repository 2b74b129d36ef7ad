/**
 * Issue 13 "The wizard" in Chromium against `npm start`'s server: a new member of acme, invited by
 * the administrator, signs up through the mailed link and walks every step of §2's sign-up flow with
 * the progress bar: adds a location through a geocoding candidate ("Find this address", candidate
 * A), subscribes to two alert topics and an opt-in group, fills the mandatory custom field, reviews
 * (each section under its heading, the choices with check marks), finishes at home, and after a
 * reload finds the group on home and the choices on their pages. The steps at 390 px: no
 * horizontal scroll, one h1, no serious or critical axe-core violation; screenshots in test-results/e2e/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { launchBrowser, screenshot } from './browser.ts';
import { linkIn, openMailbox } from './mailbox.ts';
import { adminCall } from './portal.ts';
import { axeViolations, drawn, newCheckedPage, shellFacts } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const mailDir = inject('mailDir');

const stepOf = (current: number, total: number) => en['progress.count'].replace('{{current}}', String(current)).replace('{{total}}', String(total));

/** The page meets issue 11's checks at its current width (axe-core: nothing serious or critical). */
async function expectChecked(page: Page, label: string) {
  await drawn(page);
  const facts = await shellFacts(page);
  expect(facts.overflow, `${label}: horizontal scroll`).toBeLessThanOrEqual(0);
  expect(facts.h1s, `${label}: h1`).toBe(1);
  const violations = await axeViolations(page);
  if (violations.length > 0) console.log(`${label}: axe-core\n${violations.join('\n')}`);
  expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), `${label}: serious or critical axe-core violations`).toEqual([]);
}

describe.skipIf(!chromiumPath)('the sign-up wizard (issue 13)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an invited acme member signs up and walks locations, subscriptions, information and review to home', async () => {
    const { context, page } = await newCheckedPage(browser, baseURL, { width: 390, height: 844 });
    try {
    const mailbox = await openMailbox(mailDir);
    await adminCall(page.request, baseURL, '/admin/api/orgs/acme/invitations', { firstName: 'Wil', lastName: 'Wizard', email: 'wil.wizard@example.org' });
    const link = linkIn((await mailbox.next('wil.wizard@example.org')).text, `${baseURL}/acme/new?`);

    // Sign-up: the profile step.
    await page.goto(link);
    await expect.poll(() => page.getByRole('textbox', { name: en['signup.firstName.label'] }).inputValue()).toBe('Wil');
    await page.getByRole('textbox', { name: en['signup.username.label'] }).fill('wil.wizard');
    await page.locator('input[autocomplete="new-password"]').fill('Acme-2026wiz');
    await page.getByRole('textbox', { name: en['signup.securityAnswer.label'] }).fill('Blue');
    await page.getByRole('textbox', { name: en['signup.smsPhone.label'] }).fill('2015550177');
    await page.getByRole('checkbox', { name: en['signup.accept.label'] }).check();
    await page.getByRole('button', { name: en['signup.create.button'] }).click();

    // Locations (step 2 of 5): a place found by the geocoder.
    await page.waitForURL(`${baseURL}/acme/new/account/mylocation`);
    const progress = page.getByRole('navigation', { name: en['progress.label'] });
    await progress.getByText(stepOf(2, 5)).waitFor();
    expect(await progress.locator('[aria-current="step"]').innerText()).toContain(en['progress.step.locations']);
    await expectChecked(page, 'locations step');
    await page.getByRole('button', { name: en['locations.add'] }).click();
    const dialog = page.getByRole('dialog', { name: en['locations.dialog.add'] });
    await dialog.getByRole('textbox', { name: en['ssp.address.locationName.label'] }).fill('Home');
    await dialog.getByRole('textbox', { name: en['ssp.address.streetAddress.label'] }).fill('300 S 2nd St');
    await dialog.getByRole('textbox', { name: en['ssp.address.city.label'] }).fill('Springfield');
    await dialog.getByRole('textbox', { name: en['ssp.address.state.label'] }).fill('IL');
    await dialog.getByRole('button', { name: en['locations.find'] }).click();
    const verify = page.getByRole('dialog', { name: en['signup.location.verify.title'] });
    const first = verify.getByRole('radio', { name: /Springfield, IL/ });
    await first.waitFor();
    expect(await first.isChecked()).toBe(true);
    await screenshot(page, 'wizard-candidates-phone');
    await verify.getByRole('button', { name: en['signup.location.verify.confirm'] }).click();
    await verify.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: en['locations.save'] }).click();
    await page.getByRole('rowheader', { name: 'Home' }).waitFor();
    await page.getByRole('link', { name: en['locations.continue'] }).click();

    // Subscriptions (step 3): two alert topics and a group.
    await page.waitForURL(`${baseURL}/acme/new/account/subscriptions`);
    await progress.getByText(stepOf(3, 5)).waitFor();
    await page.getByRole('checkbox', { name: 'Building closures', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Outages', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Carpool', exact: true }).check();
    // A mandatory topic: nothing to skip (§2 "Skip is hidden when any mandatory item exists").
    expect(await page.getByRole('link', { name: en['subscriptions.skip'], exact: true }).count()).toBe(0);
    await expectChecked(page, 'subscriptions step');
    await page.getByRole('button', { name: en['subscriptions.saveAndContinue'] }).click();

    // Additional information (step 4): the mandatory Department.
    await page.waitForURL(`${baseURL}/acme/new/account/additionalInformation`);
    await progress.getByText(stepOf(4, 5)).waitFor();
    await page.getByLabel(/^Department/).selectOption('Engineering');
    await page.getByRole('button', { name: en['additionalInformation.saveAndContinue'] }).click();

    // Review (step 5): each section with what was chosen.
    await page.waitForURL(`${baseURL}/acme/new/account/review`);
    await progress.getByText(stepOf(5, 5)).waitFor();
    const section = (key: string) => page.getByRole('region', { name: new RegExp(`^${en[key as keyof typeof en]}`) });
    await section('review.section.locations').getByText(/Home: 300 S 2nd St/).waitFor();
    await section('review.section.subscriptions').getByText('Building closures').waitFor();
    await section('review.section.subscriptions').getByText('Carpool').waitFor();
    await section('review.section.information').getByText('Engineering').waitFor();
    expect(await section('review.section.subscriptions').getByRole('link').first().getAttribute('href')).toBe('/acme/new/account/edit-subscriptions');
    await expectChecked(page, 'review');
    await screenshot(page, 'wizard-review-phone');
    await page.getByRole('link', { name: en['review.finish'] }).click();

    // Home, and after a reload the choices are still there.
    await page.waitForURL(`${baseURL}/acme/home`);
    await page.getByRole('heading', { name: en['notice.signedUp.title'] }).waitFor();
    await page.reload();
    await drawn(page);
    await page.getByRole('heading', { name: en['groupMembership.title'] }).waitFor();
    await page.getByText('Carpool', { exact: true }).waitFor();
    await page.goto(`${baseURL}/acme/my-subscription`);
    await page.getByRole('checkbox', { name: 'Outages', exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Outages', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Parking', exact: true }).isChecked()).toBe(false);
    await page.goto(`${baseURL}/acme/my-location`);
    await page.getByRole('rowheader', { name: 'Home' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
