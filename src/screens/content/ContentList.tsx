import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigationType } from 'react-router';
import { CONTENT_PAGE_SIZES } from '../../../schemas/rules/contentPaging.ts';
import { firstPage, pageAfter, type ContentKind } from '../../api/publicContent.ts';
import { useCurrentScreen } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import '../../styles/forms.css';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import type { ContentStore, ListState } from './contentStore.ts';
import { keepForOffline } from './offline.ts';
import { OfflineNotice } from './OfflineNotice.tsx';

/** The link state of the detail's "back to the list": the list is restored, not started afresh. */
export const BACK_TO_LIST = { backToList: true } as const;

export interface ContentListProps<T> {
  kind: ContentKind;
  store: ContentStore<T, unknown>;
  /** An item's id and time (§4 "paged by base time": the last item's). */
  keyOf: (item: T) => { id: string; time: number };
  renderItem: (item: T, open: () => void) => ReactNode;
}


/**
 * §2 Notifications page: the general and weather lists (tabs when both are on), loading / list /
 * empty (`notification.list.empty`), a page size of 25 with §9's options, newest first. The first page
 * comes with the count (`…/page`); each page after it is asked by base time (the last item's time and
 * id), so an alert sent while the member reads shifts nothing under them. Pages, size, the page shown
 * and the scroll position are kept for the way back from a detail (contentStore.ts).
 */
export function ContentList<T>({ kind, store, keyOf, renderItem }: ContentListProps<T>) {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const orgId = boot.orgId;
  const screen = useCurrentScreen();
  const location = useLocation();
  const navigationType = useNavigationType();
  const sizeId = useId();
  const restore = navigationType === 'POP' || (location.state as { backToList?: boolean } | null)?.backToList === true;
  const [state, setState] = useState<ListState<T>>(() => store.open(orgId, restore));
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);
  const restoredScroll = useRef(state.pages.length > 0 ? state.scrollY : null);

  useEffect(() => store.save(state), [store, state]);
  useEffect(() => keepForOffline(), []);

  // The first page: with the count.
  useEffect(() => {
    if (state.pages.length) return undefined;
    const controller = new AbortController();
    void firstPage(kind, orgId, state.pageSize, controller.signal).then((result) => {
      if (result.isCanceled) return;
      if (result.hasError || !result.data) {
        setFailed(true);
        return;
      }
      const items = result.data.data as T[];
      setState((current) => ({ ...current, pages: [items], pageIndex: 0, count: result.data.count, offlineFetchedAt: result.data.offlineFetchedAt ?? null }));
    });
    return () => controller.abort();
  }, [kind, orgId, state.pages.length, state.pageSize, attempt]);
  const loading = loadingMore || (state.pages.length === 0 && !failed);

  // Back from a detail: where the member was.
  useLayoutEffect(() => {
    if (restoredScroll.current === null) return;
    window.scrollTo(0, restoredScroll.current);
    restoredScroll.current = null;
  }, []);

  const items = state.pages[state.pageIndex] ?? [];
  const pages = state.count === null ? null : Math.max(1, Math.ceil(state.count / state.pageSize));
  const hasOlder = pages === null ? items.length === state.pageSize : state.pageIndex + 1 < pages;

  async function older() {
    if (state.pages[state.pageIndex + 1]) {
      setState({ ...state, pageIndex: state.pageIndex + 1 });
      return;
    }
    const last = items[items.length - 1];
    if (!last) return;
    const { id, time } = keyOf(last);
    setLoadingMore(true);
    setFailed(false);
    const result = await pageAfter(kind, orgId, state.pageSize, { id, time });
    setLoadingMore(false);
    if (result.isCanceled) return;
    if (result.hasError || !result.items) {
      setFailed(true);
      return;
    }
    if (result.items.length === 0) {
      // Fewer than the count said (some were withdrawn): this page is the last.
      setState({ ...state, count: state.pageIndex * state.pageSize + items.length });
      return;
    }
    setState({ ...state, pages: [...state.pages, result.items as T[]], pageIndex: state.pageIndex + 1 });
    listRef.current?.focus();
  }

  function newer() {
    setState({ ...state, pageIndex: Math.max(0, state.pageIndex - 1) });
    listRef.current?.focus();
  }

  /** The first page again, or the page after the one shown. */
  function retry() {
    setFailed(false);
    if (state.pages.length === 0) setAttempt((n) => n + 1);
    else void older();
  }

  function resize(pageSize: number) {
    setFailed(false);
    setState({ ...state, pageSize, pages: [], pageIndex: 0, count: null });
  }

  const open = () => store.leaveForDetail(window.scrollY);
  const titleId = useId();

  return (
    <section className="card content-list" aria-labelledby={titleId} data-screen={screen?.id}>
      <PageHeading id={titleId}>{screen ? t(screen.titleKey) : null}</PageHeading>
      <ContentTabs current={kind} />
      <p className="content-feed">
        <a href={`/${encodeURIComponent(orgId)}/feeds/alerts.atom`} type="application/atom+xml">{t('content.feed')}</a>
      </p>
      <div className="content-controls">
        <label htmlFor={sizeId}>{t('content.pageSize')}</label>
        <select id={sizeId} value={state.pageSize} onChange={(event) => resize(Number(event.target.value))}>
          {CONTENT_PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
        </select>
      </div>
      {loading ? <LoadingBar /> : null}
      <OfflineNotice fetchedAt={state.offlineFetchedAt} listKey />
      {failed ? (
        <div className="notice" role="alert">
          <p>{t('content.loadFailed')}</p>
          <button type="button" className="button" onClick={retry}>{t('content.retry')}</button>
        </div>
      ) : null}
      {!loading && state.pages.length > 0 && items.length === 0 ? <p>{t('notification.list.empty')}</p> : null}
      {items.length > 0 ? (
        <ol className="content-items" ref={listRef} tabIndex={-1} aria-label={t('content.listLabel', { page: state.pageIndex + 1 })}>
          {items.map((item) => <li key={keyOf(item).id}>{renderItem(item, open)}</li>)}
        </ol>
      ) : null}
      {items.length > 0 && (state.pageIndex > 0 || hasOlder) ? (
        <nav className="pagination" aria-label={t('content.pagination')}>
          <button type="button" className="button button-small" disabled={state.pageIndex === 0} onClick={newer}>{t('content.newer')}</button>
          <span aria-live="polite">
            {pages === null ? t('content.pageOnly', { page: state.pageIndex + 1 }) : t('content.page', { page: state.pageIndex + 1, pages })}
          </span>
          <button type="button" className="button button-small" disabled={!hasOlder || loading} onClick={() => void older()}>{t('content.older')}</button>
        </nav>
      ) : null}
    </section>
  );
}

/** §2 "tabs 'general' and 'weather' only if enabled": links to the two lists, the current one marked. */
function ContentTabs({ current }: { current: ContentKind }) {
  const { t } = useTranslation();
  const { boot } = useOrg();
  const { showNotificationsToMemberPortal, showWeather } = boot.organization;
  if (!showNotificationsToMemberPortal || !showWeather) return null;
  const base = `/${encodeURIComponent(boot.orgId)}`;
  const tabs: { kind: ContentKind; to: string; labelKey: string }[] = [
    { kind: 'notifications', to: `${base}/notif`, labelKey: 'content.tab.general' },
    { kind: 'weather', to: `${base}/weather`, labelKey: 'content.tab.weather' },
  ];
  return (
    <nav className="content-tabs" aria-label={t('content.tabs')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link to={tab.to} aria-current={tab.kind === current ? 'page' : undefined}>{t(tab.labelKey)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
