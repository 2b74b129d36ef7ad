import { createContext, useContext } from 'react';
import type { ScreenRegistry } from './screenTypes.ts';

/**
 * The registry the shell was handed (src/main.tsx passes screens.config.ts to Boot): the shell reads
 * it from here rather than importing screens.config.ts, which sits above it.
 */
export const ScreenRegistryContext = createContext<ScreenRegistry | null>(null);

export function useScreenRegistry(): ScreenRegistry {
  const registry = useContext(ScreenRegistryContext);
  if (!registry) throw new Error('useScreenRegistry outside Boot');
  return registry;
}
