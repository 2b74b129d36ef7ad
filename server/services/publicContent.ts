/**
 * The public content of §7 as visitors and members read it (issue 14): who may read what (§6), and
 * the rows as the calls answer them (schemas/api/publicContent.ts).
 *
 * Who may read them: contentAccess.ts.
 */
import {
  LIST_MESSAGE_LENGTH, type AttachmentFile, type Notification, type NotificationSummary, type SearchShape, type WeatherAlert, type WeatherAlertSummary,
} from '../../schemas/api/publicContent.ts';
import { utcWithoutZ } from '../../schemas/rules/nwsAlerts.ts';
import type { Db } from '../db/client.ts';
import {
  findNotification, findOrgPage, findWeatherAlert, listNotifications, listWeatherAlerts, pageOfNotifications, pageOfWeatherAlerts,
  type ListCursor, type NotificationRow, type OrgPageName, type WeatherAlertRow,
} from '../repositories/publicContent.ts';
import { attachmentFilesOf } from './documents.ts';
import { refuse } from './results.ts';

const shorten = (text: string) => (text.length > LIST_MESSAGE_LENGTH ? `${text.slice(0, LIST_MESSAGE_LENGTH - 1).trimEnd()}…` : text);

function summaryOfNotification(row: NotificationRow): NotificationSummary {
  return {
    notificationId: row.notificationId,
    title: row.title,
    sendDate: row.sendDate.getTime(),
    priority: row.priority as NotificationSummary['priority'],
    textMessage: shorten(row.textMessage),
    hasAttachments: (row.attachmentFileIds as string[]).length > 0,
    hasAreas: (row.searchShapes as SearchShape[]).length > 0,
  };
}

function notificationOf(row: NotificationRow, attachmentFiles: AttachmentFile[]): Notification {
  return {
    notificationId: row.notificationId,
    title: row.title,
    sendDate: row.sendDate.getTime(),
    priority: row.priority as Notification['priority'],
    textMessage: row.textMessage,
    rtfContent: row.rtfContent,
    attachmentFiles,
    drawPolygonSetting: { searchShapes: row.searchShapes as SearchShape[] },
  };
}

function summaryOfWeatherAlert(row: WeatherAlertRow): WeatherAlertSummary {
  const { properties } = (row.originalFeed as WeatherAlert['originalFeed']).feature;
  const { issuanceTime: _issuance, endTime: _end, textBody: _text, ...facts } = properties;
  return {
    weatherAlertId: row.weatherAlertId,
    title: row.title,
    issuanceTime: utcWithoutZ(row.issuanceTime),
    endTime: row.endTime ? utcWithoutZ(row.endTime) : null,
    facts,
  };
}

function weatherAlertOfRow(row: WeatherAlertRow): WeatherAlert {
  return {
    weatherAlertId: row.weatherAlertId,
    title: row.title,
    issuanceTime: utcWithoutZ(row.issuanceTime),
    endTime: row.endTime ? utcWithoutZ(row.endTime) : null,
    originalFeed: row.originalFeed as WeatherAlert['originalFeed'],
  };
}

export async function notificationList(db: Db, orgId: string, cursor: ListCursor, pageSize: number) {
  return { ok: true as const, pageSize, notificationList: (await listNotifications(db, orgId, cursor, pageSize)).map(summaryOfNotification) };
}

export async function notificationPage(db: Db, orgId: string, pageNo: number, pageSize: number) {
  const { rows, total } = await pageOfNotifications(db, orgId, pageNo, pageSize);
  return { ok: true as const, pageNo, pageSize, data: rows.map(summaryOfNotification), count: total, message: '' };
}

export async function notificationDetail(db: Db, orgId: string, notificationId: string) {
  const row = await findNotification(db, orgId, notificationId);
  if (!row) return refuse(404, { responseCode: 404, errorCode: 'notification.notFound' });
  const attachments = await attachmentFilesOf(db, orgId, row.attachmentFileIds as string[]);
  return { ok: true as const, responseCode: 200 as const, result: notificationOf(row, attachments) };
}

export async function weatherList(db: Db, orgId: string, cursor: ListCursor, pageSize: number) {
  return { ok: true as const, pageSize, weatherList: (await listWeatherAlerts(db, orgId, cursor, pageSize)).map(summaryOfWeatherAlert) };
}

export async function weatherPage(db: Db, orgId: string, pageNo: number, pageSize: number) {
  const { rows, total } = await pageOfWeatherAlerts(db, orgId, pageNo, pageSize);
  return { ok: true as const, pageNo, pageSize, data: rows.map(summaryOfWeatherAlert), count: total, message: '' };
}

export async function weatherDetail(db: Db, orgId: string, weatherAlertId: string) {
  const row = await findWeatherAlert(db, orgId, weatherAlertId);
  if (!row) return refuse(404, { responseCode: 404, errorCode: 'weather.notFound' });
  return { ok: true as const, responseCode: 200 as const, result: weatherAlertOfRow(row) };
}

/** §3 FAQ / §7 overview: the page's sanitised HTML, or null when the organisation wrote none. */
export async function orgPageContent(db: Db, orgId: string, page: OrgPageName): Promise<{ pageContent: string } | null> {
  const row = await findOrgPage(db, orgId, page);
  return row ? { pageContent: row.pageContent } : null;
}
