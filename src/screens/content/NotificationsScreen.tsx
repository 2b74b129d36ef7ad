import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationSummary } from '../../api/publicContent.ts';
import { useOrg } from '../../org/OrgContext.tsx';
import { ContentList } from './ContentList.tsx';
import { notificationStore } from './stores.ts';
import { displayZone, formatRelativeAge, formatSendDate } from './time.ts';
import { useNow } from './useNow.ts';
import './content.css';

const keyOf = (item: NotificationSummary) => ({ id: item.notificationId, time: item.sendDate });

/** §2 `notif`: the organisation's notifications, newest first (ContentList.tsx). */
export default function NotificationsScreen() {
  return <ContentList kind="notifications" store={notificationStore} keyOf={keyOf} renderItem={(item, open) => <NotificationItem item={item} onOpen={open} />} />;
}

function NotificationItem({ item, onOpen }: { item: NotificationSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const { boot, account } = useOrg();
  const zone = displayZone(account?.timeZone);
  const now = useNow();
  return (
    <article className="content-item" data-priority={item.priority === 'Priority' ? 'priority' : undefined}>
      <h2 className="content-item-title">
        <Link to={`/${encodeURIComponent(boot.orgId)}/notif/${encodeURIComponent(item.notificationId)}`} onClick={onOpen}>{item.title}</Link>
      </h2>
      <p className="content-item-meta">
        {item.priority === 'Priority' ? <span className="badge badge-priority">{t('notification.priority')}</span> : null}
        <time dateTime={new Date(item.sendDate).toISOString()} title={formatSendDate(item.sendDate, zone, i18n.language)}>
          {formatRelativeAge(item.sendDate, now, zone, i18n.language)}
        </time>
        {item.hasAreas ? <span className="badge">{t('notification.hasAreas')}</span> : null}
        {item.hasAttachments ? <span className="badge">{t('notification.hasAttachments')}</span> : null}
      </p>
      <p className="content-item-text">{item.textMessage}</p>
    </article>
  );
}
