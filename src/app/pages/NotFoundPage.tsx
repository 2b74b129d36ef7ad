import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { WaysForward } from './WaysForward.tsx';

/** §8 not-found page: label, title, message and the contact tip; within an organisation, a way on (issue 11). */
export function NotFoundPage({ orgName = null, inOrganization = false }: { orgName?: string | null; inOrganization?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(orgName, 'error.404.title');
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <p className="error-label" aria-hidden="true">{t('error.404.label')}</p>
      <PageHeading id="error-title">{t('error.404.title')}</PageHeading>
      <p>{t('error.404.message3')}</p>
      <p>{t('ssp.member.portal.error.page.contact.tip')}</p>
      {inOrganization ? <WaysForward /> : null}
    </section>
  );
}
