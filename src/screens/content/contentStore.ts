/**
 * What a notification or weather list keeps while the member reads a detail (§4 "scroll position
 * kept, details cached per id and cleared on leaving"): the pages loaded, the page shown, its size and
 * the scroll position, and the details read. Kept in this module (one per list), not in the page: it
 * outlives the list's unmount for the detail and back. The list is restored when the member comes
 * back (the browser's back button, or the detail's link back); any other visit (a tab, the menu)
 * starts afresh (§2 "switching tabs resets to page 1, size 25") and drops the details kept.
 */
import { DEFAULT_CONTENT_PAGE_SIZE } from '../../../schemas/rules/contentPaging.ts';

/** At most this many details are kept (the list's pages hold at most 200 items each). */
const MAX_DETAILS = 50;

export interface ListState<T> {
  orgId: string;
  pageSize: number;
  /** The pages loaded so far, from the newest. */
  pages: T[][];
  /** The index of the page shown. */
  pageIndex: number;
  /** How many items there are (from the first page); null until known. */
  count: number | null;
  scrollY: number;
  /** When the pages shown were fetched, if the service worker answered them from its copy (offline); null when current. */
  offlineFetchedAt: number | null;
}

export class ContentStore<T, D> {
  #list: ListState<T> | null = null;
  readonly #details = new Map<string, D>();

  /** The kept list for `orgId` when the member comes back (`restore`), else a fresh one. */
  open(orgId: string, restore: boolean): ListState<T> {
    const kept = restore && this.#list?.orgId === orgId ? this.#list : null;
    if (kept) return kept;
    this.#details.clear();
    this.#list = { orgId, pageSize: DEFAULT_CONTENT_PAGE_SIZE, pages: [], pageIndex: 0, count: null, scrollY: 0, offlineFetchedAt: null };
    return this.#list;
  }

  save(state: ListState<T>): void {
    this.#list = state;
  }

  /** Where the list was scrolled to when the member opened a detail. */
  leaveForDetail(scrollY: number): void {
    if (this.#list) this.#list = { ...this.#list, scrollY };
  }

  detail(id: string): D | undefined {
    return this.#details.get(id);
  }

  keepDetail(id: string, detail: D): void {
    if (this.#details.size >= MAX_DETAILS) this.#details.delete(this.#details.keys().next().value!);
    this.#details.set(id, detail);
  }
}
