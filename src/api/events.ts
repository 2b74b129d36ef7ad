/** Events (issue 14, §7, schemas/api/events.ts), typed. */
import type {
  EventList, EventNotificationAnswer, EventPage, EventSignUpAnswer, EventSignUpValues,
} from '../../schemas/api/events.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { EventNotification, EventSubscription } from '../../schemas/api/events.ts';

export function listEvents(orgId: string, isLogin: boolean, signal?: AbortSignal) {
  return api.post<EventList>(paths.eventList(orgId), { form: { isLogin: String(isLogin) }, signal });
}

export function eventNotificationPage(orgId: string, eventId: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  return api.get<EventPage>(paths.eventPage(orgId, eventId), { query: { pageNo, pageSize }, signal });
}

export function getEventNotification(orgId: string, notificationId: string, eventId: string | null, signal?: AbortSignal) {
  return api.get<EventNotificationAnswer>(paths.eventNotification(orgId, notificationId), { query: eventId ? { event_id: eventId } : {}, signal });
}

/** §7 `…/signUp`: the values as JSON in `eventSubscriptionSignUpStr`. */
export function signUpForEvent(orgId: string, values: EventSignUpValues) {
  return api.post<EventSignUpAnswer>(paths.eventSignUp(orgId), { form: { eventSubscriptionSignUpStr: JSON.stringify(values) } });
}
