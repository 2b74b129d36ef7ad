/**
 * Issue 11 "Tests": every route of screens.config.ts in each of the six demo organisations, as a
 * visitor and as the organisation's signed-in member, and the pages outside any organisation, in
 * Chromium at 390 × 844 and 1280 × 900: no horizontal scroll, one h1 first in main, no axe-core
 * violation of any impact (tests/e2e/shellChecks.ts).
 *
 * Each address is opened as typed and the app is followed wherever it lands (guards send a visitor
 * to login, a member away from the visitors' pages, a flag that is off to its fallback or to
 * not-found). Each page it lands on is checked once per (organisation, role): a second address
 * landing on the same path is only visited. The not-found page is one page wherever it is shown.
 *
 * The layout is CSS only (no script reads the width), so a page is loaded once and checked at the
 * width it was loaded at, then resized to the other width and checked again; it is the next page's
 * load that changes the width back (a run loading each width afresh instead measured the same
 * overflow, headings and violations on every page). One browser, one context per (organisation,
 * role), no fixed wait: the walk takes about two minutes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request as apiRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { registry } from '../../screens.config.ts';
import { launchBrowser } from './browser.ts';
import { drawn, expectShell, VIEWPORTS } from './shellChecks.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

interface DemoOrg {
  orgId: string;
  settings: { disabled?: boolean; enableSSP?: boolean };
  members: { username: string }[];
}

const orgsDir = new URL('../../server/db/demo/orgs/', import.meta.url);
const DEMO_ORGS: DemoOrg[] = readdirSync(orgsDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(new URL(file, orgsDir), 'utf8')) as DemoOrg);

/**
 * A sample for each parameter of a path. The demo data has no notification, weather alert, event or
 * incident, so a detail address gets the id a list's link would carry (its screen is still the
 * placeholder; once it fetches, an unknown id shows its own not-found state, which these checks
 * hold too). A `*` is the rest of an address: the route itself (`travel`, `cm`).
 */
function sampleAddress(path: string): string {
  return path.replace(/\/\*$/, '').replace(/:\w+/g, '1');
}

/** Every address of the registry once (`cm/*` and the crisis screens share `cm`), and one no screen has. */
const ORG_PATHS: string[] = [...new Set(registry.screens.map((screen) => sampleAddress(screen.path))), 'no-such-page'];

/**
 * The pages outside any organisation. `/comms/{commsId}` has no communication in the demo data: its
 * error page is what a visitor meets there. `/admin` is its sign-in page (no administrator signed in).
 */
const OUTSIDE_PATHS = ['/', '/mails', '/admin', '/comms/no-such-communication'];

type Role = 'visitor' | 'member';

/**
 * Who visits each organisation. A disabled organisation (dormant) has no member pages: every address
 * is its not-found page. With `enableSSP` false (paused) no one can sign in (the login page is the
 * deactivated page and an access key is refused, server/services/boot.ts), so it has visitors only.
 */
const VISITS: { org: DemoOrg; role: Role }[] = DEMO_ORGS.flatMap((org) => {
  const canSignIn = !org.settings.disabled && org.settings.enableSSP !== false && org.members.length > 0;
  return canSignIn ? [{ org, role: 'visitor' as const }, { org, role: 'member' as const }] : [{ org, role: 'visitor' as const }];
});

/**
 * An administrator's link that signs the organisation's demo member in (§5 access key). Not the login
 * form: login.test.ts locks fedagency's demo.member out for 30 minutes, and the files share one server.
 */
