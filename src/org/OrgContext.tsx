import { createContext, useContext, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { Account } from '../../schemas/account.ts';
import type { BootData } from '../../schemas/boot.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { Screen, ScreenContext } from '../../screens.config.ts';

/** What the boot learned about the organisation and the member; everything below the boot reads it. */
export interface OrgState {
  boot: BootData;
  flags: FeatureFlags;
  account: Account | null;
  entryFromPublicPortal: boolean;
  setEntryFromPublicPortal: (on: boolean) => void;
}

export const OrgContext = createContext<OrgState | null>(null);

export function useOrg(): OrgState {
  const state = useContext(OrgContext);
  if (!state) throw new Error('useOrg outside an organisation');
  return state;
}

/** The context screens.config.ts conditions are evaluated in, for the current address. */
export function useScreenContext(): ScreenContext {
  const { boot, flags, account, entryFromPublicPortal } = useOrg();
  const { search } = useLocation();
  return useMemo(() => ({
    orgId: boot.orgId,
    org: boot.organization,
    flags,
    account,
    query: new URLSearchParams(search),
    entryFromPublicPortal,
  }), [boot, flags, account, search, entryFromPublicPortal]);
}

/** The screen being shown, for screens that share one component (the placeholder). */
export const CurrentScreenContext = createContext<Screen | null>(null);

export function useCurrentScreen(): Screen | null {
  return useContext(CurrentScreenContext);
}
