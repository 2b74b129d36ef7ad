/**
 * Issue 9 row 17: the browser links and navigates only to http(s) addresses or paths of this site
 * from an organisation's settings, even when a stored setting says `javascript:` (saved before the
 * schema refused it): the footer's terms and privacy links, and where account deletion goes.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { navigation, setCsrfToken } from '../../src/api/client.ts';
import { Footer } from '../../src/components/Footer.tsx';
import { createI18n } from '../../src/i18n/i18n.ts';
import HomeScreen from '../../src/screens/home/HomeScreen.tsx';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { renderInOrg } from './renderInOrg.tsx';
import { visit } from './visit.ts';

vi.setConfig({ testTimeout: 30_000 });

const HOSTILE = ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', '//evil.example/', ' javascript:alert(1)'];

describe('the footer', () => {
  beforeEach(() => {
    visit('/springfield/login');
  });

  it.each(HOSTILE)('links the built-in pages instead of %j', async (url) => {
    const i18n = await createI18n('en_US');
    render(<I18nextProvider i18n={i18n}><Footer orgName="Springfield" termsUrl={url} privacyUrl={url} serverVersion={null} /></I18nextProvider>);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: en['footer.terms'] }).getAttribute('href')).toBe('/public/legal/terms.html');
    expect(within(footer).getByRole('link', { name: en['footer.privacy'] }).getAttribute('href')).toBe('/public/legal/privacy.html');
  });

  it('links the organisation\'s own pages when they are web addresses or paths of this site', async () => {
    const i18n = await createI18n('en_US');
    render(<I18nextProvider i18n={i18n}><Footer orgName="Springfield" termsUrl="https://city.example/terms" privacyUrl="/springfield/faq" serverVersion={null} /></I18nextProvider>);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: en['footer.terms'] }).getAttribute('href')).toBe('https://city.example/terms');
    expect(within(footer).getByRole('link', { name: en['footer.privacy'] }).getAttribute('href')).toBe('/springfield/faq');
  });
});

describe('after deleting the account, coming from the public portal', () => {
  let assigned: string[];
  const realAssign = navigation.assign;
  beforeEach(() => {
    assigned = [];
    navigation.assign = (url: string) => void assigned.push(url);
  });
  afterEach(() => {
    navigation.assign = realAssign;
    setCsrfToken(null);
  });

  /** Signs a member of this file's own in, deletes the account through Home and returns where the browser was sent. */
  async function deleteWithPortalUrl(username: string, portalUrl: string): Promise<string[]> {
    visit('/springfield/home');
    await fetch('/rest/init/csrf?orgId=springfield');
    const created = await fetch('/test/createMember?orgId=springfield', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Delete!Passw0rd', email: `${username}@example.org`, signIn: true }),
    });
    const body = await created.text();
    expect(created.status, body).toBe(200);
    const { contactId } = JSON.parse(body) as { contactId: number };
    setCsrfToken(((await (await fetch('/rest/init/csrf?orgId=springfield')).json()) as { csrfToken: string }).csrfToken);
    const { settings } = fixtureOrgs.springfield;
    await renderInOrg([{ path: '/springfield/home', element: <HomeScreen /> }], '/springfield/home', {
      settings: { ...settings, publicPortal: { ...settings.publicPortal, status: 'Enabled', url: portalUrl } },
      flags: { ...FEATURE_FLAGS_OFF, cme_mbr_delelteButton: true },
      account: {
        id: contactId, name: `Test ${username}`, username, timeZone: null, registered: true, isMigrated: false,
        showEvent: null, showOnCallSchedule: false, showDirectoryChat: false, hasHipaaBridge: false, hasSecureBridge: false, sbWebUri: '',
      },
      entryFromPublicPortal: true,
    });
    await userEvent.click(await screen.findByRole('button', { name: en['home.account.delete'] }));
    const confirm = await screen.findByRole('dialog', { name: en['form.dialog.confirm.title'] });
    await userEvent.type(within(confirm).getByLabelText(en['changePassword.currentPassword.label']), 'Delete!Passw0rd');
    await userEvent.click(within(confirm).getByRole('button', { name: en['home.account.delete.confirm'] }));
    await waitFor(() => expect(assigned).toHaveLength(1));
    return assigned;
  }

  it('goes to the public portal when its address is a web address', async () => {
    expect(await deleteWithPortalUrl('ui.urls.portal', 'https://city.example/portal')).toEqual(['https://city.example/portal']);
  });

  it('never goes to a stored javascript: address: it reloads instead', async () => {
    const sent = await deleteWithPortalUrl('ui.urls.hostile', 'javascript:alert(document.domain)');
    expect(sent).toEqual([window.location.href]);
    expect(sent[0]).toMatch(/^http:\/\//);
  });
});
