import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupMemberships } from '../../api/hooks.ts';

/**
 * §2 home "group-membership list (group names, 10 per page, pagination only above 10, empty message
 * 'groupMembership.noContentFound')" and §4 "spinner while loading and not fetched; empty message
 * when fetched and empty; else list". Shown only where the organisation exposes it
 * (`groupMemberShipSetting.exposed`, decided by the caller). A group's name is text, never HTML.
 */
export function GroupMemberships({ orgId, contactId }: { orgId: string; contactId: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const { data, error, isLoading } = useGroupMemberships(orgId, contactId, pageNo);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="home-groups-title" className="home-groups">
      <h2 id="home-groups-title">{t('groupMembership.title')}</h2>
      {isLoading && !data ? <p role="status" className="hint">{t('loading')}</p> : null}
      {error ? <p role="alert" className="notice">{t('groupMembership.loadFailed')}</p> : null}
      {data && data.total === 0 ? <p>{t('groupMembership.noContentFound')}</p> : null}
      {data && data.list.length > 0 ? (
        <ul className="group-list">
          {data.list.map((group) => <li key={group.groupId}><bdi>{group.groupName}</bdi></li>)}
        </ul>
      ) : null}
      {data && data.total > data.pageSize ? (
        <nav className="pager" aria-label={t('groupMembership.pages')}>
          {/* aria-disabled, not disabled: a button that disables itself as it is pressed would drop the keyboard's focus to the page's top. */}
          <button type="button" className="button" aria-disabled={pageNo <= 1} onClick={() => pageNo > 1 && setPageNo(pageNo - 1)}>{t('groupMembership.previous')}</button>
          <span aria-live="polite">{t('groupMembership.pageOf', { page: pageNo, pages })}</span>
          <button type="button" className="button" aria-disabled={pageNo >= pages} onClick={() => pageNo < pages && setPageNo(pageNo + 1)}>{t('groupMembership.next')}</button>
        </nav>
      ) : null}
    </section>
  );
}
