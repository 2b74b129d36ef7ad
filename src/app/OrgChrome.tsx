import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerUrl } from '../api/pages.ts';
import { Footer } from '../components/Footer.tsx';
import { LanguageSelector } from '../components/LanguageSelector.tsx';
import { htmlLang } from '../../schemas/languages.ts';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { useOrg } from '../org/OrgContext.tsx';
import { navItems } from './navItems.ts';
import { useScreenRegistry } from './ScreenRegistryContext.ts';
import { useFocusOnNavigation } from './useFocusOnNavigation.ts';
import { useScreenContext } from './useScreenContext.ts';

/** Header (name, language selector, navigation), main and footer around every page of an organisation. */
export function OrgChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const ctx = useScreenContext();
  const registry = useScreenRegistry();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  const org = boot.organization;
  return (
    <div className="app">
      <a className="skip-link" href="#main">{t('a11y.skipToContent')}</a>
      <SiteHeader
        name={org.orgName}
        nameLang={htmlLang(org.defaultLanguage)}
        subtitle={org.orgSubtitle}
        bannerSrc={org.hasBanner ? bannerUrl(boot.orgId) : null}
        items={navItems(registry, ctx)}
        accountName={account?.name ?? null}
        tools={org.translation.type === 'built-in' && !org.disabled ? <LanguageSelector /> : null}
      />
      <main id="main" tabIndex={-1} ref={main}>{children}</main>
      <Footer orgName={org.orgName} termsUrl={org.termsUrl} privacyUrl={org.privacyUrl} serverVersion={boot.serverVersion} />
    </div>
  );
}
