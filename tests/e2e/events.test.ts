/**
 * Issue 14's events page in Chromium against the real server with its demo events (springfield's
 * public "Springfield Marathon 2026" and "Lake Springfield water main repair", its private "Winter
 * coat drive (city staff)"), at 360 px and 1280 px:
 * - the marathon first, its period in the event's zone as Chromium words it in en-US, its address,
 *   its notifications' badges in words, newest first; choosing another event in the dropdown puts its
 *   id in the address and starts an empty sign-up form;
 * - the sign-up: a bad mobile refused at its field with §5's message and nothing sent; the server's
 *   refusal (§4 "server result inline": no mobile or e-mail where the event asks for neither) shown
 *   above the form; a good one opening the success dialog, the form empty afterwards;
 * - a notification's page with its CAP facts in words, its back link finding the page and page size
 *   the list had (page 2 of size 10 of an event with 12 notifications); the withdrawn one's message;
 * - the private event in the dropdown only for a signed-in member (demo.member).
 * Every state: no horizontal scroll, no serious or critical axe-core violation, a screenshot in
 * test-results/e2e/. What a test publishes (events, notifications, sign-ups, its publishing key) is
 * withdrawn again: the e2e files share one server.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { logIn } from './portal.ts';
import { axeViolations, drawn, newCheckedPage } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const VIEWPORTS = [
  { name: 'narrow', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
];

const MARATHON = 'Springfield Marathon 2026';
const LAKE = 'Lake Springfield water main repair';
const COAT_DRIVE = 'Winter coat drive (city staff)';

const seriousOnly = (violations: string[]) => violations.filter((v) => /\((serious|critical)\)/.test(v));

async function expectFitsAndAccessible(page: Page) {
  const violations = await axeViolations(page);
  expect(seriousOnly(violations), violations.join('\n')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The label a catalogue message has once its `{{label}}` is the field's. */
const requiredMessage = (label: string) => en['jquery.validation.field.required'].replace('{{label}}', label);

/** The texts the control's `aria-describedby` names: its message, next to it. */
const describedText = (page: Page, label: RegExp) => page.getByLabel(label).evaluate((control) =>
  (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' | '));

/** What a `dl` of the page says, `dt` → `dd`. */
const facts = (page: Page, selector: string) => page.locator(selector).evaluateAll((lists) => Object.fromEntries(lists.flatMap((list) =>
  [...list.querySelectorAll('dt')].map((dt) => [dt.textContent?.trim() ?? '', dt.nextElementSibling?.textContent?.trim() ?? '']))));

const eventSelect = (page: Page) => page.getByRole('combobox', { name: en['events.select'], exact: true });
const pageSizeSelect = (page: Page) => page.getByRole('combobox', { name: en['content.pageSize'], exact: true });
const optionsOf = (page: Page) => eventSelect(page).locator('option').allInnerTexts();
const boxes = (page: Page) => page.locator('main .content-items > li');
const pageOf = (page: number, pages: number) => en['content.page'].replace('{{page}}', String(page)).replace('{{pages}}', String(pages));

