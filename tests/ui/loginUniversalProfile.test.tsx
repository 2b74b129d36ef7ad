/**
 * §2 Login page: "When universal-profile flags apply, sign-up links to the external URL and a
 * universal-profile panel with Continue shows; login form hidden when hide-login flag set and public
 * portal not Disabled." The rules as a table (src/app/universalProfile.ts), then the page drawn.
 */
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { loginPageVariant } from '../../schemas/universalProfile.ts';
import LoginScreen from '../../src/screens/login/LoginScreen.tsx';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { renderInOrg } from './renderInOrg.tsx';
import { settled } from './visit.ts';

const UP = 'https://up.example/profile';
const portal = (status: 'Enabled' | 'Disabled', universalProfileUrl = UP) => ({ publicPortal: { status, url: '', universalProfileUrl } });
const flagsWith = (...names: (keyof FeatureFlags)[]): FeatureFlags => ({ ...FEATURE_FLAGS_OFF, ...Object.fromEntries(names.map((n) => [n, true])) });

describe('loginPageVariant (§2 Login page)', () => {
  const rows: [string, ReturnType<typeof portal>, FeatureFlags, ReturnType<typeof loginPageVariant>][] = [
    ['no flags: the portal\'s own login and sign-up', portal('Enabled'), FEATURE_FLAGS_OFF, { signUpUrl: null, panelUrl: null, hideLoginForm: false }],
    ['force new accounts: sign-up links to the universal profile', portal('Enabled'), flagsWith('PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP'),
      { signUpUrl: `${UP}?orgId=springfield`, panelUrl: null, hideLoginForm: false }],
    ['show login to the universal profile: the panel with Continue', portal('Enabled'), flagsWith('PUBLIC_PORTAL_SHOW_LOGIN_TO_UP'),
      { signUpUrl: null, panelUrl: `${UP}?orgId=springfield`, hideLoginForm: false }],
    ['hide login: the form goes', portal('Enabled'), flagsWith('PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'), { signUpUrl: null, panelUrl: null, hideLoginForm: true }],
    ['public portal Disabled: none of them applies', portal('Disabled'),
      flagsWith('PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP', 'PUBLIC_PORTAL_SHOW_LOGIN_TO_UP', 'PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'),
      { signUpUrl: null, panelUrl: null, hideLoginForm: false }],
    ['no universal-profile address: no panel, no external sign-up', portal('Enabled', ''),
      flagsWith('PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP', 'PUBLIC_PORTAL_SHOW_LOGIN_TO_UP'), { signUpUrl: null, panelUrl: null, hideLoginForm: false }],
  ];
  it.each(rows)('%s', (_rule, org, flags, expected) => {
    expect(loginPageVariant(org, flags, 'springfield')).toEqual(expected);
  });
});

describe('the login page with the public portal\'s flags', () => {
  async function drawLogin(flags: FeatureFlags) {
    const settings = resolveOrgSettings({ ...fixtureOrgs.springfield.input, ...portal('Enabled') });
    await renderInOrg([{ path: '/:orgId/login', element: <LoginScreen /> }], '/springfield/login', { settings, flags });
    await screen.findByRole('heading', { name: en['page.title.login'] });
    await settled();
  }

  it('shows the universal-profile panel, links sign-up there, and hides the login form when asked', async () => {
    await drawLogin(flagsWith('PUBLIC_PORTAL_SHOW_LOGIN_TO_UP', 'PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP', 'PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'));
    expect(screen.getByRole('heading', { name: en['login.universalProfile.title'] })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['login.universalProfile.continue'] }).getAttribute('href')).toBe(`${UP}?orgId=springfield`);
    expect(screen.getByRole('link', { name: en['login.signUp.link'] }).getAttribute('href')).toBe(`${UP}?orgId=springfield`);
    expect(screen.queryByRole('button', { name: en['login.submit'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['login.forgotPassword.link'] })).toBeNull();
  });

  it('keeps the portal\'s own login form and sign-up without the flags', async () => {
    await drawLogin(FEATURE_FLAGS_OFF);
    expect(screen.queryByRole('heading', { name: en['login.universalProfile.title'] })).toBeNull();
    expect(screen.getByRole('button', { name: en['login.submit'] })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: en['login.signUp.link'] }).getAttribute('href')).toBe('/springfield/new');
  });
});

describe('the login page of an organisation with single sign-on (issue 11: its sign-in button is the main action)', () => {
  async function drawLogin(enabledSSO: boolean, flags: FeatureFlags = FEATURE_FLAGS_OFF, url = '/springfield/login') {
    const settings = resolveOrgSettings({ ...fixtureOrgs.springfield.input, ...portal('Enabled'), enabledSSO });
    await renderInOrg([{ path: '/:orgId/login', element: <LoginScreen /> }], url, { settings, flags });
    await screen.findByRole('heading', { name: en['page.title.login'] });
    await settled();
  }
  const sso = () => screen.queryByRole('link', { name: en['login.sso.link'] });

  it('leads with the single sign-on button, then "or" and the password form with a secondary submit', async () => {
    await drawLogin(true, FEATURE_FLAGS_OFF, '/springfield/login?accessKey=k%201');
    const link = sso()!;
    expect(link.className).toContain('button-primary');
    expect(link.getAttribute('href')).toBe('/springfield/login/sso?accessKey=k%201');
    expect(screen.getByText(en['login.sso.or'])).toBeInstanceOf(HTMLElement);
    const submit = screen.getByRole('button', { name: en['login.submit'] });
    expect(submit.className).not.toContain('button-primary');
    // The main action comes first in reading order, before the username field.
    expect(link.compareDocumentPosition(screen.getByLabelText(en['login.username.label'], { exact: false })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('has no "or" when the password form is hidden, and no single sign-on without it', async () => {
    await drawLogin(true, flagsWith('PUBLIC_PORTAL_HIDE_LOGIN_TO_MP'));
    expect(sso()).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText(en['login.sso.or'])).toBeNull();
    cleanup();
    await drawLogin(false);
    expect(sso()).toBeNull();
    expect(screen.getByRole('button', { name: en['login.submit'] }).className).toContain('button-primary');
  });
});
