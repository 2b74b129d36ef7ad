import { matchPath } from 'react-router';
import type { Screen } from './screenTypes.ts';

/**
 * Issue 10 item 3 "a slow phone": the script of the screen an address shows starts loading as the
 * app starts, beside the catalogue and the boot calls, instead of after them (the login form's
 * renderer is most of the login page's bytes). Only a head start: the router still decides what is
 * shown (a guard may show another screen), and a module is fetched once however often it is asked for.
 */
export function prefetchScreen(screens: readonly Pick<Screen, 'path' | 'load'>[], pathname: string): void {
  const within = `/${pathname.split('/').slice(2).join('/')}`;
  const screen = screens.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, within));
  if (screen) void screen.load().catch(() => {});
}
