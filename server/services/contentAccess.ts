/**
 * Who may read the organisation's public content (§6, issue 14): a public organisation's
 * notifications and weather alerts are for anyone; a private organisation's only for its signed-in
 * members (403 `content.membersOnly`). An organisation that does not show them
 * (showNotificationsToMemberPortal, showWeather, showFAQs, showOverview) answers 404 `content.off`, as
 * if there were none.
 */
import type { Organization } from '../repositories/organizations.ts';
import type { OrgPageName } from '../repositories/publicContent.ts';
import { refuse, type Refusal } from './results.ts';

export type ContentKind = 'notifications' | 'weather' | OrgPageName;

const SHOWN: Record<ContentKind, (settings: Organization['settings']) => boolean> = {
  notifications: (settings) => settings.showNotificationsToMemberPortal,
  weather: (settings) => settings.showWeather,
  faq: (settings) => settings.showFAQs,
  overview: (settings) => settings.showOverview,
};

/**
 * Whether `contactId` (null: a visitor) may read the organisation's `kind`: null when they may, else
 * the refusal. FAQ and overview are the organisation's public face: anyone may read them.
 */
export function contentRefusal(org: Organization, kind: ContentKind, contactId: number | null): Refusal | null {
  if (!SHOWN[kind](org.settings)) return refuse(404, { responseCode: 404, errorCode: 'content.off' });
  if ((kind === 'notifications' || kind === 'weather') && !org.settings.isPublic && contactId === null) {
    return refuse(403, { responseCode: 403, errorCode: 'content.membersOnly' });
  }
  return null;
}

/** Whether answers about `kind` may be kept by shared caches (a CDN): only what a visitor may read anyway. */
export const isShareable = (org: Organization, kind: ContentKind) => org.settings.isPublic || kind === 'faq' || kind === 'overview';
