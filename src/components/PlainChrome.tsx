import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** The page frame where no organisation is known: the root page, an unknown organisation, comms errors. */
export function PlainChrome({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">{t('a11y.skipToContent')}</a>
      <SiteHeader name={t('app.title')} />
      <main id="main" tabIndex={-1} className={wide ? 'main-wide' : undefined}>{children}</main>
      <Footer orgName={null} termsUrl="" privacyUrl="" serverVersion={null} />
    </div>
  );
}
