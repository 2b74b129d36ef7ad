/**
 * Issue 10 item 2 "each page loads only what it draws": each page is opened in Chromium against the
 * built app, left to settle (its content drawn, no request in flight for half a second), and the
 * JavaScript it loaded is summed, each file once, at its gzip size (node:zlib of the body Chromium
 * received). A page over its budget (bench/budgets.ts) fails with the figure, the budget and its
 * five largest files with the libraries in them (from the build's source maps).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { BUNDLE_BUDGETS_KB, BUNDLE_CEILINGS_KB } from '../../bench/budgets.ts';
import { distDir } from '../../server/client.ts';
import { useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const KB = 1024;
/** How long nothing may be in flight for the page to count as settled (Playwright's "network idle"). */
const QUIET_MS = 500;

interface Row {
  page: string;
  path: string;
  budgetKB: number;
  /** While the budget is not met: what the page may load at most meanwhile (bench/budgets.ts). */
  ceilingKB?: number;
  /** Who is signed in first, through the API (so the login page's JavaScript is not counted). */
  signedIn?: 'member' | 'admin';
  /** Cookies the browser has first (name → value, on the organisation's path). */
  cookies?: Record<string, string>;
  /** What must be visible before the page counts as drawn. */
  ready: (page: Page) => Promise<void>;
}

const visible = (selector: string) => async (page: Page) => {
  await page.locator(selector).first().waitFor();
};
/** A page of the portal with its form drawn (the submit button is the form's last element). */
const withForm = visible('main#main form button[type="submit"]');
/** A page of the portal with its heading drawn. */
const withHeading = visible('main#main h1.page-heading');

const ROWS: Row[] = [
  { page: 'login', path: '/springfield/login', budgetKB: BUNDLE_BUDGETS_KB.signIn, ceilingKB: BUNDLE_CEILINGS_KB.signIn, ready: withForm },
  { page: 'forgot-username', path: '/springfield/forgot-username', budgetKB: BUNDLE_BUDGETS_KB.signIn, ceilingKB: BUNDLE_CEILINGS_KB.signIn, ready: withForm },
  { page: 'forgot-password', path: '/springfield/forgot-password', budgetKB: BUNDLE_BUDGETS_KB.signIn, ceilingKB: BUNDLE_CEILINGS_KB.signIn, ready: withForm },
  // Any token draws the form; it is checked only when the form is sent.
  // A made-up token now says "link invalid" at once, without its form: the page in expired-password
  // mode (the marker the login sets) draws the same form.
  { page: 'reset-password', path: '/springfield/reset-password', cookies: { p_expired: 'Y' }, budgetKB: BUNDLE_BUDGETS_KB.signIn, ceilingKB: BUNDLE_CEILINGS_KB.signIn, ready: withForm },
  // Pages without a form: faq, the notifications, and home, whose form is only in a dialog.
  { page: 'faq', path: '/springfield/faq', budgetKB: BUNDLE_BUDGETS_KB.noForm, ready: withHeading },
  { page: 'notifications', path: '/springfield/notif', budgetKB: BUNDLE_BUDGETS_KB.noForm, ready: visible('main#main .content-items') },
  // The events page draws the event sign-up form: a form page, held to the sign-up budget.
  { page: 'events', path: '/springfield/event', budgetKB: BUNDLE_BUDGETS_KB.signUp, ready: withForm },
  { page: 'home', path: '/springfield/home', signedIn: 'member', budgetKB: BUNDLE_BUDGETS_KB.noForm, ready: visible('main#main [data-screen="home"] h2') },
  { page: 'sign-up', path: '/springfield/new', budgetKB: BUNDLE_BUDGETS_KB.signUp, ceilingKB: BUNDLE_CEILINGS_KB.signUp, ready: withForm },
  // The profile page with its form drawn: the member's paths, phone inputs and quiet times.
  { page: 'profile', path: '/springfield/my-profile', signedIn: 'member', budgetKB: BUNDLE_BUDGETS_KB.signUp, ready: withForm },
  // Signed in, an organisation picked: its settings form and the preview of a member form.
  {
    page: 'admin', path: '/admin', signedIn: 'admin', budgetKB: BUNDLE_BUDGETS_KB.admin,
    ready: async (page) => {
      await page.getByText(en['admin.pickOrganization']).waitFor();
      await page.locator('.admin-bar select').first().selectOption('springfield');
      await page.locator('section[aria-labelledby="settings-title"] form button[type="submit"]').waitFor();
      await page.locator('section[aria-labelledby="preview-title"] form').first().waitFor();
    },
  },
];

