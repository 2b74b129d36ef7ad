import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/** §2 "enableSSP false … show a deactivated page (title code error.label.page, message ssp.page.deactivated)". */
export function DeactivatedPage({ orgName }: { orgName: string }) {
  const { t } = useTranslation();
  usePageTitle(orgName, 'error.label.page');
  return (
    <section className="card error-page" aria-labelledby="error-title" data-page="deactivated">
      <PageHeading id="error-title">{t('error.label.page')}</PageHeading>
      <p>{t('ssp.page.deactivated')}</p>
    </section>
  );
}
