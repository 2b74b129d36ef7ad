import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { WaysForward } from '../../app/pages/WaysForward.tsx';

/** §8 not-authorized page, with an optional message (a message key in `?message=`). */
export default function NotAuthorizedScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const message = params.get('message');
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <PageHeading id="error-title">{t('error.406.title')}</PageHeading>
      {message ? <p>{t(message)}</p> : null}
      <p>{t('ssp.member.portal.error.page.contact.tip')}</p>
      <WaysForward />
    </section>
  );
}
