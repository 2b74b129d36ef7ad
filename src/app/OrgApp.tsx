import { useCallback, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { BootData } from '../../schemas/boot.ts';
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import { useCsrf, useFeatureFlags } from '../api/hooks.ts';
import { getMapToken } from '../api/places.ts';
import { configureMapTiles, needsMapToken } from '../ui/mapTiles.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { OrgContext, type OrgState } from '../org/OrgContext.tsx';
import { buildRoutes } from './buildRoutes.tsx';
import { hasPublicPortalEntry } from './publicPortalEntry.ts';
import { useScreenRegistry } from './ScreenRegistryContext.ts';

/** One organisation's app: its session (CSRF token, account), its flags, and the router built for it. */
export function OrgApp({ boot }: { boot: BootData }) {
  const disabled = boot.organization.disabled;
  // Every map of the app draws the site's tiles (MAP_TILE_URL), known from the boot answer.
  useMemo(() => configureMapTiles(boot.mapTiles), [boot.mapTiles]);
  // Tiles with a key (MAP_TILE_URL with {token}): the key is asked for once (§7 `/rest/api/map/cas/token`).
  useEffect(() => {
    if (!needsMapToken(boot.mapTiles)) return;
    void getMapToken(boot.orgId).then((token) => configureMapTiles(boot.mapTiles, token));
  }, [boot.orgId, boot.mapTiles]);
  const csrf = useCsrf(disabled ? null : boot.orgId);
  const flagsAnswer = useFeatureFlags(disabled ? null : boot.orgId);
  const [entryFromPublicPortal, setEntry] = useState(hasPublicPortalEntry);
  const setEntryFromPublicPortal = useCallback((on: boolean) => setEntry(on), []);
  const { screens } = useScreenRegistry();
  const router = useMemo(() => createBrowserRouter(buildRoutes(screens, { disabled })), [screens, disabled]);

  const flags: FeatureFlags = useMemo(() => ({ ...FEATURE_FLAGS_OFF, ...flagsAnswer.data }), [flagsAnswer.data]);
  const account = csrf.data?.account ?? boot.account;
  const state: OrgState = useMemo(
    () => ({ boot, flags, account, entryFromPublicPortal, setEntryFromPublicPortal }),
    [boot, flags, account, entryFromPublicPortal, setEntryFromPublicPortal],
  );

  if (!disabled && ((csrf.isLoading && !csrf.data) || (flagsAnswer.isLoading && !flagsAnswer.data))) return <LoadingBar />;
  return (
    <OrgContext.Provider value={state}>
      <RouterProvider router={router} />
    </OrgContext.Provider>
  );
}
