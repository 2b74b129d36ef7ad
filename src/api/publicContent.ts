/**
 * The public content of §7, typed (schemas/api/publicContent.ts): notifications and weather alerts
 * (a first page with its count, the pages after it by base time, a detail), FAQ and overview.
 */
import type {
  ContentRefusal, FaqsAnswer, NotificationAnswer, NotificationList, NotificationPage, NotificationSummary, OverviewAnswer, WeatherAlertSummary,
  WeatherAnswer, WeatherList, WeatherPage,
} from '../../schemas/api/publicContent.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { NotificationSummary, WeatherAlertSummary };

/** Added by the service worker (public/sw.js) to an answer it gives from its copy: when that was fetched. */
type Offline = { offlineFetchedAt?: number | null };
export type ContentKind = 'notifications' | 'weather';

/** The first page, with how many there are (`…/page?pageNo=1`). */
export async function firstPage(kind: ContentKind, orgId: string, pageSize: number, signal?: AbortSignal) {
  const result = kind === 'notifications'
    ? await api.get<NotificationPage & Offline>(paths.notificationPage, { query: { orgId, pageNo: 1, pageSize }, signal })
    : await api.get<WeatherPage & Offline>(paths.weatherPage, { query: { orgId, pageNo: 1, pageSize }, signal });
  return result;
}

/** The page after the item `base` (§4 "paged by base time": its time and id). */
export async function pageAfter(kind: ContentKind, orgId: string, pageSize: number, base: { time: number; id: string }, signal?: AbortSignal) {
  const query = { orgId, pageSize, baseTime: base.time, baseId: base.id };
  if (kind === 'notifications') {
    const result = await api.get<NotificationList>(paths.notifications, { query, signal });
    return { ...result, items: result.data?.notificationList ?? null };
  }
  const result = await api.get<WeatherList>(paths.weather, { query, signal });
  return { ...result, items: result.data?.weatherList ?? null };
}

export function getNotification(orgId: string, notificationId: string, signal?: AbortSignal) {
  return api.get<NotificationAnswer & Partial<ContentRefusal> & Offline>(paths.notification(notificationId), { query: { orgId }, signal });
}

export function getWeatherAlert(orgId: string, weatherAlertId: string, signal?: AbortSignal) {
  return api.get<WeatherAnswer & Partial<ContentRefusal> & Offline>(paths.weatherAlert(weatherAlertId), { query: { orgId }, signal });
}

export function getFaqs(orgId: string, signal?: AbortSignal) {
  return api.get<FaqsAnswer>(paths.faqs(orgId), { signal });
}

export function getOverview(orgId: string, signal?: AbortSignal) {
  return api.get<OverviewAnswer>(paths.overview(orgId), { signal });
}
