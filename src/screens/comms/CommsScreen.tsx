import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { getComms } from '../../api/comms.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PlainChrome } from '../../components/PlainChrome.tsx';
import { CommsErrorPage } from '../errors/CommsErrorPage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * §2 `/comms/{commsId}`, §4 "Comms-detail mode: non-200 comms fetch shows the comms error page".
 * The detail view itself arrives with the communications issue; until then a found communication
 * says so on the page.
 */
export function CommsScreen({ commsId }: { commsId: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR(commsId ? ['comms', commsId] : null, () => getComms(commsId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (isLoading) return <LoadingBar />;
  return (
    <PlainChrome>
      {!data || data.status !== 200 ? (
        <CommsErrorPage />
      ) : (
        <section className="card">
          <PageHeading>{data.data.title}</PageHeading>
          <p className="notice">{t('page.placeholder')}</p>
        </section>
      )}
    </PlainChrome>
  );
}
