import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrg } from '../../org/OrgContext.tsx';

/**
 * Where to go from an error page of an organisation (issue 11 "dead ends"): a member to their home
 * page, a visitor to the login page when the organisation lets them sign in (self-service on).
 */
export function WaysForward() {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const orgPath = `/${encodeURIComponent(boot.orgId)}`;
  if (account) return <p><Link to={`${orgPath}/home`}>{t('error.waysForward.home')}</Link></p>;
  if (boot.organization.enableSSP === false || boot.organization.disabled) return null;
  return <p><Link to={`${orgPath}/login`}>{t('error.waysForward.login')}</Link></p>;
}
