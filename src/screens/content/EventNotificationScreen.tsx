import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { htmlLang } from '../../../schemas/languages.ts';
import { eventBadgeOf, isEventNotificationExpired } from '../../../schemas/rules/eventNotifications.ts';
import { getEventNotification, type EventNotification } from '../../api/events.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { CapFacts } from './CapFacts.tsx';
import { displayZone, formatSendDate } from './time.ts';
import { useNow } from './useNow.ts';
import './content.css';
import { Attachments } from './Attachments.tsx';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; notification: EventNotification };

/**
 * §2 `event/{notificationId}` (accepts `event_id`): a back link to the event's page as it was
 * (default page 1, size 25); a deactivated notification says only that (§2 "Deactive shows a
 * deactivated message"); an alert with a category shows its category, event, urgency, severity and
 * certainty in words and its instructions; then the text, the rich content, images and files. A
 * failure shows the server's message (§8 "event detail failure: server message").
 */
export default function EventNotificationScreen() {
  const { t, i18n } = useTranslation();
  const { notificationId = '' } = useParams();
  const [query] = useSearchParams();
  const { boot } = useOrg();
  const now = useNow();
  const eventId = query.get('event_id');
  const [loaded, setLoaded] = useState<Loaded & { id?: string }>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void getEventNotification(boot.orgId, notificationId, eventId, controller.signal).then((result) => {
      if (result.isCanceled) return;
      const notification = result.data?.result;
      setLoaded(notification && result.data?.success
        ? { status: 'ready', notification, id: notificationId }
        : { status: 'failed', message: typeof result.data?.message === 'string' && result.data.message ? result.data.message : 'content.loadFailed', id: notificationId });
    });
    return () => controller.abort();
  }, [boot.orgId, notificationId, eventId]);

  const back = `/${encodeURIComponent(boot.orgId)}/event?${new URLSearchParams({
    ...(eventId ? { eventId } : {}), pageNo: query.get('pageNo') ?? '1', pageSize: query.get('pageSize') ?? '25',
  }).toString()}`;
  const current = loaded.id === notificationId ? loaded : { status: 'loading' as const };
  const backLink = <p><Link to={back}>{t('events.back')}</Link></p>;
  if (current.status === 'loading') return <LoadingBar />;
  if (current.status === 'failed') {
    return (
      <section className="card" role="alert" aria-labelledby="event-failed">
        {backLink}
        <PageHeading id="event-failed">{t('page.title.events')}</PageHeading>
        <p>{t(current.message, { defaultValue: t('content.loadFailed') })}</p>
      </section>
    );
  }
  const { notification } = current;
  if (notification.eventWebPageStatus === 'Deactive') {
    return (
      <section className="card" aria-labelledby="event-deactivated">
        {backLink}
        <PageHeading id="event-deactivated">{notification.title}</PageHeading>
        <p className="notice">{t('events.deactivated')}</p>
      </section>
    );
  }
  const badge = eventBadgeOf(notification.type);
  const expired = isEventNotificationExpired(notification.notificationSendDate, notification.expire, now);
  return (
    <article className="card content-detail" data-badge={badge}>
      {backLink}
      <PageHeading>{notification.title}</PageHeading>
      <p className="content-item-meta">
        <span className={`badge badge-${badge}`}>{t(`events.type.${badge}`)}</span>
        <span>{t('notification.sent')} <time dateTime={new Date(notification.notificationSendDate).toISOString()}>{formatSendDate(notification.notificationSendDate, displayZone(notification.timeZone), i18n.language)}</time></span>
        {expired ? <span className="badge badge-expired">{t('weather.expired')}</span> : null}
      </p>
      {notification.category ? (
        <>
          <dl className="cap-facts">
            <div><dt>{t('events.fact.category')}</dt><dd>{notification.category}</dd></div>
            {notification.event ? <div><dt>{t('events.fact.event')}</dt><dd>{notification.event}</dd></div> : null}
          </dl>
          <CapFacts facts={{ urgency: notification.urgency || undefined, severity: notification.severity || undefined, certainty: notification.certainty || undefined }} compact />
          {notification.instructions ? (
            <section className="content-instruction" aria-labelledby="event-instructions">
              <h2 id="event-instructions">{t('weather.instruction')}</h2>
              <p className="content-text">{notification.instructions}</p>
            </section>
          ) : null}
        </>
      ) : null}
      <p className="content-text">{notification.textMessage.trim() ? notification.textMessage : t('general.notification.noneProvided')}</p>
      {notification.rtfContent ? (
        <div className="org-html" lang={htmlLang(boot.organization.defaultLanguage)} dir="auto" dangerouslySetInnerHTML={{ __html: notification.rtfContent }} />
      ) : null}
      <Attachments files={notification.attachmentFiles} />
    </article>
  );
}