async function signIn(context: BrowserContext, who: 'member' | 'admin') {
  const request = context.request;
  if (who === 'member') {
    const { csrfToken } = (await (await request.get(`${baseURL}/rest/init/csrf?orgId=springfield`)).json()) as { csrfToken: string };
    const login = await request.post(`${baseURL}/manage/login`, {
      headers: { 'X-CSRF-TOKEN': csrfToken, 'X-Requested-With': 'XMLHttpRequest' },
      data: { orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return;
  }
  const form = (await (await request.get(`${baseURL}/admin/api/login`)).json()) as { csrfToken: string };
  const login = await request.post(`${baseURL}/admin/api/login`, { headers: { 'X-CSRF-TOKEN': form.csrfToken }, data: { username: 'admin', password: 'Demo!Admin2026' } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Resolves once no request of the page has been in flight for QUIET_MS. */
async function networkIdle(page: Page, inFlight: Set<Request>) {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the network did not settle: ${[...inFlight].map((r) => r.url()).join(', ')}`);
}

/** The packages (or app folders) a built file holds, from its source map, most sources first. */
async function librariesOf(pathname: string): Promise<string[]> {
  const map = await readFile(`${distDir}${pathname.replace(/^\//, '')}.map`, 'utf8').catch(() => null);
  if (!map) return [];
  const counts = new Map<string, number>();
  for (const source of (JSON.parse(map) as { sources: string[] }).sources) {
    const inPackage = source.split('node_modules/').at(-1)!;
    const name = source.includes('node_modules/')
      ? inPackage.split('/').slice(0, inPackage.startsWith('@') ? 2 : 1).join('/')
      : source.replace(/^(\.\.\/)+/, '').split('/').slice(0, 2).join('/');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

const kB = (bytes: number) => (bytes / KB).toFixed(1);

describe.skipIf(!chromiumPath)('JavaScript each page loads, against its budget (issue 10 item 2)', () => {
  const browser = useBrowser(chromiumPath);

  it.each(ROWS)('$page loads at most $budgetKB kB of JavaScript (gzip) (while over it: no more than its ceiling)', async (row) => {
    const { page, context } = browser;
    if (row.signedIn) await signIn(context, row.signedIn);
    if (row.cookies) {
      await context.addCookies(Object.entries(row.cookies).map(([name, value]) => ({ name, value, url: `${baseURL}${row.path}` })));
    }

    const inFlight = new Set<Request>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    /** Each script once, by its address: its gzip size. */
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(baseURL).origin || !url.pathname.endsWith('.js') || scripts.has(url.pathname)) return;
      scripts.set(url.pathname, response.body().then((body) => gzipSync(body).length));
    });

    const response = await page.goto(`${baseURL}${row.path}`);
    expect(response?.status(), `GET ${row.path}`).toBe(200);
    await row.ready(page);
    await networkIdle(page, inFlight);

    const sizes = await Promise.all([...scripts].map(async ([pathname, size]) => ({ pathname, bytes: await size })));
    const total = sizes.reduce((sum, file) => sum + file.bytes, 0);
    const largest = await Promise.all(
      sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 5)
        .map(async (file) => `${file.pathname} ${kB(file.bytes)} kB (${(await librariesOf(file.pathname)).slice(0, 6).join(', ')})`),
    );
    const limitKB = row.ceilingKB ?? row.budgetKB;
    const figure = `${row.page} (${row.path}): ${kB(total)} kB of JavaScript (gzip) in ${sizes.length} files, budget ${row.budgetKB} kB`
      + (row.ceilingKB ? `, NOT MET (ceiling meanwhile ${row.ceilingKB} kB)` : '');
    console.log(figure);
    expect(total, `${figure}; the five largest files:\n  ${largest.join('\n  ')}\n`).toBeLessThanOrEqual(limitKB * KB);
    // A ceiling above a page that now meets its budget is stale: take it away (bench/budgets.ts).
    if (row.ceilingKB) expect(total, `${figure}: within the budget now, delete its ceiling`).toBeGreaterThan(row.budgetKB * KB);
  });
});
