import type { ResolvedNavItem } from '../components/NavBar.tsx';
import { admitScreen } from './resolveScreen.ts';
import type { ScreenContext, ScreenRegistry } from './screenTypes.ts';

/**
 * The navigation bar for one context, generated from screens.config.ts (§2 "Navigation items,
 * each shown only when its flag is on"). A screen's item shows exactly when the screen admits this
 * visitor or member (its guard, flag and redirects, the router's own rule) and the item's `when`, if
 * any, holds; a screen whose path ends in `/*` (travel) is linked at its base. A self-service screen
 * (login, sign-up) is not offered while the organisation has enableSSP false: §2 would show its
 * deactivated page, and a navigation item that leads only there is a dead end (issue 11). A disabled
 * organisation has no items.
 */
export function navItems({ screens, linkNav }: Pick<ScreenRegistry, 'screens' | 'linkNav'>, ctx: ScreenContext): ResolvedNavItem[] {
  if (ctx.org.disabled) return [];
  const fromScreens = screens.flatMap((screen) => {
    const { nav } = screen;
    if (!nav || (screen.selfService && !ctx.org.enableSSP)) return [];
    if (nav.when?.(ctx) === false || admitScreen(screens, screen, ctx).kind !== 'render') return [];
    return [{ order: nav.order, item: { id: screen.id, labelKey: nav.labelKey, to: `/${ctx.orgId}/${screen.path.replace(/\/\*$/, '')}` } }];
  });
  const fromLinks = linkNav.flatMap((link) => {
    if (!link.when(ctx)) return [];
    const href = link.href(ctx);
    const { onSelect } = link;
    return [{
      order: link.order,
      item: { id: link.id, labelKey: link.labelKey, ...(href ? { href } : {}), ...(onSelect ? { onSelect: () => void onSelect(ctx) } : {}) },
    }];
  });
  return [...fromScreens, ...fromLinks].sort((a, b) => a.order - b.order).map((entry) => entry.item);
}
