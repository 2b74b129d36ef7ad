import { useTranslation } from 'react-i18next';
import { formatDateTime } from './time.ts';

/** Said on a page the service worker answered from its copy (offline.ts): when it was fetched, so that nobody takes it for current. */
export function OfflineNotice({ fetchedAt, listKey = false }: { fetchedAt: number | null; listKey?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!fetchedAt) return null;
  const time = formatDateTime(fetchedAt, i18n.language);
  return <p className="notice" role="status">{t(listKey ? 'content.offline' : 'content.offlineDetail', { time })}</p>;
}
