/**
 * Every screen module of screens.config.ts loads and has a component (STYLE.md principle 8), and the
 * §8 general error page keeps the banner, navigation and footer.
 */
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { screens } from '../../screens.config.ts';
import { OrgContext, type OrgState } from '../../src/app/OrgContext.tsx';
import { createI18n } from '../../src/i18n/i18n.ts';
import { GeneralErrorPage } from '../../src/screens/errors/GeneralErrorPage.tsx';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { visit } from './visit.ts';

describe('screen modules', () => {
  it.each(screens.map((s) => [s.id, s] as const))('%s loads a component', async (_id, screenEntry) => {
    const module = await screenEntry.load();
    expect(typeof module.default).toBe('function');
  });
});

describe('the general error page (§8)', () => {
  it('shows the error with the organisation\'s banner, navigation and footer when a screen fails', async () => {
    visit('/springfield/login');
    const i18n = await createI18n('en_US');
    const state: OrgState = {
      boot: {
        orgId: 'springfield', organization: fixtureOrgs.springfield.settings, account: null, serverVersion: '9.9.9',
        navConfig: { showNotification: true, showWeather: true, showEvent: true },
      },
      flags: FEATURE_FLAGS_OFF,
      account: null,
      entryFromPublicPortal: false,
      setEntryFromPublicPortal: () => {},
    };
    function Broken(): never {
      throw new Error('a screen that fails to render');
    }
    const router = createMemoryRouter(
      [{ path: '/:orgId', errorElement: <GeneralErrorPage />, children: [{ path: 'login', element: <Broken /> }] }],
      { initialEntries: ['/springfield/login'] },
    );
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <I18nextProvider i18n={i18n}>
          <OrgContext.Provider value={state}><RouterProvider router={router} /></OrgContext.Provider>
        </I18nextProvider>,
      );
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInstanceOf(HTMLElement);
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('img', { name: 'City of Springfield' })).toBeInstanceOf(HTMLElement);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('contentinfo').textContent).toContain('Server 9.9.9');
  });
});
