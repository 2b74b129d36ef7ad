import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { WaysForward } from './WaysForward.tsx';

/**
 * §2 "enableSSP false … show a deactivated page (title code error.label.page, message ssp.page.deactivated)",
 * with the contact tip and the ways forward the other error pages offer (issue 11 "dead ends").
 */
export function DeactivatedPage({ orgName }: { orgName: string }) {
  const { t } = useTranslation();
  usePageTitle(orgName, 'error.label.page');
  return (
    <section className="card error-page" aria-labelledby="error-title" data-page="deactivated">
      <PageHeading id="error-title">{t('error.label.page')}</PageHeading>
      <p>{t('ssp.page.deactivated')}</p>
      <p>{t('ssp.member.portal.error.page.contact.tip')}</p>
      <WaysForward />
    </section>
  );
}
