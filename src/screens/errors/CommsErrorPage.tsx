import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/** §8 communications error page (a public communication that cannot be shown). */
export function CommsErrorPage() {
  const { t } = useTranslation();
  usePageTitle(null, 'comms.error.page.title');
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <PageHeading id="error-title">{t('comms.error.page.title')}</PageHeading>
      <p>{t('comms.error.page.message')}</p>
    </section>
  );
}
