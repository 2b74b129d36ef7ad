import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { htmlLang } from '../../../schemas/languages.ts';
import { buildEventSignUpSchema } from '../../../schemas/forms/buildEventSignUpSchema.ts';
import { CONTENT_PAGE_SIZES, DEFAULT_CONTENT_PAGE_SIZE } from '../../../schemas/rules/contentPaging.ts';
import { eventBadgeOf, isEventNotificationExpired } from '../../../schemas/rules/eventNotifications.ts';
import { eventNotificationPage, listEvents, signUpForEvent, type EventNotification, type EventSubscription } from '../../api/events.ts';
import { useCurrentScreen } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { done, FormAlert, SchemaForm, useBuiltForm, useSubmission, type FailureMessage } from '../../forms/index.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import { ShareButtons } from './ShareButtons.tsx';
import { displayZone, formatRelativeAge, zoneName } from './time.ts';
import { useNow } from './useNow.ts';
import '../../styles/forms.css';
import './content.css';

/** How much of a message a box shows before "Show more" (§4 "Ellipsis text toggles shortened/full"). */
const SHORT_MESSAGE = 200;

type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/**
 * §2 `event` (accepts `eventId`): the dropdown of events (group name, and a private marker), the
 * chosen one's name, period in its time zone (one date when it starts and ends the same day),
 * address and share buttons; its sign-up box when it asks for a name, mobile or e-mail; then its
 * notifications a page at a time, each with its type badge in words, link, attachment mark, relative
 * age, expired marker and message. The event, page and page size are in the address, so the way
 * back from a notification finds the page as it was (§2 "page state kept across detail and back").
 */
export default function EventsScreen() {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const screen = useCurrentScreen();
  const [query, setQuery] = useSearchParams();
  const selectId = useId();
  const [events, setEvents] = useState<Loaded<EventSubscription[]>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void listEvents(boot.orgId, account !== null, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setEvents(result.hasError || !result.data ? { status: 'failed' } : { status: 'ready', value: result.data.events });
    });
    return () => controller.abort();
  }, [boot.orgId, account]);

  const list = events.status === 'ready' ? events.value : [];
  const event = list.find((candidate) => candidate.id === query.get('eventId')) ?? list[0] ?? null;
  const pageNo = Math.max(1, Number(query.get('pageNo')) || 1);
  const pageSize = (CONTENT_PAGE_SIZES as readonly number[]).includes(Number(query.get('pageSize'))) ? Number(query.get('pageSize')) : DEFAULT_CONTENT_PAGE_SIZE;
  const choose = (eventId: string) => setQuery({ eventId }, { replace: false });

  return (
    <section className="card events-page" aria-labelledby="events-title" data-screen={screen?.id}>
      <PageHeading id="events-title">{screen ? t(screen.titleKey) : null}</PageHeading>
      {events.status === 'loading' ? <LoadingBar /> : null}
      {events.status === 'failed' ? <p className="notice" role="alert">{t('content.loadFailed')}</p> : null}
      {events.status === 'ready' && list.length === 0 ? <p>{t('events.none')}</p> : null}
      {list.some((candidate) => !candidate.isPrivate) ? (
        <p className="content-feed"><a href={`/${encodeURIComponent(boot.orgId)}/events.ics`} type="text/calendar">{t('events.calendar')}</a></p>
      ) : null}
      {list.length > 1 ? (
        <div className="content-controls">
          <label htmlFor={selectId}>{t('events.select')}</label>
          <select id={selectId} value={event?.id ?? ''} onChange={(change) => choose(change.target.value)}>
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>{candidate.isPrivate ? `${candidate.groupName} ${t('events.private')}` : candidate.groupName}</option>
            ))}
          </select>
        </div>
      ) : null}
      {event ? (
        <>
          <EventHeader event={event} />
          {/* A new event starts with an empty form (§4 "reset … on event change"). */}
          <EventSignUp key={event.id} event={event} />
          <EventNotifications
            event={event} pageNo={pageNo} pageSize={pageSize}
            onPage={(next, size) => setQuery({ eventId: event.id, pageNo: String(next), pageSize: String(size) })}
          />
        </>
      ) : null}
    </section>
  );
}

