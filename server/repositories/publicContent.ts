/**
 * The organisation's public content (issue 14): `notifications`, `weather_alerts` and `org_pages`.
 * Lists are newest first and paged two ways (§7): after a base time (the last item of the page
 * before: its time and id, so that items sent in the same millisecond are neither lost nor repeated),
 * or by page number with the count.
 */
import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications, orgPages, weatherAlerts } from '../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type WeatherAlertRow = typeof weatherAlerts.$inferSelect;
export type OrgPageName = 'faq' | 'overview';

/** Where a list continues: before this time, and at that very time before this id. */
export interface ListCursor {
  baseTime?: number;
  baseId?: string;
}

const notificationsBefore = (orgId: string, { baseTime, baseId }: ListCursor) => {
  const ofOrg = eq(notifications.orgId, orgId);
  if (baseTime === undefined) return ofOrg;
  const base = new Date(baseTime);
  return and(ofOrg, baseId === undefined
    ? lt(notifications.sendDate, base)
    : or(lt(notifications.sendDate, base), and(eq(notifications.sendDate, base), lt(notifications.notificationId, baseId))));
};

export async function listNotifications(db: Db, orgId: string, cursor: ListCursor, pageSize: number): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(notificationsBefore(orgId, cursor))
    .orderBy(desc(notifications.sendDate), desc(notifications.notificationId)).limit(pageSize);
}

export async function pageOfNotifications(db: Db, orgId: string, pageNo: number, pageSize: number): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.orgId, orgId))
      .orderBy(desc(notifications.sendDate), desc(notifications.notificationId)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(notifications).where(eq(notifications.orgId, orgId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findNotification(db: Db, orgId: string, notificationId: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.notificationId, notificationId)));
  return row ?? null;
}

export type NotificationValues = Omit<NotificationRow, 'orgId' | 'notificationId' | 'updatedAt'>;

/** Writes notification `notificationId`, new or replacing the one of that id: whether it was new. */
export async function upsertNotification(db: Db, orgId: string, notificationId: string, values: NotificationValues): Promise<boolean> {
  const [row] = await db.insert(notifications).values({ orgId, notificationId, ...values })
    .onConflictDoUpdate({ target: [notifications.orgId, notifications.notificationId], set: { ...values, updatedAt: sql`now()` } })
    // xmax is 0 for a row this statement inserted (PostgreSQL's own way to tell an insert from an update).
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

export async function deleteNotification(db: Db, orgId: string, notificationId: string): Promise<boolean> {
  const removed = await db.delete(notifications)
    .where(and(eq(notifications.orgId, orgId), eq(notifications.notificationId, notificationId))).returning({ id: notifications.notificationId });
  return removed.length === 1;
}

const weatherBefore = (orgId: string, { baseTime, baseId }: ListCursor) => {
  const ofOrg = eq(weatherAlerts.orgId, orgId);
  if (baseTime === undefined) return ofOrg;
  const base = new Date(baseTime);
  return and(ofOrg, baseId === undefined
    ? lt(weatherAlerts.issuanceTime, base)
    : or(lt(weatherAlerts.issuanceTime, base), and(eq(weatherAlerts.issuanceTime, base), lt(weatherAlerts.weatherAlertId, baseId))));
};

export async function listWeatherAlerts(db: Db, orgId: string, cursor: ListCursor, pageSize: number): Promise<WeatherAlertRow[]> {
  return db.select().from(weatherAlerts).where(weatherBefore(orgId, cursor))
    .orderBy(desc(weatherAlerts.issuanceTime), desc(weatherAlerts.weatherAlertId)).limit(pageSize);
}

export async function pageOfWeatherAlerts(db: Db, orgId: string, pageNo: number, pageSize: number): Promise<{ rows: WeatherAlertRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(weatherAlerts).where(eq(weatherAlerts.orgId, orgId))
      .orderBy(desc(weatherAlerts.issuanceTime), desc(weatherAlerts.weatherAlertId)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ total: count() }).from(weatherAlerts).where(eq(weatherAlerts.orgId, orgId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findWeatherAlert(db: Db, orgId: string, weatherAlertId: string): Promise<WeatherAlertRow | null> {
  const [row] = await db.select().from(weatherAlerts)
    .where(and(eq(weatherAlerts.orgId, orgId), eq(weatherAlerts.weatherAlertId, weatherAlertId)));
  return row ?? null;
}

export type WeatherAlertValues = Omit<WeatherAlertRow, 'orgId' | 'weatherAlertId' | 'updatedAt'>;

/**
 * Writes weather alert `weatherAlertId`: 'created', 'updated', or 'unchanged' when the same alert
 * was there already (an import run again changes nothing).
 */
export async function upsertWeatherAlert(db: Db, orgId: string, weatherAlertId: string, values: WeatherAlertValues): Promise<'created' | 'updated' | 'unchanged'> {
  const [row] = await db.insert(weatherAlerts).values({ orgId, weatherAlertId, ...values })
    .onConflictDoUpdate({
      target: [weatherAlerts.orgId, weatherAlerts.weatherAlertId],
      set: { ...values, updatedAt: sql`now()` },
      // Only a different alert is written again.
      setWhere: sql`(${weatherAlerts.title}, ${weatherAlerts.issuanceTime}, ${weatherAlerts.endTime}, ${weatherAlerts.originalFeed})
        is distinct from (excluded.title, excluded.issuance_time, excluded.end_time, excluded.original_feed)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row) return 'unchanged';
  return row.inserted ? 'created' : 'updated';
}

export async function deleteWeatherAlert(db: Db, orgId: string, weatherAlertId: string): Promise<boolean> {
  const removed = await db.delete(weatherAlerts)
    .where(and(eq(weatherAlerts.orgId, orgId), eq(weatherAlerts.weatherAlertId, weatherAlertId))).returning({ id: weatherAlerts.weatherAlertId });
  return removed.length === 1;
}

export async function findOrgPage(db: Db, orgId: string, page: OrgPageName): Promise<{ pageContent: string; updatedAt: Date } | null> {
  const [row] = await db.select({ pageContent: orgPages.pageContent, updatedAt: orgPages.updatedAt }).from(orgPages)
    .where(and(eq(orgPages.orgId, orgId), eq(orgPages.page, page)));
  return row ?? null;
}

export async function upsertOrgPage(db: Db, orgId: string, page: OrgPageName, pageContent: string): Promise<void> {
  await db.insert(orgPages).values({ orgId, page, pageContent })
    .onConflictDoUpdate({ target: [orgPages.orgId, orgPages.page], set: { pageContent, updatedAt: sql`now()` } });
}

export async function deleteOrgPage(db: Db, orgId: string, page: OrgPageName): Promise<boolean> {
  const removed = await db.delete(orgPages).where(and(eq(orgPages.orgId, orgId), eq(orgPages.page, page))).returning({ page: orgPages.page });
  return removed.length === 1;
}
