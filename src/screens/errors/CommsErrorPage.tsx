import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/usePageTitle.ts';

/** §8 communications error page (a public communication that cannot be shown). */
export function CommsErrorPage() {
  const { t } = useTranslation();
  usePageTitle(null, 'comms.error.page.title');
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <h2 id="error-title">{t('comms.error.page.title')}</h2>
      <p>{t('comms.error.page.message')}</p>
    </section>
  );
}