async function accessKeyLink(admin: APIRequestContext, csrfToken: string, orgId: string, username: string): Promise<string> {
  const response = await admin.post(`${baseURL}/admin/api/orgs/${orgId}/accessKeys`, { headers: { 'X-CSRF-TOKEN': csrfToken }, data: { username } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

describe.skipIf(!chromiumPath)('every route of the demo organisations at 390 and 1280 px (issue 11)', () => {
  let browser: Browser;
  let admin: APIRequestContext;
  let adminCsrf: string;

  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    admin = await apiRequest.newContext();
    const form = (await (await admin.get(`${baseURL}/admin/api/login`)).json()) as { csrfToken: string };
    const login = await admin.post(`${baseURL}/admin/api/login`, { headers: { 'X-CSRF-TOKEN': form.csrfToken }, data: { username: 'admin', password: 'Demo!Admin2026' } });
    adminCsrf = ((await login.json()) as { csrfToken: string }).csrfToken;
  });
  afterAll(async () => {
    await admin?.dispose();
    await browser?.close();
  });

  /**
   * One context for a group of visits (axe is injected as a script tag, which the portal's CSP would
   * refuse); returns the page and a function that checks it at both widths, once per landed page.
   */
  function walk(group: string) {
    let context: BrowserContext;
    let page: Page;
    const errors: Error[] = [];
    const checked = new Map<string, string>();
    beforeAll(async () => {
      context = await browser.newContext({ baseURL, viewport: VIEWPORTS[1], locale: 'en-US', bypassCSP: true });
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error));
    });
    afterEach(() => {
      expect(errors.splice(0).map((e) => e.message), `${group}: uncaught errors in the page`).toEqual([]);
    });
    afterAll(async () => {
      await context?.close();
    });
    return {
      get page() {
        return page;
      },
      /** Opens `address`, follows the app to where it lands, and checks that page unless done already. */
      async visit(address: string): Promise<string> {
        await page.goto(`${baseURL}${address}`);
        await drawn(page);
        const landed = new URL(page.url()).pathname;
        const notFound = (await page.locator('main#main h1').first().textContent()) === en['error.404.title'];
        const key = notFound ? 'not-found' : landed;
        if (checked.has(key)) return landed;
        checked.set(key, address);
        // The width it was loaded at first, then the other.
        const widths = page.viewportSize()?.width === VIEWPORTS[0].width ? VIEWPORTS : [...VIEWPORTS].reverse();
        for (const viewport of widths) {
          if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
          await expectShell(page, `${group} ${address} → ${landed} at ${viewport.width}px`);
        }
        return landed;
      },
      checked,
    };
  }

  describe('outside the organisations, signed out', () => {
    const session = walk('outside');
    it.each(OUTSIDE_PATHS)('%s', async (address) => {
      expect(await session.visit(address)).toBe(address);
    });
  });

  describe.each(VISITS)('$org.orgId as a $role', ({ org, role }) => {
    const session = walk(`${org.orgId} ${role}`);

    if (role === 'member') {
      beforeAll(async () => {
        const link = await accessKeyLink(admin, adminCsrf, org.orgId, org.members[0]!.username);
        await session.page.goto(`${baseURL}${link}`);
        await session.page.locator('nav.nav').getByText(/^Welcome, /).waitFor({ state: 'attached' });
      });
    }

    it.each(ORG_PATHS)('%s', async (path) => {
      const landed = await session.visit(`/${org.orgId}/${path}`);
      expect(landed.startsWith(`/${org.orgId}/`), `${path} stays in ${org.orgId}`).toBe(true);
      if (org.settings.disabled) {
        // Every address of a disabled organisation is its not-found page (no redirect of its own).
        expect(await session.page.locator('main#main h1').first().textContent()).toBe(en['error.404.title']);
      }
    });

    if (role === 'member') {
      it('is still signed in after its visits (no address signed it out)', async () => {
        expect(await session.visit(`/${org.orgId}/home`)).toBe(`/${org.orgId}/home`);
      });
    }

    afterAll(() => {
      // What the run checked, for the log: the distinct pages of this organisation and role.
      console.log(`${org.orgId} ${role}: ${session.checked.size} distinct pages — ${[...session.checked.keys()].join(', ')}`);
    });
  });
});
