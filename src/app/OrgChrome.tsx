import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerUrl } from '../api/pages.ts';
import { Footer } from '../components/Footer.tsx';
import { LanguageSelector } from '../components/LanguageSelector.tsx';
import { NavBar } from '../components/NavBar.tsx';
import { useOrg } from '../org/OrgContext.tsx';
import { navItems } from './navItems.ts';
import { useScreenRegistry } from './ScreenRegistryContext.ts';
import { useScreenContext } from './useScreenContext.ts';

/** Banner, navigation, language selector and footer around every page of an organisation. */
export function OrgChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const ctx = useScreenContext();
  const registry = useScreenRegistry();
  const org = boot.organization;
  return (
    <div className="app">
      <a className="skip-link" href="#main">{t('a11y.skipToContent')}</a>
      <header className="banner">
        {org.hasBanner ? <img src={bannerUrl(boot.orgId)} alt={org.orgName} /> : <h1>{org.orgName}</h1>}
      </header>
      <NavBar items={navItems(registry, ctx)} accountName={account?.name ?? null} />
      {org.translation.type === 'built-in' && !org.disabled ? (
        <div className="toolbar"><LanguageSelector /></div>
      ) : null}
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer orgName={org.orgName} termsUrl={org.termsUrl} privacyUrl={org.privacyUrl} serverVersion={boot.serverVersion} />
    </div>
  );
}
