/**
 * screens.config.ts → the navigation bar of each demo organisation, logged out and logged in (§2
 * "Navigation items, each shown only when its flag is on … Logged-out users see Login and Sign up;
 * logged-in users see Home, a welcome line with the account name and Logout").
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../screens.config.ts';
import { navItems as navItemsOf } from '../../src/app/navItems.ts';
import type { ScreenContext } from '../../src/app/screenTypes.ts';
import { contextFor } from '../fixtures/context.ts';
import type { DemoOrgId } from '../fixtures/orgs.ts';

const navItems = (ctx: ScreenContext) => navItemsOf(registry, ctx);

const rows: [DemoOrgId, 'visitor' | 'member', string[], string][] = [
  ['springfield', 'visitor', ['notifications', 'weather', 'events', 'overview', 'faq', 'files', 'login', 'signUp'],
    '§2 public org: notification, weather, event, overview, FAQs, files by their flags; Login and Sign up'],
  ['springfield', 'member', ['home', 'notifications', 'weather', 'events', 'overview', 'faq', 'files', 'welcome', 'logout'],
    '§2 logged in: Home, welcome line, Logout; no Login or Sign up'],
  ['acme', 'visitor', ['login'], '§2 "sign up (public orgs …)": a private org has no Sign up; notifications off'],
  ['acme', 'member', ['home', 'incidents', 'crisisTask', 'crisisSurvey', 'welcome', 'logout'],
    '§2 incidents, crisis task and survey (members only) by their flags'],
  ['fedagency', 'visitor', ['login'], '§2 private org, no feature pages'],
  ['fedagency', 'member', ['home', 'welcome', 'logout'], '§2 logged in'],
  ['campus', 'visitor', ['events', 'login'], '§2 "notification (public orgs or members)": hidden for a visitor of a private org'],
  ['campus', 'member', ['home', 'notifications', 'events', 'travel', 'welcome', 'logout'],
    '§2 notification for members; "travel (flag, org setting and a member)"'],
  ['dormant', 'visitor', [], '§2 disabled organisation: no routes, no navigation'],
  ['paused', 'visitor', ['notifications'], 'issue 11: enableSSP false offers no Login or Sign up, which would lead only to the deactivated page'],
  ['paused', 'member', ['home', 'notifications', 'welcome', 'logout'], '§2 logged in'],
];

describe('navigation bar by screens.config.ts (§2)', () => {
  it.each(rows)('%s · %s → %j (%s)', (orgId, who, expected) => {
    const items = navItems(contextFor(orgId, { account: who === 'member' ? {} : null }));
    expect(items.map((item) => item.id)).toEqual(expected);
  });

  it('links each item to its screen under the organisation; Logout is an action, not a link', () => {
    const items = navItems(contextFor('springfield', { account: {} }));
    expect(items.find((i) => i.id === 'home')).toEqual({ id: 'home', labelKey: 'nav.home', to: '/springfield/home' });
    expect(items.find((i) => i.id === 'faq')?.to).toBe('/springfield/faq');
    // Logout acts (a POST with the CSRF token, issue 9 row 11): no address another site could copy.
    expect(items.find((i) => i.id === 'logout')).toEqual({ id: 'logout', labelKey: 'nav.logout', onSelect: expect.any(Function) });
    expect(items.find((i) => i.id === 'welcome')).toEqual({ id: 'welcome', labelKey: 'nav.welcome' });
  });

  it('links a screen whose path ends in /* at its base (§2 travel), not at a literal "*"', () => {
    expect(navItems(contextFor('campus', { account: {} })).find((i) => i.id === 'travel')?.to).toBe('/campus/travel');
  });

  it('hides Sign up inside the member app (§2 "sign up (public orgs outside the member app)")', () => {
    const ids = navItems(contextFor('springfield', { query: 'from=member' })).map((i) => i.id);
    expect(ids).toContain('login');
    expect(ids).not.toContain('signUp');
  });

  it('shows "back to portal" first when entered from the public portal (§2)', () => {
    const items = navItems(contextFor('springfield', { entryFromPublicPortal: true }));
    expect(items[0]).toEqual({ id: 'backToPortal', labelKey: 'nav.backToPortal', href: '/springfield/portal-home' });
  });

  it('shows directory chat and on-call schedule by the member\'s own flags (§2)', () => {
    const ids = navItems(contextFor('acme', { account: { showDirectoryChat: true, showOnCallSchedule: true } })).map((i) => i.id);
    expect(ids).toEqual(['home', 'incidents', 'chat', 'crisisTask', 'crisisSurvey', 'schedule', 'welcome', 'logout']);
  });

  it('shows the event item by the member\'s own flag over the organisation\'s (§2)', () => {
    expect(navItems(contextFor('acme', { account: { showEvent: true } })).map((i) => i.id)).toContain('events');
    expect(navItems(contextFor('springfield', { account: { showEvent: false } })).map((i) => i.id)).not.toContain('events');
  });
});
