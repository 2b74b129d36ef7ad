/**
 * A notice for the next page this browser tab shows (issue 11 "Outcomes are confirmed"): what just
 * happened, said after a full page load (logout, account deletion, sign-up all load a new page).
 * Kept in sessionStorage, read once (src/ui/FlashNotice.tsx), bounded to one notice of a few fields.
 */
const KEY = 'ssp.flash';

export type FlashNotice =
  | { kind: 'signedOut' }
  | { kind: 'accountDeleted' }
  /** What the new member gave, for the confirmation's summary. */
  | { kind: 'signedUp'; username: string; reach: string[] };

export function writeFlash(notice: FlashNotice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage off (a private window's quota): the page is shown without the notice.
  }
}

/** The notice left for the next page when it is one of `kinds`, once: it is gone after this read. */
export function takeFlash(kinds: readonly FlashNotice['kind'][]): FlashNotice | null {
  try {
    const text = sessionStorage.getItem(KEY);
    const notice = text ? (JSON.parse(text) as FlashNotice) : null;
    if (!notice || typeof notice !== 'object' || !kinds.includes(notice.kind)) return null;
    sessionStorage.removeItem(KEY);
    return notice;
  } catch {
    return null;
  }
}
