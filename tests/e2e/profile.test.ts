/**
 * The profile page in Chromium against the real server (§2 profile page, §4 profile edit, §8 save
 * messages; issue 12): demo.member of springfield renames themselves, gives their SMS path a new
 * number and a quiet time, moves it to the top, switches their e-mail path off, saves, reloads and
 * finds it all, on the profile page and in home's summary; confirms the new number with the code that
 * reached the loopback SMS server (issue 12 "Confirmed contact paths"); the page at a
 * phone's and a desktop's width has no serious or critical axe-core violation. What demo.member had
 * is put back afterwards, so the other files find them as seeded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { openPhone } from './phone.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');
const phoneDir = inject('phoneDir');

interface Stored { contactId: number; profile: Record<string, unknown>; contactPaths: { contactPaths: Record<string, unknown>[] } }

/** The signed-in member's profile and paths as the API answers them (the page's own session). */
async function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const account = (await (await fetch('/rest/init/account?orgId=springfield')).json()) as { account: { id: number } };
    const get = async (what: string) => (await fetch(`/springfield/${account.account.id}/${what}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json();
    return { contactId: account.account.id, profile: await get('profile'), contactPaths: await get('contactPaths') } as Stored;
  });
}

/** Saves `before` back over whatever is stored now (its names, its paths in their order). */
async function restore(page: Page, before: Stored): Promise<void> {
  const status = await page.evaluate(async ({ before }) => {
    const { csrfToken } = (await (await fetch('/rest/init/csrf?orgId=springfield')).json()) as { csrfToken: string };
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    const now = (await (await fetch(`/springfield/${before.contactId}/profile`, { headers })).json()) as { profileVersion: number };
    const profiles = before.profile.profiles as { fieldName: string; profileId: number }[];
    const profile = ['firstName', 'lastName', 'middleInitial'].map((name) => ({
      profileId: profiles.find((entry) => entry.fieldName === name)?.profileId ?? 0, name, value: before.profile[name] as string,
    }));
    const contactPath = before.contactPaths.contactPaths.map((path, sortOrder) => ({
      pathId: path.pathId, value: path.value, ...(path.countryCode ? { countryCode: path.countryCode } : {}),
      ...(path.phoneExt ? { phoneExt: path.phoneExt } : {}), pathEnable: path.pathEnable, quietTimeFrames: path.quietTimeFrames, sortOrder,
    }));
    const response = await fetch(`/springfield/${before.contactId}/profile`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'X-CSRF-TOKEN': csrfToken },
      body: new URLSearchParams({ profile: JSON.stringify(profile), contactPath: JSON.stringify(contactPath), profileVersion: String(now.profileVersion) }).toString(),
    });
    return response.status;
  }, { before });
  expect(status).toBe(200);
}

const pathItem = (page: Page, pathId: number) => page.locator(`li.contact-path[data-path-id="${pathId}"]`);

describe.skipIf(!chromiumPath)('the profile page in Chromium', () => {
  const browser = useBrowser(chromiumPath);

  it('demo.member renames themselves, gives SMS a new number and a quiet time, moves it up, switches e-mail off, saves and finds it after a reload and on home', async () => {
    const page = browser.page;
    await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
    await page.waitForURL(`${baseURL}/springfield/home`);
    const before = await stored(page);
    try {
      await editSaveAndReload(page);
    } finally {
      await restore(page, before);
    }
  });

  async function editSaveAndReload(page: Page) {
    await page.goto(`${baseURL}/springfield/my-profile`);
    const firstName = page.locator('[id="profile/firstName"]');
    await firstName.waitFor();
    await drawn(page);
    await screenshot(page, 'profile-before');

    // The SMS path (pathId 2) is second: email first.
    const order = async () => page.locator('li.contact-path').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.pathId)));
    expect((await order()).slice(0, 2)).toEqual([1, 2]);
    expect(await pathItem(page, 1).locator('button[data-move="up"]').isDisabled()).toBe(true);
    const last = (await order()).at(-1)!;
    expect(await pathItem(page, last).locator('button[data-move="down"]').isDisabled()).toBe(true);

    await firstName.fill('Danielle');
    const sms = pathItem(page, 2);
    await sms.locator('input[id$="/value"]').fill('2175550177');
    await sms.getByRole('button', { name: en['form.quietTime.add'] }).click();
    const frame = sms.locator('fieldset.quiet-time-frame').last();
    await frame.locator('input[id$="/name"]').fill('Lunch');
    await frame.getByRole('button', { name: 'Monday' }).click();
    await frame.locator('select[id$="/fromHour"]').selectOption('12');
    await frame.locator('select[id$="/toHour"]').selectOption('13');
    await sms.getByRole('button', { name: 'Move SMS up' }).click();
    expect((await order()).slice(0, 2)).toEqual([2, 1]);
    const emailOn = pathItem(page, 1).locator('input[id$="/pathEnable"]');
    expect(await emailOn.isChecked(), 'the e-mail path receives notifications before').toBe(true);
    await emailOn.uncheck();
    await screenshot(page, 'profile-edited');

    const phone = await openPhone(phoneDir);
    const save = page.getByRole('button', { name: en['profile.save.button'] });
    await save.click();
    await page.getByText(en['ssp.save.success']).waitFor();
    // The page stays, its form showing what is stored now (read again after the save: polled, as the
    // list is drawn anew from the stored profile).
    expect(await firstName.inputValue()).toBe('Danielle');
    await expect.poll(async () => (await order())[0], { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'profile-saved');

    // The new number is not confirmed: its code went to the loopback SMS server, as to the member's phone.
    const codeField = page.getByLabel(/^Code sent to SMS/);
    await codeField.waitFor();
    const text = await phone.nextSms('+12175550177', /confirmation code/);
    expect(text).toMatch(/^City of Springfield: your confirmation code is \d{6}\. It expires in 10 minutes\.$/);
    await codeField.fill(/\b(\d{6})\b/.exec(text)![1]!);
    await codeField.locator('xpath=ancestor::form[1]').getByRole('button', { name: en['pathConfirmation.confirm'] }).click();
    await page.getByText('SMS is confirmed.').waitFor();
    await screenshot(page, 'profile-path-confirmed');

    await page.reload();
    await firstName.waitFor();
    await drawn(page);
    expect(await firstName.inputValue()).toBe('Danielle');
    expect((await order())[0]).toBe(2);
    expect(await pathItem(page, 2).locator('input[id$="/value"]').inputValue()).toMatch(/217.*555.*0177/);
    const names = await pathItem(page, 2).locator('fieldset.quiet-time-frame input[id$="/name"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(names).toContain('Lunch');
    const after = await stored(page);
    const storedSms = after.contactPaths.contactPaths.find((path) => path.pathId === 2)!;
    expect(storedSms.quietTimeFrames).toContainEqual(expect.objectContaining({ name: 'Lunch', days: [2], fromHour: 12, toHour: 13 }));
    expect(storedSms.confirmed).toBe(true);
    expect(after.contactPaths.contactPaths.find((path) => path.pathId === 1)).toMatchObject({ pathEnable: false });
    expect(await pathItem(page, 1).locator('input[id$="/pathEnable"]').isChecked(), 'e-mail switched off, after the reload').toBe(false);
    await screenshot(page, 'profile-reloaded');

    // Home's summary says the same: the new name, SMS first with its number and quiet time, e-mail off.
    await page.goto(`${baseURL}/springfield/home`);
    const summary = page.locator('ul.summary-paths > li.summary-path');
    await summary.first().waitFor();
    await drawn(page);
    const firstNameEntry = page.locator('dl.summary-list dt', { hasText: en['home.profile.firstName'] }).locator('xpath=following-sibling::dd[1]');
    expect(await firstNameEntry.innerText()).toBe('Danielle');
    const first = summary.first();
    expect(await first.locator('.summary-path-value bdi').innerText()).toMatch(/217.*555.*0177/);
    const facts = await first.locator('.summary-path-facts li').allInnerTexts();
    expect(facts).toContain(en['home.paths.on']);
    expect(facts.some((fact) => fact.includes('Lunch') && fact.includes('Mon')), facts.join(' | ')).toBe(true);
    const emailFacts = await summary.nth(1).locator('.summary-path-facts li').allInnerTexts();
    expect(emailFacts).toContain(en['home.paths.off']);
    await screenshot(page, 'profile-home-summary');
  }

  it.each(VIEWPORTS)('has no serious or critical axe-core violation at $width×$height', async (viewport) => {
    const { context, page } = await newCheckedPage(browser.context.browser()!, baseURL, viewport);
    try {
      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(`${baseURL}/springfield/home`);
      await page.goto(`${baseURL}/springfield/my-profile`);
      await page.locator('[id="profile/firstName"]').waitFor();
      await drawn(page);
      const violations = await axeViolations(page);
      expect(violations.filter((v) => /\((serious|critical)\)/.test(v)), violations.join('\n')).toEqual([]);
      if (violations.length > 0) console.log(`profile ${viewport.name}: lesser axe findings\n${violations.join('\n')}`);
      await screenshot(page, `profile-${viewport.name}`);
      const { overflow, wide } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        // What sticks out, named, for the failure's message.
        wide: [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5).map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
      }));
      expect(overflow, `horizontal scroll: ${wide.join('; ')}`).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
