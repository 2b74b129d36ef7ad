import { useEffect, useState } from 'react';
import { keepForOffline } from './offline.ts';
import { useNavigate } from 'react-router';
import type { ContentStore } from './contentStore.ts';

/** `offlineFetchedAt`: when the detail was fetched, if the service worker answered from its copy (offline.ts). */
export type DetailState<D> = { status: 'loading' } | { status: 'ready'; detail: D; offlineFetchedAt: number | null } | { status: 'failed' };

type Answer<D> = {
  data: { result?: D; responseCode?: number; offlineFetchedAt?: number | null } | null; status: number; hasError: boolean; isCanceled: boolean;
};

/**
 * A notification's or weather alert's detail (§4 "Detail: responseCode 200 content, 404 redirect to
 * list, other generic error page"), from the list's store when it was read already (§4 "details
 * cached per id"), else asked; a 404 goes back to the list in place of this address.
 */
export function useDetail<D>(store: ContentStore<unknown, D>, id: string, listPath: string, fetchDetail: (signal: AbortSignal) => Promise<Answer<D>>): DetailState<D> {
  const navigate = useNavigate();
  const [failedId, setFailedId] = useState<string | null>(null);
  // Renders again when the answer is kept in the store.
  const [, setLoadedId] = useState<string | null>(null);
  const [offline, setOffline] = useState<{ id: string; at: number } | null>(null);
  const kept = store.detail(id);
  useEffect(() => keepForOffline(), []);
  useEffect(() => {
    if (store.detail(id)) return undefined;
    const controller = new AbortController();
    void fetchDetail(controller.signal).then((result) => {
      if (result.isCanceled) return;
      if (result.status === 404) {
        void navigate(listPath, { replace: true });
        return;
      }
      const detail = result.data?.result;
      if (result.hasError || result.data?.responseCode !== 200 || !detail) {
        setFailedId(id);
        return;
      }
      store.keepDetail(id, detail);
      if (result.data?.offlineFetchedAt) setOffline({ id, at: result.data.offlineFetchedAt });
      setLoadedId(id);
    });
    return () => controller.abort();
    // fetchDetail is the caller's closure over the same id: the id decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, id, listPath, navigate]);
  if (kept) return { status: 'ready', detail: kept, offlineFetchedAt: offline?.id === id ? offline.at : null };
  return failedId === id ? { status: 'failed' } : { status: 'loading' };
}
