import { createContext, useContext, type ReactNode } from 'react';

/**
 * The page's help-and-answer tip (§2), handed down by the shell (src/app/ScreenGate.tsx) so that it
 * is drawn right after the page's title rather than above it: the title is the first heading of
 * `main` (issue 11), the tip a disclosure below it.
 */
export const PageHelpContext = createContext<ReactNode>(null);

/**
 * The one `h1` of a page, its title, first in `main`. `tabIndex={-1}` lets the shell move focus to it
 * after a client-side navigation (src/app/useFocusOnNavigation.ts), as a screen reader expects after
 * a page load; the page's help tip, if any, follows it.
 */
export function PageHeading({ id, children }: { id?: string; children: ReactNode }) {
  const help = useContext(PageHelpContext);
  return (
    <>
      <h1 id={id} className="page-heading" tabIndex={-1}>{children}</h1>
      {help}
    </>
  );
}
