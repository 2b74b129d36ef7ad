import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';

/** The body of §8's general error page; GeneralErrorPage puts it in the organisation's frame. */
export function GeneralErrorMessage() {
  const { t } = useTranslation();
  return (
    <section className="card error-page" role="alert" aria-labelledby="error-title">
      <PageHeading id="error-title">{t('error.general.title')}</PageHeading>
      <p>{t('error.general.message')}</p>
      <p><a href={window.location.href}>{t('error.general.retry')}</a></p>
    </section>
  );
}
