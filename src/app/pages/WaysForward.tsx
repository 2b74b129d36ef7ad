import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrg } from '../../org/OrgContext.tsx';
import { navItems } from '../navItems.ts';
import { useScreenRegistry } from '../ScreenRegistryContext.ts';
import { useScreenContext } from '../useScreenContext.ts';

/**
 * Where to go from an error page of an organisation (issue 11 "dead ends"): a member to their home
 * page; a visitor to the login page when the organisation lets them sign in (self-service on), else
 * (self-service off: the deactivated page) to the pages the organisation still shows visitors, the
 * ones its navigation offers (paused: its notifications). A disabled organisation has none (§2).
 * The organisation settings hold no contact address of their own, so no contact is offered beyond
 * the contact tip the pages already show (§8).
 */
export function WaysForward() {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const ctx = useScreenContext();
  const registry = useScreenRegistry();
  const orgPath = `/${encodeURIComponent(boot.orgId)}`;
  if (account) return <p><Link to={`${orgPath}/home`}>{t('error.waysForward.home')}</Link></p>;
  if (boot.organization.disabled) return null;
  if (boot.organization.enableSSP !== false) return <p><Link to={`${orgPath}/login`}>{t('error.waysForward.login')}</Link></p>;
  const pages = navItems(registry, ctx).filter((item): item is typeof item & { to: string } => item.to !== undefined);
  if (pages.length === 0) return null;
  return (
    <>
      <p id="ways-forward-pages">{t('error.waysForward.pages')}</p>
      <ul aria-labelledby="ways-forward-pages" className="ways-forward">
        {pages.map((item) => <li key={item.id}><Link to={item.to}>{t(item.labelKey)}</Link></li>)}
      </ul>
    </>
  );
}
