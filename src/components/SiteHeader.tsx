import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, type ResolvedNavItem } from './NavBar.tsx';

export interface SiteHeaderProps {
  /** The organisation's name (or the portal's), drawn as text (issue 11: not only inside an image). */
  name: string;
  /** The language the name is written in (an organisation's: its defaultLanguage), as an HTML lang; none for the portal's own. */
  nameLang?: string;
  /** A line under the name (the organisation's `orgSubtitle`), text in the name's language; none when empty. */
  subtitle?: string | null;
  /** The organisation's banner image, decorative: the name beside it is the text (alt=""). */
  bannerSrc?: string | null;
  /** The navigation items (src/app/navItems.ts); none: no menu. */
  items?: ResolvedNavItem[];
  accountName?: string | null;
  /** The language selector, when the organisation offers one (§1). */
  tools?: ReactNode;
  /** The navigation landmark's name, when not the portal's own "Main" (src/components/NavBar.tsx). */
  navLabel?: string;
}

/**
 * The header landmark of every page: the name as text, the language selector, and the navigation of
 * §2. On a narrow screen the navigation folds behind a "Menu" button (aria-expanded, aria-controls; the
 * GOV.UK header's pattern) so that the page's form is on the first screen; Escape closes it and gives
 * focus back to the button. On a wide screen the button is not drawn and the navigation is one row
 * (src/styles/app.css).
 */
export function SiteHeader({ name, nameLang, subtitle = null, bannerSrc = null, items = [], accountName = null, tools = null, navLabel }: SiteHeaderProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const hasNav = items.length > 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  // Following an item (or logging out) ends the menu's use; the page's h1 takes focus next.
  const onNavClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button')) setOpen(false);
  };

  return (
    <header className="header" onKeyDown={hasNav ? onKeyDown : undefined}>
      {bannerSrc ? <img className="header-banner" src={bannerSrc} alt="" /> : null}
      <div className="header-bar">
        {/* The organisation's own text: its language and direction are its own (issue 11). Not headings:
            the page's h1 is its title. */}
        <div className="header-title">
          <p className="header-name" lang={nameLang} dir={nameLang ? 'auto' : undefined}>{name}</p>
          {subtitle ? <p className="header-subtitle" lang={nameLang} dir={nameLang ? 'auto' : undefined}>{subtitle}</p> : null}
        </div>
        {tools || hasNav ? (
          <div className="header-tools">
            {tools}
            {hasNav ? (
              <button
                ref={button}
                type="button"
                className="menu-button"
                aria-expanded={open}
                aria-controls={navId}
                onClick={() => setOpen((was) => !was)}
              >
                {t('nav.menu')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {hasNav ? <NavBar id={navId} open={open} items={items} accountName={accountName} onClick={onNavClick} label={navLabel} /> : null}
    </header>
  );
}
