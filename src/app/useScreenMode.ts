import { createContext, useContext } from 'react';
import type { Screen, ScreenMode } from './screenTypes.ts';

/** The screen being shown, for modules that serve several screens (a form's step, edit-* and my-* pages; the placeholder). */
export const CurrentScreenContext = createContext<Screen | null>(null);

export function useCurrentScreen(): Screen | null {
  return useContext(CurrentScreenContext);
}

/** Which address of its form the screen is shown at (§2 new/account/<step>, edit-<step>, my-<page>); null for other screens. */
export function useScreenMode(): ScreenMode | null {
  return useCurrentScreen()?.mode ?? null;
}