describe.skipIf(!chromiumPath)('events', () => {
  const browser = useBrowser(chromiumPath);
  const browserOf = () => browser.context.browser()!;

  /** The administrator's API session and a publishing key of springfield's, revoked after the file. */
  let admin: APIRequestContext;
  let adminCsrf = '';
  let keyId = '';
  let publishing: { authorization: string } = { authorization: '' };

  beforeAll(async () => {
    admin = await playwrightRequest.newContext({ baseURL });
    const form = (await (await admin.get('/admin/api/login')).json()) as { csrfToken: string };
    const login = await admin.post('/admin/api/login', { headers: { 'X-CSRF-TOKEN': form.csrfToken }, data: { username: 'admin', password: 'Demo!Admin2026' } });
    expect(login.status(), await login.text()).toBe(200);
    adminCsrf = ((await login.json()) as { csrfToken: string }).csrfToken;
    const made = await admin.post('/admin/api/orgs/springfield/publishingKeys', { headers: { 'X-CSRF-TOKEN': adminCsrf }, data: { name: 'e2e events' } });
    expect(made.status(), await made.text()).toBe(201);
    const { key, keyId: id } = (await made.json()) as { key: string; keyId: string };
    keyId = id;
    publishing = { authorization: `Bearer ${key}` };
  });

  afterAll(async () => {
    if (!admin) return;
    if (keyId) expect((await admin.delete(`/admin/api/orgs/springfield/publishingKeys/${keyId}`, { headers: { 'X-CSRF-TOKEN': adminCsrf } })).status()).toBe(200);
    await admin.dispose();
  });

  const putEvent = async (eventId: string, body: object) => {
    const response = await admin.put(`/api/v1/springfield/events/${eventId}`, { headers: publishing, data: body });
    expect(response.status(), await response.text()).toBe(201);
  };
  const putNotification = async (eventId: string, notificationId: string, body: object) => {
    const response = await admin.put(`/api/v1/springfield/events/${eventId}/notifications/${notificationId}`, { headers: publishing, data: body });
    expect(response.status(), await response.text()).toBe(201);
  };
  /** Withdraws an event the test published, its notifications and sign-ups with it. */
  const deleteEvent = async (eventId: string) => {
    expect((await admin.delete(`/api/v1/springfield/events/${eventId}`, { headers: publishing })).status()).toBe(200);
  };

  it.each(VIEWPORTS)('shows the marathon with its period, address and badges, and another event with an empty form, at $width px', { timeout: 60_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await page.goto(`${baseURL}/springfield/event`);
      await drawn(page);
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
      await boxes(page).first().waitFor();
      expect(await facts(page, 'main .event-facts')).toEqual({
        [en['events.when']]: 'Dec 6, 2026, 7:00 AM – 1:00 PM CST',
        [en['events.where']]: 'Old State Capitol Plaza, Springfield, IL 62701',
      });
      expect(await optionsOf(page)).toEqual([MARATHON, LAKE]);
      expect(await eventSelect(page).inputValue()).toBe('marathon-2026');
      // §2 badges in words, newest first: the alert, the advisory with its image, two community updates.
      expect(await boxes(page).locator('h3').allInnerTexts()).toEqual([
        'Lightning: the start may be delayed', 'Road closures on race day', 'Packet pick-up hours', 'Volunteers still needed',
      ]);
      expect(await boxes(page).locator('.badge').first().innerText()).toBe(en['events.type.alert']);
      const badges = await boxes(page).evaluateAll((items) => items.map((item) => [...item.querySelectorAll('.badge')].map((badge) => badge.textContent?.trim())));
      expect(badges).toEqual([
        [en['events.type.alert']],
        [en['events.type.advisory'], en['notification.hasAttachments']],
        [en['events.type.community']],
        [en['events.type.community']],
      ]);
      expect(await boxes(page).locator('article').evaluateAll((items) => items.map((item) => item.getAttribute('data-badge')))).toEqual(['alert', 'advisory', 'community', 'community']);
      // Shared on the public organisation's public event that allows it.
      await page.getByRole('navigation', { name: en['share.title'] }).waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-marathon-${viewport.name}`);

      // Something typed, then another event: its id in the address and a new, empty form.
      await page.getByLabel(/^Mobile phone/).fill('217-555-01');
      await page.getByLabel(/^Full name/).fill('Pat Doe');
      await eventSelect(page).selectOption({ label: LAKE });
      await page.waitForURL((url) => url.pathname === '/springfield/event' && url.searchParams.get('eventId') === 'lake-water-main');
      await page.getByRole('heading', { level: 2, name: LAKE }).waitFor();
      expect(await facts(page, 'main .event-facts')).toEqual({
        [en['events.when']]: 'Nov 25, 2026, 8:00 AM – Dec 10, 2026, 5:00 PM CST',
        [en['events.where']]: 'East Lake Drive, Springfield, IL 62712',
      });
      for (const label of [/^Full name/, /^Mobile phone/, /^Email/]) expect(await page.getByLabel(label).inputValue()).toBe('');
      expect(await page.getByLabel(/^Full name/).getAttribute('required')).not.toBeNull();
      expect(await page.getByLabel(/^Mobile phone/).getAttribute('required')).toBeNull();
      await boxes(page).first().waitFor();
      expect(await boxes(page).locator('h3').allInnerTexts()).toEqual(['Low water pressure on East Lake Drive', 'Repair work begins']);
      // Not shared: the lake event does not allow it.
      expect(await page.getByRole('navigation', { name: en['share.title'] }).count()).toBe(0);
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-lake-${viewport.name}`);

      // The browser's Back goes to the marathon again.
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each(VIEWPORTS)('refuses a bad mobile at its field without sending it, shows the server\'s refusal, and signs up, at $width px', { timeout: 60_000 }, async (viewport) => {
    const eventId = `e2e-signup-${viewport.name}-${Date.now()}`;
    const groupName = `E2E sign-up check (${viewport.name})`;
    await putEvent(eventId, { groupName, requireName: true, eventStartDate: '2026-11-30T18:00:00-06:00', timeZone: 'America/Chicago' });
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/nixle/eventSubscription/springfield/signUp')) sent.push(request.postData() ?? '');
    });
    try {
      await page.goto(`${baseURL}/springfield/event?eventId=marathon-2026`);
      await drawn(page);
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
      const mobile = page.getByLabel(/^Mobile phone/);
      await mobile.fill('555-1234');
      await page.getByRole('button', { name: en['events.signUp.submit'], exact: true }).click();
      await expect.poll(() => mobile.getAttribute('aria-invalid')).toBe('true');
      expect(await describedText(page, /^Mobile phone/)).toContain(en['eventSubscription.validation.phone']);
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-signup-refused-${viewport.name}`);
      // Emptied, it is required (marathon asks for a mobile).
      await mobile.fill('');
      await page.getByRole('button', { name: en['events.signUp.submit'], exact: true }).click();
      await expect.poll(() => describedText(page, /^Mobile phone/)).toContain(requiredMessage(en['eventSubscription.mobile.label']));
      expect(sent).toEqual([]);

      // An event that asks for a name only: the browser lets a name alone through, the server wants somewhere to send to.
      await eventSelect(page).selectOption(eventId);
      await page.getByRole('heading', { level: 2, name: groupName }).waitFor();
      await page.getByLabel(/^Full name/).fill('Pat Doe');
      const refused = page.waitForResponse((response) => response.url().includes('/signUp'));
      await page.getByRole('button', { name: en['events.signUp.submit'], exact: true }).click();
      expect((await refused).status()).toBe(400);
      await page.getByText(en['eventSubscription.validation.mobileOrEmail']).waitFor();
      // §4 "form reset after every submit".
      expect(await page.getByLabel(/^Full name/).inputValue()).toBe('');
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-signup-server-refused-${viewport.name}`);

      await page.getByLabel(/^Full name/).fill('Pat Doe');
      await page.getByLabel(/^Mobile phone/).fill('(217) 555-0142');
      await page.getByRole('button', { name: en['events.signUp.submit'], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: en['events.signUp.success.title'] });
      await dialog.getByText(en['events.signUp.success.message'].replace('{{name}}', groupName)).waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-signup-done-${viewport.name}`);
      await dialog.getByRole('button', { name: en['form.dialog.ok'] }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByText(en['eventSubscription.validation.mobileOrEmail']).count()).toBe(0);
      for (const label of [/^Full name/, /^Mobile phone/, /^Email/]) expect(await page.getByLabel(label).inputValue()).toBe('');
      expect(sent.map((body) => JSON.parse(new URLSearchParams(body).get('eventSubscriptionSignUpStr') ?? 'null') as unknown)).toEqual([
        { eventId, fullName: 'Pat Doe', widgets: [] },
        { eventId, fullName: 'Pat Doe', mobile: '(217) 555-0142', widgets: [] },
      ]);
    } finally {
      await context.close();
      await deleteEvent(eventId);
    }
  });

  it.each(VIEWPORTS)('opens a notification with its CAP facts and comes back to the same page and page size; the withdrawn one says so, at $width px', { timeout: 90_000 }, async (viewport) => {
    // An event with 12 notifications, so that page 2 of size 10 exists.
    const eventId = `e2e-paging-${viewport.name}-${Date.now()}`;
    await putEvent(eventId, { groupName: `E2E paging (${viewport.name})`, eventStartDate: '2026-11-29T10:00:00-06:00', timeZone: 'America/Chicago' });
    for (let n = 1; n <= 12; n += 1) {
      await putNotification(eventId, `${eventId}-${n}`, { title: `Update ${n}`, textMessage: `Update number ${n}.`, sendDate: new Date(Date.now() - (13 - n) * 60_000).toISOString() });
    }
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await page.goto(`${baseURL}/springfield/event?eventId=${eventId}`);
      await drawn(page);
      await boxes(page).first().waitFor();
      expect(await boxes(page).count()).toBe(12);
      await pageSizeSelect(page).selectOption('10');
      await page.getByText(pageOf(1, 2)).waitFor();
      await page.getByRole('button', { name: en['locations.expected.next'] }).click();
      await page.getByText(pageOf(2, 2)).waitFor();
      expect(await boxes(page).locator('h3').allInnerTexts()).toEqual(['Update 2', 'Update 1']);
      await page.getByRole('link', { name: 'Update 1', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Update 1' }).waitFor();
      await page.getByRole('link', { name: en['events.back'] }).click();
      await page.getByText(pageOf(2, 2)).waitFor();
      expect(new URL(page.url()).searchParams.toString()).toBe(`eventId=${eventId}&pageNo=2&pageSize=10`);
      expect(await pageSizeSelect(page).inputValue()).toBe('10');
      expect(await boxes(page).locator('h3').allInnerTexts()).toEqual(['Update 2', 'Update 1']);

      // The marathon's alert with its CAP facts, at page size 10.
      await eventSelect(page).selectOption('marathon-2026');
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
      await pageSizeSelect(page).selectOption('10');
      await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
      await page.getByRole('link', { name: 'Lightning: the start may be delayed' }).click();
      await page.getByRole('heading', { level: 1, name: 'Lightning: the start may be delayed' }).waitFor();
      expect(await page.locator('main .content-item-meta .badge').first().innerText()).toBe(en['events.type.alert']);
      expect(await facts(page, 'main dl.cap-facts')).toEqual({
        [en['events.fact.category']]: 'Met',
        [en['events.fact.event']]: 'Lightning',
        [en['weather.fact.severity']]: en['cap.severity.Moderate'],
        [en['weather.fact.urgency']]: en['cap.urgency.Expected'],
        [en['weather.fact.certainty']]: en['cap.certainty.Likely'],
      });
      await page.getByRole('heading', { level: 2, name: en['weather.instruction'] }).waitFor();
      await page.getByText('Go indoors or into a hard-topped vehicle when you hear thunder.').waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, `event-notification-alert-${viewport.name}`);
      await page.getByRole('link', { name: en['events.back'] }).click();
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
      expect(new URL(page.url()).searchParams.toString()).toBe('eventId=marathon-2026&pageNo=1&pageSize=10');
      expect(await pageSizeSelect(page).inputValue()).toBe('10');

      // The advisory's image, drawn.
      await page.getByRole('link', { name: 'Road closures on race day' }).click();
      const image = page.getByRole('img', { name: 'boil-water-area.png' });
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.getByRole('link', { name: en['events.back'] }).click();

      // The withdrawn one says only that.
      await page.getByRole('link', { name: 'Volunteers still needed' }).click();
      await page.getByRole('heading', { level: 1, name: 'Volunteers still needed' }).waitFor();
      await page.getByText(en['events.deactivated']).waitFor();
      expect(await page.getByText('We need 40 more volunteers for water stations.').count()).toBe(0);
      await expectFitsAndAccessible(page);
      await screenshot(page, `event-notification-withdrawn-${viewport.name}`);
    } finally {
      await context.close();
      await deleteEvent(eventId);
    }
  });

  it.each(VIEWPORTS)('lists the private event for a signed-in member only, at $width px', { timeout: 60_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await page.goto(`${baseURL}/springfield/event`);
      await drawn(page);
      await eventSelect(page).waitFor();
      expect(await optionsOf(page)).toEqual([MARATHON, LAKE]);
      // Its address does not show it either: the first event instead.
      await page.goto(`${baseURL}/springfield/event?eventId=staff-coat-drive`);
      await page.getByRole('heading', { level: 2, name: MARATHON }).waitFor();
      expect(await page.getByText(COAT_DRIVE).count()).toBe(0);

      await logIn(page, baseURL, 'springfield', 'demo.member', 'Demo!Member2026');
      await page.waitForURL(/\/springfield\/home$/);
      await page.goto(`${baseURL}/springfield/event`);
      await drawn(page);
      await eventSelect(page).waitFor();
      await expect.poll(() => optionsOf(page)).toEqual([MARATHON, `${COAT_DRIVE} ${en['events.private']}`, LAKE]);
      await eventSelect(page).selectOption('staff-coat-drive');
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${COAT_DRIVE.replace(/[()]/g, '\\$&')}`) });
      await heading.waitFor();
      expect(await heading.locator('.badge').innerText()).toBe(en['events.privateBadge']);
      await page.getByRole('link', { name: 'Drop-off boxes are out' }).waitFor();
      // No sign-up box (it asks for nothing) and no share buttons (private).
      expect(await page.getByRole('button', { name: en['events.signUp.submit'], exact: true }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: en['share.title'] }).count()).toBe(0);
      await expectFitsAndAccessible(page);
      await screenshot(page, `events-member-private-${viewport.name}`);
    } finally {
      await context.close();
    }
  });
});
