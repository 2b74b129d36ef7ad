import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useOrg } from '../org/OrgContext.tsx';
import type { ScreenContext } from './screenTypes.ts';

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
