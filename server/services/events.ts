/**
 * Events (issue 14, §3 Event subscription and Event notification, schemas/api/events.ts): who sees
 * what, the rows as the calls answer them, sign-ups, and what the publishing API writes.
 *
 * - An organisation that shows no events (§2 showEvent) answers 404 `events.off` to visitors; a
 *   member's own flag may still show them (§2 "per-user flag for members"), so members are let through.
 * - A private event, its notifications and their files are for the organisation's signed-in
 *   members only; to anyone else it does not exist (404 `event.notFound`).
 * - A sign-up is checked by the event sign-up form's own rules (§5, the same builder as the page)
 *   with the event's requirements, needs a mobile number or an e-mail address to send to, is kept once
 *   per event and number or address, and at most MAX_SIGNUPS per event.
 */
import type {
  EventBody, EventNotification, EventNotificationBody, EventSignUpValues, EventSubscription,
} from '../../schemas/api/events.ts';
import { MAX_EVENTS } from '../../schemas/api/events.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { isTimeZone } from '../../schemas/timeZones.ts';
import type { Db } from '../db/client.ts';
import {
  deleteEvent, deleteEventNotification, findEvent, findEventNotification, insertEventSignup, listEvents, pageOfEventNotifications,
  upsertEvent, upsertEventNotification, type EventNotificationRow, type EventRow,
} from '../repositories/events.ts';
import type { Organization } from '../repositories/organizations.ts';
import { attachmentFilesOf, unknownFiles } from './documents.ts';
import { checkSubmission } from './formSubmissions.ts';
import { sanitizeAdminHtml } from './pageContent.ts';
import { refuse, type Refusal } from './results.ts';

/** The most sign-ups one event keeps. */
export const MAX_SIGNUPS = 10_000;

const NOT_FOUND = { success: false, message: 'event.notFound', result: null };

/** Refused when the organisation shows no events and the caller is no member. */
function eventsRefusal(org: Organization, contactId: number | null): Refusal | null {
  return org.settings.showEvent || contactId !== null ? null : refuse(404, { errorCode: 'events.off' });
}

const mayRead = (event: EventRow | null, contactId: number | null): event is EventRow => event !== null && (!event.isPrivate || contactId !== null);

function subscriptionOf(row: EventRow): EventSubscription {
  return {
    id: row.eventId,
    groupName: row.groupName,
    isPrivate: row.isPrivate,
    keyword: { keyword: row.keyword },
    nixleAgency: { shortCode: row.shortCode },
    widgets: [],
    eventSubscriptionWebPage: {
      requireName: row.requireName, requireMobile: row.requireMobile, requireEmail: row.requireEmail,
      eventStartDate: row.startDate?.getTime() ?? null, eventEndDate: row.endDate?.getTime() ?? null,
      timeZone: row.timeZone, eventAddress: row.address, socialSharing: row.socialSharing,
    },
  };
}

async function notificationOf(db: Db, row: EventNotificationRow, timeZone: string): Promise<EventNotification> {
  return {
    notificationId: row.notificationId, eventId: row.eventId, title: row.title, type: row.type, textMessage: row.textMessage, rtfContent: row.rtfContent,
    notificationSendDate: row.sendDate.getTime(), timeZone, expire: row.expireHours,
    attachmentFiles: await attachmentFilesOf(db, row.orgId, row.attachmentFileIds as string[]),
    category: row.category, event: row.capEvent, urgency: row.urgency, severity: row.severity, certainty: row.certainty, instructions: row.instructions,
    eventWebPageStatus: row.webPageStatus === 'Deactive' ? 'Deactive' : 'Active',
  };
}

export async function eventList(db: Db, org: Organization, contactId: number | null) {
  const refusal = eventsRefusal(org, contactId);
  if (refusal) return refusal;
  return { ok: true as const, events: (await listEvents(db, org.orgId, contactId !== null, MAX_EVENTS)).map(subscriptionOf) };
}

export async function eventOf(db: Db, org: Organization, eventId: string, contactId: number | null) {
  const refusal = eventsRefusal(org, contactId);
  if (refusal) return refusal;
  const row = await findEvent(db, org.orgId, eventId);
  if (!mayRead(row, contactId)) return refuse(404, NOT_FOUND);
  return { ok: true as const, success: true, message: '', result: subscriptionOf(row) };
}

export async function eventNotificationPage(db: Db, org: Organization, eventId: string, contactId: number | null, page: { pageNo: number; pageSize: number }) {
  const refusal = eventsRefusal(org, contactId);
  if (refusal) return refusal;
  const event = await findEvent(db, org.orgId, eventId);
  if (!mayRead(event, contactId)) return refuse(404, { errorCode: 'event.notFound' });
  const { rows, total } = await pageOfEventNotifications(db, org.orgId, eventId, page.pageNo, page.pageSize);
  return { ok: true as const, data: await Promise.all(rows.map((row) => notificationOf(db, row, event.timeZone))), count: total };
}

