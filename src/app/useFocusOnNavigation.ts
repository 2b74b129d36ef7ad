import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a navigation waits for its page's h1 (a screen's module may still be loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * Route changes are announced (issue 11): after a client-side navigation, focus moves to the new
 * page's `h1`, as a screen reader would expect after a full page load. Not on the first load, nor on
 * the redirects that only complete it (`/{orgId}` → home → login are REPLACE navigations before any
 * PUSH or POP): there the browser's own page-load announcement stands and focus stays at the top.
 * A screen whose module is still loading has no h1 yet; its arrival in `main` is waited for. On Back
 * and Forward the focus moves without scrolling, so that a page that restores its scroll keeps it.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const firstPathname = useRef<string | null>(pathname);
  const navigated = useRef(false);

  useEffect(() => {
    if (firstPathname.current === pathname && !navigated.current) return;
    firstPathname.current = null;
    if (navigationType === 'REPLACE' && !navigated.current) return;
    navigated.current = true;
    const container = main.current;
    if (!container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // Back and forward keep the page where the member left it (a list restores its scroll): the
      // heading takes the focus without scrolling to it.
      heading.focus(navigationType === 'POP' ? { preventScroll: true } : undefined);
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, navigationType, main]);
}
