import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Notification, SearchShape } from '../../../schemas/api/publicContent.ts';
import { htmlLang } from '../../../schemas/languages.ts';
import { getNotification } from '../../api/publicContent.ts';
import { GeneralErrorMessage } from '../../app/pages/GeneralErrorMessage.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import type { MapArea } from './AreaMap.tsx';
import { BACK_TO_LIST } from './ContentList.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { OrgShareButtons } from './ShareButtons.tsx';
import { notificationStore } from './stores.ts';
import { displayZone, formatRelativeAge, formatSendDate } from './time.ts';
import { useDetail } from './useDetail.ts';
import { useNow } from './useNow.ts';
import './content.css';
import { Attachments } from './Attachments.tsx';

/** Leaflet only with a notification that has an area. */
const AreaMap = lazy(() => import('./AreaMap.tsx'));

/** §3 drawPolygonSetting.searchShapes as the map draws them ([lon, lat] → [lat, lon]). */
function areasOfShapes(shapes: readonly SearchShape[]): MapArea[] {
  return shapes.map((shape) => (shape.type === 'Polygon'
    ? { kind: 'polygon', rings: shape.coordinates.map((ring) => ring.map(([lon, lat]) => [lat, lon] as [number, number])) }
    : { kind: 'circle', center: [shape.center[1], shape.center[0]], radiusMetres: shape.radius }));
}

/**
 * §2 `notif/{notificationId}`: the notification (title, priority, when it was sent in the member's
 * zone with its relative age, message, the organisation's rich content, attachments), the areas it
 * was sent to on a map, and the share buttons where the organisation allows them.
 */
export default function NotificationDetailScreen() {
  const { notificationId = '' } = useParams();
  const { boot } = useOrg();
  const listPath = `/${encodeURIComponent(boot.orgId)}/notif`;
  const state = useDetail<Notification>(notificationStore, notificationId, listPath, (signal) => getNotification(boot.orgId, notificationId, signal));
  if (state.status === 'loading') return <LoadingBar />;
  if (state.status === 'failed') return <GeneralErrorMessage />;
  return <NotificationDetail notification={state.detail} listPath={listPath} offlineFetchedAt={state.offlineFetchedAt} />;
}

function NotificationDetail({ notification, listPath, offlineFetchedAt }: { notification: Notification; listPath: string; offlineFetchedAt: number | null }) {
  const { t, i18n } = useTranslation();
  const { boot, account } = useOrg();
  const zone = displayZone(account?.timeZone);
  const now = useNow();
  const areas = useMemo(() => areasOfShapes(notification.drawPolygonSetting.searchShapes), [notification]);
  return (
    <article className="card content-detail" data-priority={notification.priority === 'Priority' ? 'priority' : undefined}>
      <p><Link to={listPath} state={BACK_TO_LIST}>{t('content.back.notifications')}</Link></p>
      <PageHeading>{notification.title}</PageHeading>
      <OfflineNotice fetchedAt={offlineFetchedAt} />
      <p className="content-item-meta">
        {notification.priority === 'Priority' ? <span className="badge badge-priority">{t('notification.priority')}</span> : null}
        <span>
          {t('notification.sent')}{' '}
          <time dateTime={new Date(notification.sendDate).toISOString()}>{formatSendDate(notification.sendDate, zone, i18n.language)}</time>
          {' '}({formatRelativeAge(notification.sendDate, now, zone, i18n.language)})
        </span>
      </p>
      {notification.textMessage.trim()
        ? <p className="content-text">{notification.textMessage}</p>
        : <p className="content-text">{t('general.notification.noneProvided')}</p>}
      {notification.rtfContent ? (
        // The organisation's HTML, sanitised when it was published (server/services/publishing.ts).
        <div className="org-html" lang={htmlLang(boot.organization.defaultLanguage)} dir="auto" dangerouslySetInnerHTML={{ __html: notification.rtfContent }} />
      ) : null}
      <Attachments files={notification.attachmentFiles} />
      {areas.length ? (
        <section>
          <h2>{t('content.map.title')}</h2>
          <p className="field-help">{t('content.map.description', { count: areas.length })}</p>
          <Suspense fallback={<LoadingBar />}>
            <AreaMap areas={areas} label={t('content.map.title')} />
          </Suspense>
        </section>
      ) : null}
      <OrgShareButtons title={notification.title} />
    </article>
  );
}
