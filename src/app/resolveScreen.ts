import { matchRoutes } from 'react-router';
import type { Guard, Screen, ScreenContext } from './screenTypes.ts';

/** What the router does with one screen for one visitor or member (§2 routing rules). */
export type Resolution =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'deactivated' };

/** §6 "Visitors … go to /{orgId}/login keeping accessKey". */
export function loginPath(ctx: ScreenContext): string {
  const accessKey = ctx.query.get('accessKey');
  return `/${ctx.orgId}/login${accessKey ? `?accessKey=${encodeURIComponent(accessKey)}` : ''}`;
}

export function guardOf(screen: Screen, ctx: ScreenContext): Guard {
  return typeof screen.guard === 'function' ? screen.guard(ctx) : screen.guard;
}

/** Looks a screen up by id; throws on an unknown id so a typo in `otherwise` fails the config test. */
export function screenById(screens: readonly Screen[], id: string): Screen {
  const screen = screens.find((s) => s.id === id);
  if (!screen) throw new Error(`unknown screen id ${id}`);
  return screen;
}

/**
 * Decides, in the order §2 gives, whether a screen renders, redirects or shows an error page:
 * disabled organisation → not-found; enableSSP false on a self-service screen → deactivated;
 * then `admitScreen`.
 */
export function resolveScreen(screens: readonly Screen[], screen: Screen, ctx: ScreenContext): Resolution {
  if (ctx.org.disabled) return { kind: 'notFound' };
  if (screen.selfService && !ctx.org.enableSSP) return { kind: 'deactivated' };
  return admitScreen(screens, screen, ctx);
}

/**
 * Whether this visitor or member is let onto the screen: visitor on a member screen → login (keeping
 * accessKey); member on a visitor screen → home; a screen whose flag is off → the first enabled
 * fallback, else not-found; then the screen's own redirect. The navigation bar asks the same
 * question (navItems.ts): an item shows exactly when its screen admits.
 */
export function admitScreen(screens: readonly Screen[], screen: Screen, ctx: ScreenContext): Resolution {
  const guard = guardOf(screen, ctx);
  if (guard === 'member' && !ctx.account) return { kind: 'redirect', to: loginPath(ctx) };
  if (guard === 'visitor' && ctx.account) return { kind: 'redirect', to: `/${ctx.orgId}/home` };
  if (screen.when && !screen.when(ctx)) {
    for (const id of screen.otherwise ?? []) {
      const fallback = screenById(screens, id);
      if (!fallback.when || fallback.when(ctx)) return { kind: 'redirect', to: `/${ctx.orgId}/${fallback.path}` };
    }
    return { kind: 'notFound' };
  }
  const target = screen.redirect?.(ctx);
  if (target) return { kind: 'redirect', to: `/${ctx.orgId}/${target}` };
  return { kind: 'render' };
}

/**
 * What the router shows at `pathname` (an address under /{orgId}): the matched screen's resolution,
 * or not-found when no screen matches or the organisation is disabled (§2 "the route list is empty").
 */
export function resolvePath(screens: readonly Screen[], pathname: string, ctx: ScreenContext): Resolution & { screenId: string | null } {
  const relative = pathname.replace(/^\/+/, '');
  if (ctx.org.disabled) return { kind: 'notFound', screenId: null };
  const matched = matchRoutes(screens.map((screen) => ({ path: screen.path, screen })), `/${relative}`)?.[0]?.route.screen;
  if (!matched) return { kind: 'notFound', screenId: null };
  return { ...resolveScreen(screens, matched, ctx), screenId: matched.id };
}
