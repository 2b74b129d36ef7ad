import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Account } from '../../schemas/account.ts';
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import { registry } from '../../screens.config.ts';
import { ScreenRegistryContext } from '../../src/app/ScreenRegistryContext.ts';
import { OrgContext, type OrgState } from '../../src/org/OrgContext.tsx';
import { createI18n } from '../../src/i18n/i18n.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';
import { visit } from './visit.ts';

/**
 * Draws `routes` at `path` inside a springfield visitor's organisation context (settings and flags
 * as given) without the boot calls: for screens whose rules depend on settings no demo
 * organisation has, or for a route table of the test's own.
 */
export async function renderInOrg(
  routes: RouteObject[],
  path: string,
  { settings = fixtureOrgs.springfield.settings, flags = FEATURE_FLAGS_OFF, account = null, entryFromPublicPortal = false }:
  { settings?: OrgSettings; flags?: FeatureFlags; account?: Account | null; entryFromPublicPortal?: boolean } = {},
) {
  visit(path);
  const i18n = await createI18n('en_US');
  const state: OrgState = {
    boot: { orgId: 'springfield', organization: settings, account, serverVersion: '9.9.9', mapTiles: null, navConfig: { showNotification: true, showWeather: true, showEvent: true } },
    flags,
    account,
    entryFromPublicPortal,
    setEntryFromPublicPortal: () => {},
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <I18nextProvider i18n={i18n}>
      {/* The registry, as Boot hands it: screens that link to others (home's sections) look their screens up in it. */}
      <ScreenRegistryContext.Provider value={registry}>
        <OrgContext.Provider value={state}><RouterProvider router={router} /></OrgContext.Provider>
      </ScreenRegistryContext.Provider>
    </I18nextProvider>,
  );
}
