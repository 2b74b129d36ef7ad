import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { init } from '../../api/boot.ts';
import { getComms, type CommsAnswer } from '../../api/comms.ts';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { PlainChrome } from '../../components/PlainChrome.tsx';
import { CommsErrorPage } from '../errors/CommsErrorPage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ShareButtons } from '../content/ShareButtons.tsx';
import { displayZone, formatSendDate } from '../content/time.ts';
import '../content/content.css';
import { Attachments } from '../content/Attachments.tsx';

/**
 * §2 `/comms/{commsId}`, §4 "Comms-detail mode: non-200 comms fetch shows the comms error page": a
 * communication the organisation sent, for whoever has its address. §2 "priority icon, title, send
 * date (account time zone, YYYY-MM-DD HH:mm:ss), share buttons, none-provided message, rich message,
 * images, files". §4 "org id is taken from comms data and init is fetched": the organisation's boot
 * says whether a member of it is signed in here, and their time zone; a visitor sees the device's.
 */
export function CommsScreen({ commsId }: { commsId: string }) {
  const { data, isLoading } = useSWR(commsId ? ['comms', commsId] : null, () => getComms(commsId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (isLoading) return <LoadingBar />;
  return (
    <PlainChrome>
      {!data || data.status !== 200 || !data.data?.commsId ? <CommsErrorPage /> : <Communication comms={data.data} />}
    </PlainChrome>
  );
}

function Communication({ comms }: { comms: CommsAnswer }) {
  const { t, i18n } = useTranslation();
  usePageTitle(comms.orgName, 'page.title.comms');
  const boot = useSWR(['comms-init', comms.orgId], () => init(comms.orgId, null), { revalidateOnFocus: false, shouldRetryOnError: false });
  const zone = displayZone(boot.data?.data?.account?.timeZone ?? null);
  return (
    <article className="card content-detail" data-priority={comms.priority === 'Priority' ? 'priority' : undefined}>
      <p className="content-subtitle">{comms.orgName}</p>
      <PageHeading>
        {comms.priority === 'Priority' ? <span className="priority-icon" role="img" aria-label={t('notification.priority')}>!</span> : null}
        {comms.title}
      </PageHeading>
      <p className="content-item-meta">
        <span>{t('notification.sent')} <time dateTime={new Date(comms.sendDate).toISOString()}>{formatSendDate(comms.sendDate, zone, i18n.language)}</time></span>
      </p>
      {comms.message ? (
        // The organisation's HTML, sanitised when it was published (server/services/communications.ts).
        <div className="org-html" dir="auto" dangerouslySetInnerHTML={{ __html: comms.message }} />
      ) : comms.textMessage.trim() ? (
        <p className="content-text">{comms.textMessage}</p>
      ) : (
        <p>{t('general.notification.noneProvided')}</p>
      )}
      <Attachments files={comms.attachmentFiles} />
      <ShareButtons title={comms.title} allowed={comms.shareable} />
    </article>
  );
}
