/**
 * Issue 14, in Chromium against the real server with its demo content: springfield's notifications
 * paged by base time (page size 10, Older, a detail, the browser's Back keeps the page and the scroll;
 * a tab switch starts again at page 1 of 25), a detail with its area drawn on the map and the share
 * links, a missing one sent back to the list, the weather tab with the expired winter storm and the
 * tornado warning's instruction and named places, the FAQ and overview, the Atom feed parsed as XML
 * with its CAP facts, the files library (sorted, a download under its name, a withdrawn file's
 * message), a communication at its own address, and an XSS corpus published through the publishing
 * API that executes nothing.
 * At 360 px and 1280 px, no horizontal scroll and no serious or critical axe-core violation.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { create } from 'xmlbuilder2';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { adminCall } from './portal.ts';
import { axeViolations, drawn, newCheckedPage } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const seriousOnly = (violations: string[]) => violations.filter((v) => /\((serious|critical)\)/.test(v));

async function expectFitsAndAccessible(page: Page) {
  expect(seriousOnly(await axeViolations(page)), (await axeViolations(page)).join('\n')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** springfield's notifications as the API counts them. */
async function notificationCount(page: Page): Promise<number> {
  const answer = await page.request.get(`${baseURL}/rest/notif/page?orgId=springfield&pageSize=10`);
  return ((await answer.json()) as { count: number }).count;
}

