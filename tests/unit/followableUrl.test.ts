/**
 * Issue 9 row 17: every URL setting of org-settings.schema.json takes only an http(s) address or a
 * path of this site (or empty), by one rule (schemas/followableUrl.ts), and the browser's check is the same rule.
 */
import { describe, expect, it } from 'vitest';
import { FOLLOWABLE_URL_PATTERN, followableUrlOr, isFollowableUrl } from '../../schemas/followableUrl.ts';
import { orgSettingsSchema } from '../../schemas/orgSettings.ts';
import { registry } from '../../screens.config.ts';
import { validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { navItems } from '../../src/app/navItems.ts';
import { contextFor } from '../fixtures/context.ts';
import { demoOrgIds, fixtureOrgs } from '../fixtures/orgs.ts';

/** Every URL setting, as the settings object that sets it. */
const URL_SETTINGS: [string, (url: string) => Record<string, unknown>][] = [
  ['termsUrl', (url) => ({ termsUrl: url })],
  ['privacyUrl', (url) => ({ privacyUrl: url })],
  ['contactUrl', (url) => ({ contactUrl: url })],
  ['publicPortal.url', (url) => ({ publicPortal: { status: 'Enabled', url, universalProfileUrl: '' } })],
  ['publicPortal.universalProfileUrl', (url) => ({ publicPortal: { status: 'Enabled', url: '', universalProfileUrl: url } })],
];

const REFUSED = [
  'javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x',
  ' javascript:alert(1)', '\u0001javascript:alert(1)', 'java\tscript:alert(1)', '//evil.example/', '/\\evil.example/',
  '/\t/evil.example/', 'ftp://files.example/', 'evil.example', 'https://', 'https://evil.example/a b',
];
const ACCEPTED = ['', 'https://alerts.example.org/terms', 'HTTP://alerts.example.org', '/public/legal/terms.html', '/', 'https://x.example/?a=1#b'];

const springfield = fixtureOrgs.springfield.input;

describe('URL settings (issue 9 row 17)', () => {
  it('every URL setting refers to the one rule, whose pattern is the browser\'s', () => {
    const { definitions, properties } = orgSettingsSchema as unknown as {
      definitions: Record<string, { pattern?: string }>;
      properties: Record<string, { $ref?: string; properties?: Record<string, { $ref?: string }> }>;
    };
    expect(definitions.followableUrl?.pattern).toBe(FOLLOWABLE_URL_PATTERN);
    const refs = [properties.termsUrl, properties.privacyUrl, properties.contactUrl, properties.publicPortal?.properties?.url, properties.publicPortal?.properties?.universalProfileUrl]
      .map((node) => node?.$ref);
    expect(refs).toEqual(Array(5).fill('#/definitions/followableUrl'));
    // No other setting is named like an address without the rule, or the identity providers' stricter one.
    const urlNamed = JSON.stringify(orgSettingsSchema).match(/"\w*[Uu]rl"\s*:\s*\{[^{}]*\}/g) ?? [];
    expect(urlNamed.length).toBeGreaterThanOrEqual(5);
    for (const node of urlNamed.filter((n) => !n.startsWith('"followableUrl"') && !n.startsWith('"providerUrl"'))) {
      expect(node).toMatch(/#\/definitions\/(followableUrl|providerUrl)"/);
    }
  });

  it('lets an identity provider\'s address be only http(s)://…, never a path of this site or another scheme (issue 15)', () => {
    const { definitions } = orgSettingsSchema as unknown as { definitions: Record<string, { pattern?: string }> };
    const pattern = new RegExp(definitions.providerUrl!.pattern!);
    for (const url of ['', 'https://idp.example.edu/sso', 'http://127.0.0.1:8080/demo-idp/oidc']) expect(pattern.test(url), url).toBe(true);
    for (const url of ['/login', 'javascript:alert(1)', 'data:text/html,x', '//idp.example.edu', 'https://idp.example.edu/a b']) expect(pattern.test(url), url).toBe(false);
  });

  it.each(demoOrgIds)('keeps the %s demo settings valid', (orgId) => {
    expect(validateOrgSettings(fixtureOrgs[orgId].input)).toMatchObject({ ok: true });
  });

  describe.each(URL_SETTINGS)('%s', (name, set) => {
    const pointer = `/${name.replace('.', '/')}`;
    it.each(REFUSED)('refuses %j', (url) => {
      const result = validateOrgSettings({ ...springfield, ...set(url) });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.map((e) => e.pointer)).toContain(pointer);
      expect(isFollowableUrl(url)).toBe(false);
    });
    it.each(ACCEPTED)('accepts %j', (url) => {
      expect(validateOrgSettings({ ...springfield, ...set(url) })).toMatchObject({ ok: true });
    });
  });

  it('the browser follows only what the rule accepts, empty meaning the fallback', () => {
    expect(followableUrlOr('javascript:alert(1)', '/public/legal/terms.html')).toBe('/public/legal/terms.html');
    expect(followableUrlOr('', null)).toBeNull();
    expect(followableUrlOr('https://alerts.example.org/', null)).toBe('https://alerts.example.org/');
  });

  it.each([
    ['javascript:alert(document.domain)', '/springfield/portal-home'],
    ['//evil.example/', '/springfield/portal-home'],
    ['https://city.example/portal', 'https://city.example/portal'],
  ])('links "back to portal" for a stored %j to %s', (url, href) => {
    const ctx = contextFor('springfield', { entryFromPublicPortal: true });
    const items = navItems(registry, { ...ctx, org: { ...ctx.org, publicPortal: { ...ctx.org.publicPortal, url } } });
    expect(items.find((item) => item.id === 'backToPortal')?.href).toBe(href);
  });
});