/** §2 "period in event time zone (one date if same day)": Intl's range says a day once when both ends share it. */
function eventPeriod(start: number | null, end: number | null, timeZone: string, language: string): string {
  if (start === null) return '';
  const zone = displayZone(timeZone);
  const format = new Intl.DateTimeFormat(htmlLang(language), { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' });
  const period = end !== null && end > start ? format.formatRange(new Date(start), new Date(end)) : format.format(new Date(start));
  return `${period} ${zoneName(start, zone, language)}`;
}

function EventHeader({ event }: { event: EventSubscription }) {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const page = event.eventSubscriptionWebPage;
  const period = eventPeriod(page.eventStartDate, page.eventEndDate, page.timeZone, i18n.language);
  return (
    <div className="event-header">
      <h2>{event.groupName}{event.isPrivate ? <span className="badge">{t('events.privateBadge')}</span> : null}</h2>
      <dl className="event-facts">
        {period ? (<div><dt>{t('events.when')}</dt><dd>{period}</dd></div>) : null}
        {page.eventAddress ? (<div><dt>{t('events.where')}</dt><dd>{page.eventAddress}</dd></div>) : null}
      </dl>
      <ShareButtons
        title={event.groupName}
        url={`${window.location.origin}/${encodeURIComponent(boot.orgId)}/event?eventId=${encodeURIComponent(event.id)}`}
        allowed={boot.organization.isPublic && page.socialSharing && !event.isPrivate}
      />
    </div>
  );
}

/**
 * §2 "Sign-up box if the event requires name, mobile or email", the event sign-up form of §5 with the
 * event's requirements; §4 "submit leads to success modal (status code 200 or "200 OK") or inline error
 * with server result; form reset after every submit".
 */
function EventSignUp({ event }: { event: EventSubscription }) {
  const { t } = useTranslation();
  const { requireName, requireMobile, requireEmail } = event.eventSubscriptionWebPage;
  const [round, setRound] = useState(0);
  const [message, setMessage] = useState<FailureMessage | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  if (!requireName && !requireMobile && !requireEmail) return null;
  const finished = (outcome: { ok: true } | { ok: false; key: string }) => {
    setMessage(outcome.ok ? null : { key: outcome.key, fallbackKey: 'events.signUp.failed' });
    setSucceeded(outcome.ok);
    setRound((n) => n + 1);
  };
  return (
    <section className="event-signup" aria-labelledby="event-signup-title">
      <h2 id="event-signup-title">{t('events.signUp.title')}</h2>
      <p>{t('events.signUp.intro')}</p>
      <FormAlert message={message} />
      {/* A new form after every submit (its own state and fields empty). */}
      <EventSignUpForm key={round} event={event} onFinished={finished} />
      {succeeded ? (
        <Dialog title={t('events.signUp.success.title')} onClose={() => setSucceeded(false)}>
          <p>{t('events.signUp.success.message', { name: event.groupName })}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setSucceeded(false)} data-autofocus>{t('form.dialog.ok')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

function EventSignUpForm({ event, onFinished }: { event: EventSubscription; onFinished: (outcome: { ok: true } | { ok: false; key: string }) => void }) {
  const { boot, flags } = useOrg();
  const { requireName, requireMobile, requireEmail } = event.eventSubscriptionWebPage;
  const formFlags = useMemo(() => ({ featureFlags: flags, eventSignUp: { requireName, requireMobile, requireEmail } }), [flags, requireName, requireMobile, requireEmail]);
  const { form, validator } = useBuiltForm(boot.orgId, boot.organization, 'eventSignUp', buildEventSignUpSchema, formFlags, 'signup');
  const submission = useSubmission<{ fullName?: string; mobile?: string; email?: string }>({}, async (values) => {
    const result = await signUpForEvent(boot.orgId, { eventId: event.id, ...values, widgets: [] });
    const status = result.data?.statusCode;
    const ok = !result.hasError && (status === 200 || result.data?.result === '200 OK');
    const key = typeof result.data?.result === 'string' && result.data.result ? result.data.result : 'events.signUp.failed';
    onFinished(ok ? { ok: true } : { ok: false, key });
    return done({ leaving: true });
  });
  return <SchemaForm idPrefix="event-signup" form={form} validator={validator} {...submission.form} submitLabelKey="events.signUp.submit" />;
}

function EventNotifications({ event, pageNo, pageSize, onPage }: {
  event: EventSubscription; pageNo: number; pageSize: number; onPage: (pageNo: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const { boot, account } = useOrg();
  const sizeId = useId();
  const [page, setPage] = useState<Loaded<{ data: EventNotification[]; count: number }> & { key?: string }>({ status: 'loading' });
  const key = `${event.id}:${pageNo}:${pageSize}`;

  useEffect(() => {
    const controller = new AbortController();
    void eventNotificationPage(boot.orgId, event.id, pageNo, pageSize, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setPage(result.hasError || !result.data ? { status: 'failed', key } : { status: 'ready', value: result.data, key });
    });
    return () => controller.abort();
  }, [boot.orgId, event.id, pageNo, pageSize, key]);

  const current = page.key === key ? page : { status: 'loading' as const };
  const pages = current.status === 'ready' ? Math.max(1, Math.ceil(current.value.count / pageSize)) : 1;
  const signUpOffered = event.eventSubscriptionWebPage.requireName || event.eventSubscriptionWebPage.requireMobile || event.eventSubscriptionWebPage.requireEmail;
  return (
    <section aria-labelledby="event-notifications-title">
      <h2 id="event-notifications-title">{t('events.notifications')}</h2>
      <div className="content-controls">
        <label htmlFor={sizeId}>{t('content.pageSize')}</label>
        <select id={sizeId} value={pageSize} onChange={(change) => onPage(1, Number(change.target.value))}>
          {CONTENT_PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
        </select>
      </div>
      {current.status === 'loading' ? <LoadingBar /> : null}
      {current.status === 'failed' ? <p className="notice" role="alert">{t('content.loadFailed')}</p> : null}
      {current.status === 'ready' && current.value.count === 0 ? (
        <>
          <p>{t('notification.list.empty')}</p>
          {account === null && signUpOffered ? <p>{t('events.empty.signUp')}</p> : null}
        </>
      ) : null}
      {current.status === 'ready' && current.value.data.length > 0 ? (
        <ol className="content-items">
          {current.value.data.map((notification) => (
            <li key={notification.notificationId}><EventNotificationBox notification={notification} query={{ eventId: event.id, pageNo, pageSize }} /></li>
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('content.pagination')}>
          <button type="button" className="button button-small" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1, pageSize)}>{t('locations.expected.previous')}</button>
          <span aria-live="polite">{t('content.page', { page: pageNo, pages })}</span>
          <button type="button" className="button button-small" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1, pageSize)}>{t('locations.expected.next')}</button>
        </nav>
      ) : null}
    </section>
  );
}

function EventNotificationBox({ notification, query }: { notification: EventNotification; query: { eventId: string; pageNo: number; pageSize: number } }) {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const now = useNow();
  const [full, setFull] = useState(false);
  const badge = eventBadgeOf(notification.type);
  const expired = isEventNotificationExpired(notification.notificationSendDate, notification.expire, now);
  const long = notification.textMessage.length > SHORT_MESSAGE;
  const text = long && !full ? `${notification.textMessage.slice(0, SHORT_MESSAGE).trimEnd()}…` : notification.textMessage;
  const to = `/${encodeURIComponent(boot.orgId)}/event/${encodeURIComponent(notification.notificationId)}?event_id=${encodeURIComponent(query.eventId)}&pageNo=${query.pageNo}&pageSize=${query.pageSize}`;
  return (
    <article className="content-item" data-badge={badge}>
      <p className="content-item-meta">
        <span className={`badge badge-${badge}`}>{t(`events.type.${badge}`)}</span>
        <time dateTime={new Date(notification.notificationSendDate).toISOString()}>
          {formatRelativeAge(notification.notificationSendDate, now, displayZone(notification.timeZone), i18n.language)}
        </time>
        {expired ? <span className="badge badge-expired">{t('weather.expired')}</span> : null}
        {notification.attachmentFiles.length ? <span className="badge">{t('notification.hasAttachments')}</span> : null}
      </p>
      <h3 className="content-item-title"><Link to={to}>{notification.title}</Link></h3>
      <p className="content-item-text">{text}</p>
      {long ? (
        <button type="button" className="link-button" aria-expanded={full} onClick={() => setFull(!full)}>{t(full ? 'events.less' : 'events.more')}</button>
      ) : null}
    </article>
  );
}