/** §7 getNotificationDetail: `eventId` (event_id), when given, must be the notification's event. */
export async function eventNotificationDetail(db: Db, org: Organization, notificationId: string, eventId: string | undefined, contactId: number | null) {
  const refusal = eventsRefusal(org, contactId);
  if (refusal) return refusal;
  const row = await findEventNotification(db, org.orgId, notificationId);
  const event = row && (eventId === undefined || eventId === row.eventId) ? await findEvent(db, org.orgId, row.eventId) : null;
  if (!row || !mayRead(event, contactId)) return refuse(404, { success: false, message: 'notification.notFound', result: null });
  return { ok: true as const, success: true, message: '', result: await notificationOf(db, row, event.timeZone) };
}

/**
 * §7 `…/signUp`: `{ statusCode: 200, result: 'OK' }`, or 400 with the §5 key of the first refused
 * field and every field's error (nothing stored); 404 for an event the caller may not see.
 */
export async function signUpForEvent(
  db: Db, org: Organization, featureFlags: FeatureFlags, values: EventSignUpValues, contactId: number | null,
): Promise<{ ok: true; statusCode: 200; result: 'OK' } | Refusal> {
  const event = await findEvent(db, org.orgId, values.eventId);
  if (eventsRefusal(org, contactId) || !mayRead(event, contactId)) return refuse(404, { statusCode: 404, result: 'event.notFound' });
  const person = { fullName: values.fullName?.trim() ?? '', mobile: values.mobile?.trim() ?? '', email: values.email?.trim() ?? '' };
  const flags = { featureFlags, eventSignUp: { requireName: event.requireName, requireMobile: event.requireMobile, requireEmail: event.requireEmail } };
  const checked = checkSubmission(org, 'eventSignUp', 'signup', flags, person);
  if (!checked.ok) return refuse(400, { statusCode: 400, result: checked.errors[0]!.key, errors: checked.errors });
  if (!person.mobile && !person.email) {
    return refuse(400, { statusCode: 400, result: 'eventSubscription.validation.mobileOrEmail', errors: [{ pointer: '/mobile', key: 'eventSubscription.validation.mobileOrEmail', params: {} }] });
  }
  // Kept as one number and one address however they were typed: "(217) 555-0142" is 2175550142.
  const kept = { fullName: person.fullName, mobile: person.mobile.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''), email: person.email.toLowerCase() };
  if (!(await insertEventSignup(db, org.orgId, event.eventId, kept, MAX_SIGNUPS))) return refuse(409, { statusCode: 409, result: 'eventSubscription.full' });
  return { ok: true, statusCode: 200, result: 'OK' };
}

// Publishing.

/** The addresses of §7 that an event's id would hide (`…/{orgId}/list`, `…/{orgId}/signUp`). */
const RESERVED_EVENT_IDS = new Set(['list', 'signUp']);

export async function publishEvent(db: Db, orgId: string, eventId: string, body: EventBody): Promise<{ ok: true; created: boolean } | Refusal> {
  if (RESERVED_EVENT_IDS.has(eventId)) return refuse(400, { errorCode: 'event.reservedId' });
  const start = body.eventStartDate ? new Date(body.eventStartDate) : null;
  const end = body.eventEndDate ? new Date(body.eventEndDate) : null;
  if (start && end && end < start) return refuse(400, { errorCode: 'event.endBeforeStart' });
  if (body.timeZone && !isTimeZone(body.timeZone)) return refuse(400, { errorCode: 'event.timeZone' });
  const created = await upsertEvent(db, orgId, eventId, {
    groupName: body.groupName.trim(), isPrivate: body.isPrivate ?? false, keyword: body.keyword ?? '', shortCode: body.shortCode ?? '',
    requireName: body.requireName ?? false, requireMobile: body.requireMobile ?? false, requireEmail: body.requireEmail ?? false,
    startDate: start, endDate: end, timeZone: body.timeZone ?? 'UTC', address: body.eventAddress ?? '', socialSharing: body.socialSharing ?? false,
  });
  return { ok: true, created };
}

export async function withdrawEvent(db: Db, orgId: string, eventId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteEvent(db, orgId, eventId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'event.notFound' });
}

export async function publishEventNotification(
  db: Db, orgId: string, eventId: string, notificationId: string, body: EventNotificationBody,
): Promise<{ ok: true; created: boolean } | Refusal> {
  if (!(await findEvent(db, orgId, eventId))) return refuse(404, { errorCode: 'event.notFound' });
  const attachmentFileIds = body.attachmentFileIds ?? [];
  const unknown = await unknownFiles(db, orgId, attachmentFileIds);
  if (unknown.length) return refuse(400, { errorCode: 'notification.attachmentUnknown', message: `unknown files: ${unknown.join(', ')}` });
  const created = await upsertEventNotification(db, orgId, eventId, notificationId, {
    title: body.title.trim(), type: body.type ?? 1, textMessage: body.textMessage, rtfContent: body.rtfContent ? sanitizeAdminHtml(body.rtfContent) : '',
    sendDate: body.sendDate ? new Date(body.sendDate) : new Date(), expireHours: body.expire ?? null, attachmentFileIds,
    category: body.category ?? '', capEvent: body.event ?? '', urgency: body.urgency ?? '', severity: body.severity ?? '', certainty: body.certainty ?? '',
    instructions: body.instructions ?? '', webPageStatus: body.eventWebPageStatus ?? 'Active',
  });
  return { ok: true, created };
}

export async function withdrawEventNotification(db: Db, orgId: string, eventId: string, notificationId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteEventNotification(db, orgId, eventId, notificationId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'notification.notFound' });
}