describe.skipIf(!chromiumPath)('public content', () => {
  const browser = useBrowser(chromiumPath);
  const browserOf = () => browser.context.browser()!;

  it.each([
    { name: 'narrow', width: 360, height: 800 },
    { name: 'desktop', width: 1280, height: 900 },
  ])('lists the notifications newest first, a page of 10 at a time, and keeps the page and scroll on the way back, at $width px', { timeout: 60_000 }, async (viewport) => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, viewport);
    try {
      await page.goto(`${baseURL}/springfield/notif`);
      await drawn(page);
      const list = page.locator('main .content-items');
      await list.locator('li').first().waitFor();
      expect(await list.locator('li h2').first().innerText()).toBe('Tornado warning: take shelter now');
      expect(await list.locator('li').count()).toBe(Math.min(25, await notificationCount(page)));
      await expectFitsAndAccessible(page);
      await screenshot(page, `notifications-${viewport.name}`);

      const total = await notificationCount(page);
      await page.getByLabel(en['content.pageSize']).selectOption('10');
      await page.getByText(en['content.page'].replace('{{page}}', '1').replace('{{pages}}', String(Math.ceil(total / 10)))).waitFor();
      expect(await list.locator('li').count()).toBe(10);
      await page.getByRole('button', { name: en['content.older'] }).click();
      await page.getByText(en['content.page'].replace('{{page}}', '2').replace('{{pages}}', String(Math.ceil(total / 10)))).waitFor();
      expect(await list.locator('li').count()).toBe(total - 10);
      const last = list.locator('li h2 a').last();
      const lastTitle = await last.innerText();
      await last.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      await last.click();
      await page.getByRole('heading', { level: 1, name: lastTitle }).waitFor();
      await page.goBack();
      await page.getByText(en['content.page'].replace('{{page}}', '2').replace('{{pages}}', String(Math.ceil(total / 10)))).waitFor();
      expect(await page.getByLabel(en['content.pageSize']).inputValue()).toBe('10');
      expect(Math.abs(await page.evaluate(() => window.scrollY) - scrolled)).toBeLessThanOrEqual(2);

      // §2 "switching tabs resets to page 1, size 25".
      await page.getByRole('navigation', { name: en['content.tabs'] }).getByRole('link', { name: en['content.tab.weather'] }).click();
      await page.getByRole('heading', { level: 1, name: en['page.title.weather'] }).waitFor();
      await page.getByRole('navigation', { name: en['content.tabs'] }).getByRole('link', { name: en['content.tab.general'] }).click();
      await list.locator('li').first().waitFor();
      expect(await page.getByLabel(en['content.pageSize']).inputValue()).toBe('25');
      expect(await list.locator('li h2').first().innerText()).toBe('Tornado warning: take shelter now');
    } finally {
      await context.close();
    }
  });

  it('shows a notification with its area on the map and the share links; an unknown one goes back to the list', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await page.goto(`${baseURL}/springfield/notif/spfld-2026-0141`);
      await page.getByRole('heading', { level: 1, name: 'Boil water notice for the east side' }).waitFor();
      const map = page.getByRole('region', { name: en['content.map.title'] });
      await map.locator('path.leaflet-interactive').first().waitFor();
      expect(await map.locator('path.leaflet-interactive').count()).toBe(1);
      expect(await page.locator('.org-html li').count()).toBe(2);
      const share = page.getByRole('navigation', { name: en['share.title'] });
      const facebook = await share.getByRole('link', { name: new RegExp(en['share.facebook']) }).getAttribute('href');
      expect(facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${baseURL}/springfield/notif/spfld-2026-0141`)}`);
      expect(await share.getByRole('link', { name: new RegExp(en['share.reddit']) }).getAttribute('rel')).toBe('noopener noreferrer');
      await expectFitsAndAccessible(page);
      await screenshot(page, 'notification-detail-narrow');

      // §4 "404 redirect to list".
      await page.goto(`${baseURL}/springfield/notif/no-such-notification`);
      await page.waitForURL(`${baseURL}/springfield/notif`);
      await page.locator('main .content-items li').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the weather alerts with their CAP facts in words, the expired one marked, and a warning\'s instruction and places', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await page.goto(`${baseURL}/springfield/weather`);
      await drawn(page);
      const winter = page.locator('main .content-item', { hasText: 'Winter Storm Warning' });
      await winter.getByText(en['weather.expired'], { exact: true }).waitFor();
      await winter.getByText(en['cap.severity.Moderate']).waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, 'weather-narrow');

      await winter.getByRole('link', { name: 'Winter Storm Warning' }).click();
      await page.getByRole('heading', { level: 1, name: 'Winter Storm Warning' }).waitFor();
      // No polygon: the three counties it names, each a 41-point circle.
      await page.getByRole('region', { name: en['content.map.title'] }).locator('path.leaflet-interactive').nth(2).waitFor();
      await expectFitsAndAccessible(page);

      await page.getByRole('link', { name: en['content.back.weather'] }).click();
      await page.locator('main .content-item', { hasText: 'Tornado Warning' }).getByRole('link', { name: 'Tornado Warning' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tornado Warning' }).waitFor();
      // The demo's tornado warning is in force for the first half hour after the seeding: its
      // instruction stands first then ("What to do"), and after it ends it is part of the details.
      await page.getByText(/^TAKE COVER NOW! Move to a basement/).waitFor();
      await page.getByText('Springfield, Chatham, Rochester, Leland Grove, Jerome').waitFor();
      await screenshot(page, 'weather-detail-narrow');
    } finally {
      await context.close();
    }
  });

  it('shows springfield\'s FAQ and overview, and the not-found page where there is none', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 1280, height: 900 });
    try {
      await page.goto(`${baseURL}/springfield/faq`);
      await page.getByRole('heading', { level: 3, name: 'Who can sign up?' }).waitFor();
      await expectFitsAndAccessible(page);
      await page.goto(`${baseURL}/springfield/ov`);
      await page.getByRole('heading', { level: 2, name: 'Springfield alerts' }).waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, 'overview-desktop');
      // acme shows no FAQ: the address is the not-found page.
      await page.goto(`${baseURL}/acme/faq`);
      await page.getByRole('heading', { level: 1, name: en['error.404.title'] }).waitFor();
      // §8 "Overview missing: not-found view": springfield's withdrawn through the publishing API, then put back.
      const { overview } = await (await page.request.get(`${baseURL}/springfield/overview`)).json() as { overview: { pageContent: string } };
      const key = (await adminCall(page.request, baseURL, '/admin/api/orgs/springfield/publishingKeys', { name: 'e2e overview' }) as unknown as { key: string }).key;
      const headers = { authorization: `Bearer ${key}` };
      expect((await page.request.delete(`${baseURL}/api/v1/springfield/pages/overview`, { headers })).status()).toBe(200);
      try {
        await page.goto(`${baseURL}/springfield/ov`);
        await page.getByRole('heading', { level: 1, name: en['error.404.title'] }).waitFor();
      } finally {
        expect((await page.request.put(`${baseURL}/api/v1/springfield/pages/overview`, { headers, data: overview })).status()).toBe(200);
      }
    } finally {
      await context.close();
    }
  });

  it('lists springfield\'s files, sorts them, downloads one under its name, and says so when one has gone', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    const key = (await adminCall(page.request, baseURL, '/admin/api/orgs/springfield/publishingKeys', { name: 'e2e files' }) as unknown as { key: string }).key;
    const headers = { authorization: `Bearer ${key}` };
    const link = await page.request.post(`${baseURL}/api/v1/springfield/documents/links`, { headers, data: { name: 'Aaa soon gone', fileLink: 'https://example.org/x' } });
    const gone = await page.request.post(`${baseURL}/api/v1/springfield/documents`, {
      headers, multipart: { name: 'Aaa withdrawn file', file: { name: 'withdrawn.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') } },
    });
    expect(gone.status(), await gone.text()).toBe(201);
    const goneId = ((await gone.json()) as { fileId: string }).fileId;
    const linkId = ((await link.json()) as { fileId: string }).fileId;
    try {
      await page.goto(`${baseURL}/springfield/files`);
      await drawn(page);
      const table = page.locator('main table.files-table');
      await table.locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: en['files.library.column.name'] }).click();
      await expect.poll(() => table.locator('th').first().getAttribute('aria-sort')).toBe('ascending');
      await table.locator('tbody tr').first().getByText('Aaa soon gone').waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, 'files-narrow');

      const saved = page.waitForEvent('download');
      await table.getByRole('button', { name: /Emergency kit checklist/ }).click();
      expect((await saved).suggestedFilename()).toBe('emergency-kit-checklist.pdf');

      await page.request.delete(`${baseURL}/api/v1/springfield/documents/${goneId}`, { headers });
      await table.getByRole('button', { name: /Aaa withdrawn file/ }).click();
      const dialog = page.getByRole('dialog', { name: en['files.library.error.title'] });
      await dialog.getByText(en['files.library.error.file.not.found']).waitFor();
      await dialog.getByRole('button', { name: en['form.dialog.ok'] }).click();
    } finally {
      await page.request.delete(`${baseURL}/api/v1/springfield/documents/${linkId}`, { headers });
      await context.close();
    }
  });

  it('shows a communication at its own address, with its files and share links, and the comms error page for none', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await page.goto(`${baseURL}/comms/spfld-winter-2026`);
      await page.getByRole('heading', { level: 1, name: /Winter storm: what the city is doing/ }).waitFor();
      await page.getByRole('link', { name: 'warming-centres.csv' }).waitFor();
      await page.getByRole('navigation', { name: en['share.title'] }).waitFor();
      await expectFitsAndAccessible(page);
      await screenshot(page, 'comms-narrow');
      await page.goto(`${baseURL}/comms/no-such-communication`);
      await page.getByRole('heading', { level: 1, name: en['comms.error.page.title'] }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps the notifications and a detail readable offline after one visit, marked as not current', { timeout: 60_000 }, async () => {
    const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 360, height: 800 });
    try {
      await page.goto(`${baseURL}/springfield/notif`);
      await page.locator('main .content-items li').first().waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', undefined, { timeout: 20_000 });
      await page.getByRole('link', { name: 'Boil water notice for the east side' }).click();
      await page.getByRole('heading', { level: 1, name: 'Boil water notice for the east side' }).waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Boil water notice for the east side' }).waitFor();
      await page.getByText(en['content.offlineDetail'].split('{{time}}')[0]!).waitFor();
      await page.goto(`${baseURL}/springfield/notif`);
      await page.locator('main .content-items li').first().waitFor();
      await page.getByText(en['content.offline'].split('{{time}}')[0]!).waitFor();
      expect(await page.locator('main .content-items li h2').first().innerText()).toBe('Tornado warning: take shelter now');
      await expectFitsAndAccessible(page);
      await screenshot(page, 'notifications-offline-narrow');
      // What a member sees is never kept: the profile page is not there offline.
      const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat());
      expect(cached.filter((path) => /\/(my-profile|rest\/init\/(csrf|account)|[0-9]+\/profile)/.test(path))).toEqual([]);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('serves an Atom feed of the notifications and weather alerts with their CAP facts', async () => {
    const response = await browser.page.request.get(`${baseURL}/springfield/feeds/alerts.atom`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/atom+xml');
    expect(response.headers()['cache-control']).toContain('public');
    const feed = create(await response.text()).end({ format: 'object' }) as unknown as {
      feed: { '@xmlns': string; id: string; title: string; updated: string; entry: { id: string; title: string; updated: string; link: { '@href': string }; 'cap:event': string; 'cap:severity': string }[] };
    };
    expect(feed.feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.feed.title).toBe('City of Springfield');
    expect(Number.isNaN(Date.parse(feed.feed.updated))).toBe(false);
    // The feed is what the pages list: springfield's notifications and weather alerts, newest first.
    const get = async <T>(path: string) => (await (await browser.page.request.get(`${baseURL}${path}`)).json()) as T;
    const notifications = (await get<{ data: { notificationId: string; title: string; sendDate: number }[] }>('/rest/notif/page?orgId=springfield&pageSize=50')).data;
    const weather = (await get<{ data: { weatherAlertId: string; title: string; issuanceTime: string; facts: { event?: string } }[] }>('/rest/weather/page?orgId=springfield&pageSize=50')).data;
    const expected = [
      ...notifications.map((n) => ({ time: n.sendDate, title: n.title, event: n.title, path: `/springfield/notif/${encodeURIComponent(n.notificationId)}` })),
      ...weather.map((w) => ({ time: Date.parse(`${w.issuanceTime}Z`), title: w.title, event: w.facts.event, path: `/springfield/weather/${encodeURIComponent(w.weatherAlertId)}` })),
    ].sort((a, b) => b.time - a.time);
    const entries = feed.feed.entry;
    expect(entries.map((entry) => ({ title: entry.title, event: entry['cap:event'], path: new URL(entry.link['@href']).pathname })))
      .toEqual(expected.map(({ title, event, path }) => ({ title, event, path })));
    // Every entry has its own id; a weather alert's is the service's own URN.
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(entries.filter((entry) => entry.id.startsWith('urn:oid:')).length).toBe(weather.length);
    expect(entries.find((entry) => entry['cap:event'] === 'Tornado Warning')?.['cap:severity']).toBe('Extreme');
  });

  describe('an XSS corpus published through the publishing API', () => {
    const CORPUS = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss = 2">',
      '<a href="javascript:window.__xss = 3">click</a>',
      '<svg onload="window.__xss = 4"><circle r="1"/></svg>',
      '<div style="background:url(javascript:window.__xss=5)">styled</div>',
      '<noscript><p title="</noscript><img src=x onerror=window.__xss=6>">',
      '<iframe srcdoc="<script>parent.__xss=7</script>"></iframe>',
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=8></style></mglyph></table></mtext></math>',
      '<form action="javascript:window.__xss=11"><button>go</button></form>',
      '<p>Still readable</p>',
    ].join('\n');

    /** Opens `path`, clicks what can be clicked in the organisation's HTML, and finds nothing ran. */
    async function expectInert(page: Page, dialogs: string[], path: string, within = 'main', open?: () => Promise<void>) {
      await page.goto(`${baseURL}${path}`);
      await open?.();
      await page.locator(within).getByText('Still readable').first().waitFor();
      await page.locator(within).locator('a', { hasText: 'click' }).first().click({ timeout: 1000 }).catch(() => {});
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
      expect(await page.locator(`${within} script, ${within} iframe, ${within} svg[onload], ${within} [onerror], ${within} form`).count(), path).toBe(0);
      expect(dialogs, path).toEqual([]);
    }

    it('executes nothing in Chromium in any HTML field (notification, event update, communication, FAQ, overview, help text), and shows the text', { timeout: 90_000 }, async () => {
      const request = browser.page.request;
      const key = (await adminCall(request, baseURL, '/admin/api/orgs/springfield/publishingKeys', { name: 'e2e xss' }) as unknown as { key: string }).key;
      const headers = { authorization: `Bearer ${key}` };
      const id = `e2e-xss-${Date.now()}`;
      const before = {
        faq: ((await (await request.get(`${baseURL}/springfield/faqs`)).json()) as { faqs: { pageContent: string } }).faqs.pageContent,
        overview: ((await (await request.get(`${baseURL}/springfield/overview`)).json()) as { overview: { pageContent: string } }).overview.pageContent,
        tip: ((await (await request.get(`${baseURL}/springfield/helpAndAnswer?type=login`)).json()) as { content: string | null }).content,
      };
      const put = async (url: string, data: object) => {
        const answer = await request.put(`${baseURL}${url}`, { headers, data });
        expect(answer.status(), `${url}: ${await answer.text()}`).toBeLessThan(300);
      };
      await put(`/api/v1/springfield/notifications/${id}`, { title: 'XSS <script>window.__xss = 9</script>', textMessage: '<img src=x onerror=window.__xss=10>', rtfContent: CORPUS });
      await put(`/api/v1/springfield/events/marathon-2026/notifications/${id}`, { title: 'XSS update', textMessage: 'See below.', rtfContent: CORPUS });
      const comms = await request.post(`${baseURL}/api/v1/springfield/communications`, { headers, data: { title: 'XSS message', message: CORPUS } });
      const { commsId } = (await comms.json()) as { commsId: string };
      await put('/api/v1/springfield/pages/faq', { pageContent: CORPUS });
      await put('/api/v1/springfield/pages/overview', { pageContent: CORPUS });
      await put('/api/v1/springfield/helpTexts?type=login', { content: CORPUS });

      const { context, page } = await newCheckedPage(browserOf(), baseURL, { width: 1280, height: 900 });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      try {
        await expectInert(page, dialogs, `/springfield/notif/${id}`);
        // The title and message are text: shown as typed, never run.
        await page.getByRole('heading', { level: 1, name: 'XSS <script>window.__xss = 9</script>' }).waitFor();
        await page.getByText('<img src=x onerror=window.__xss=10>').waitFor();
        await expectInert(page, dialogs, `/springfield/event/${id}?event_id=marathon-2026`);
        await expectInert(page, dialogs, `/comms/${commsId}`);
        await expectInert(page, dialogs, '/springfield/faq');
        await expectInert(page, dialogs, '/springfield/ov');
        await expectInert(page, dialogs, '/springfield/login', 'details.help-tip', () => page.locator('details.help-tip summary').click());
      } finally {
        await context.close();
        // The other tests' springfield, as the demo seeded it.
        await request.delete(`${baseURL}/api/v1/springfield/notifications/${id}`, { headers });
        await request.delete(`${baseURL}/api/v1/springfield/events/marathon-2026/notifications/${id}`, { headers });
        await request.delete(`${baseURL}/api/v1/springfield/communications/${commsId}`, { headers });
        await put('/api/v1/springfield/pages/faq', { pageContent: before.faq });
        await put('/api/v1/springfield/pages/overview', { pageContent: before.overview });
        if (before.tip) await put('/api/v1/springfield/helpTexts?type=login', { content: before.tip });
        else await request.delete(`${baseURL}/api/v1/springfield/helpTexts?type=login`, { headers });
      }
    });
  });
});
