/** The organisation's events (`events`, `event_notifications`, `event_signups`; issue 14). */
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eventNotifications, events, eventSignups } from '../db/schema.ts';

export type EventRow = typeof events.$inferSelect;
export type EventNotificationRow = typeof eventNotifications.$inferSelect;

/** The organisation's events, newest first; private ones only when `withPrivate`. */
export async function listEvents(db: Db, orgId: string, withPrivate: boolean, limit: number): Promise<EventRow[]> {
  return db.select().from(events)
    .where(withPrivate ? eq(events.orgId, orgId) : and(eq(events.orgId, orgId), eq(events.isPrivate, false)))
    .orderBy(desc(sql`coalesce(${events.startDate}, ${events.createdAt})`), events.eventId).limit(limit);
}

export async function findEvent(db: Db, orgId: string, eventId: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(and(eq(events.orgId, orgId), eq(events.eventId, eventId)));
  return row ?? null;
}

export async function pageOfEventNotifications(db: Db, orgId: string, eventId: string, pageNo: number, pageSize: number) {
  const where = and(eq(eventNotifications.orgId, orgId), eq(eventNotifications.eventId, eventId));
  const [rows, [counted]] = await Promise.all([
    db.select().from(eventNotifications).where(where)
      .orderBy(desc(eventNotifications.sendDate), desc(eventNotifications.notificationId)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(eventNotifications).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findEventNotification(db: Db, orgId: string, notificationId: string): Promise<EventNotificationRow | null> {
  const [row] = await db.select().from(eventNotifications).where(and(eq(eventNotifications.orgId, orgId), eq(eventNotifications.notificationId, notificationId)));
  return row ?? null;
}

export type EventValues = Omit<EventRow, 'orgId' | 'eventId' | 'createdAt'>;

export async function upsertEvent(db: Db, orgId: string, eventId: string, values: EventValues): Promise<boolean> {
  const [row] = await db.insert(events).values({ orgId, eventId, ...values })
    .onConflictDoUpdate({ target: [events.orgId, events.eventId], set: values })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

export async function deleteEvent(db: Db, orgId: string, eventId: string): Promise<boolean> {
  const removed = await db.delete(events).where(and(eq(events.orgId, orgId), eq(events.eventId, eventId))).returning({ eventId: events.eventId });
  return removed.length === 1;
}

export type EventNotificationValues = Omit<EventNotificationRow, 'orgId' | 'eventId' | 'notificationId'>;

export async function upsertEventNotification(db: Db, orgId: string, eventId: string, notificationId: string, values: EventNotificationValues): Promise<boolean> {
  const [row] = await db.insert(eventNotifications).values({ orgId, eventId, notificationId, ...values })
    .onConflictDoUpdate({ target: [eventNotifications.orgId, eventNotifications.notificationId], set: { eventId, ...values } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

export async function deleteEventNotification(db: Db, orgId: string, eventId: string, notificationId: string): Promise<boolean> {
  const removed = await db.delete(eventNotifications)
    .where(and(eq(eventNotifications.orgId, orgId), eq(eventNotifications.eventId, eventId), eq(eventNotifications.notificationId, notificationId)))
    .returning({ id: eventNotifications.notificationId });
  return removed.length === 1;
}

/**
 * Adds a sign-up; a mobile number or e-mail address the event has already changes nothing (the first
 * sign-up stands: nobody gets an update twice). At most `limit` per event: false past it.
 */
export async function insertEventSignup(db: Db, orgId: string, eventId: string, person: { fullName: string; mobile: string; email: string }, limit: number): Promise<boolean> {
  const added = await db.execute(sql`
    insert into event_signups (org_id, event_id, full_name, mobile, email)
    select ${orgId}, ${eventId}, ${person.fullName}, ${person.mobile}, ${person.email}
    where (select count(*) from event_signups where org_id = ${orgId} and event_id = ${eventId}) < ${limit}
    on conflict do nothing
    returning signup_id`);
  if ((added as unknown as { rows: unknown[] }).rows.length === 1) return true;
  // Nothing added: already signed up (true), or the event is full (false).
  const [known] = await db.select({ id: eventSignups.signupId }).from(eventSignups).where(and(
    eq(eventSignups.orgId, orgId), eq(eventSignups.eventId, eventId),
    or(person.mobile ? eq(eventSignups.mobile, person.mobile) : sql`false`, person.email ? eq(eventSignups.email, person.email) : sql`false`),
  )).limit(1);
  return known !== undefined;
}

/** Whether a notification of an event shows the document: of a public event, or (`withPrivate`) of any. */
export async function isInEventNotification(db: Db, orgId: string, fileId: string, withPrivate: boolean): Promise<boolean> {
  const [row] = await db.select({ id: eventNotifications.notificationId }).from(eventNotifications)
    .innerJoin(events, and(eq(events.orgId, eventNotifications.orgId), eq(events.eventId, eventNotifications.eventId)))
    .where(and(
      eq(eventNotifications.orgId, orgId), sql`${eventNotifications.attachmentFileIds} @> ${JSON.stringify([fileId])}::jsonb`,
      ...(withPrivate ? [] : [eq(events.isPrivate, false)]),
    )).limit(1);
  return row !== undefined;
}

