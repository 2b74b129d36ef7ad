import type { MouseEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** One entry of the bar (the shell computes which, src/app/navItems.ts). */
export interface ResolvedNavItem {
  id: string;
  labelKey: string;
  /** In-app address (`to`) or an address outside the app (`href`); neither for the welcome line. */
  to?: string;
  href?: string;
  /** An item that acts instead of going somewhere (Logout: a POST with the CSRF token, issue 9 row 11). */
  onSelect?: () => void;
}

const accountItems = new Set(['login', 'welcome']);

export interface NavBarProps {
  items: ResolvedNavItem[];
  accountName: string | null;
  /** The element the header's menu button controls (aria-controls). */
  id?: string;
  /** Whether the menu is open: on a narrow screen the bar shows only then (src/styles/app.css). */
  open?: boolean;
  onClick?: MouseEventHandler;
  /** The landmark's name; default "Main" (the admin preview names its copy of a member's bar apart from the page's own). */
  label?: string;
}

/** The navigation bar of §2, drawn from the items screens.config.ts yields for this context. */
export function NavBar({ items, accountName, id, open = false, onClick, label }: NavBarProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav id={id} className={open ? 'nav nav-open' : 'nav'} aria-label={label ?? t('nav.label')} onClick={onClick}>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={accountItems.has(item.id) ? 'nav-push' : undefined} data-nav={item.id}>
            {item.to ? (
              <NavLink to={item.to} end>{t(item.labelKey)}</NavLink>
            ) : item.onSelect ? (
              <button type="button" className="nav-button" onClick={item.onSelect}>{t(item.labelKey)}</button>
            ) : item.href ? (
              <a href={item.href}>{t(item.labelKey)}</a>
            ) : (
              <span className="nav-text">{t(item.labelKey, { name: accountName ?? '' })}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
