import { linkNav, screens, type ScreenContext } from '../../screens.config.ts';

export interface ResolvedNavItem {
  id: string;
  labelKey: string;
  /** In-app address (`to`) or an address outside the app (`href`); neither for the welcome line. */
  to?: string;
  href?: string;
}

/**
 * The navigation bar for one context, generated from screens.config.ts (§2 "Navigation items,
 * each shown only when its flag is on"). A disabled organisation has none.
 */
export function navItems(ctx: ScreenContext): ResolvedNavItem[] {
  if (ctx.org.disabled) return [];
  const fromScreens = screens.flatMap((screen) =>
    screen.nav && screen.nav.when(ctx)
      ? [{ order: screen.nav.order, item: { id: screen.id, labelKey: screen.nav.labelKey, to: `/${ctx.orgId}/${screen.path}` } }]
      : [],
  );
  const fromLinks = linkNav.flatMap((link) => {
    if (!link.when(ctx)) return [];
    const href = link.href(ctx);
    return [{ order: link.order, item: { id: link.id, labelKey: link.labelKey, ...(href ? { href } : {}) } }];
  });
  return [...fromScreens, ...fromLinks].sort((a, b) => a.order - b.order).map((entry) => entry.item);
}
