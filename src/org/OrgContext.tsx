/**
 * What the boot learned about the organisation and the member. It sits below every layer that reads
 * it (the shell, the screens, shared components such as the navigation bar and the change-password
 * form), so none of them has to import the shell to know the organisation.
 */
import { createContext, useContext } from 'react';
import type { Account } from '../../schemas/account.ts';
import type { BootData } from '../../schemas/boot.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';

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
