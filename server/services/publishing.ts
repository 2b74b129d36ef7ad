/**
 * The publishing API's use cases (issue 14, routes/publishing): its keys, and the content it writes.
 *
 * A key is `mpk_{keyId}_{secret}`: the keyId finds the row, the SHA-256 of the 32-byte random secret
 * is compared in constant time (services/tokens.ts). The key is shown once, when it is made; a key
 * opens its own organisation only. HTML (a notification's rtfContent, FAQ, overview) is sanitised on
 * the way in (services/pageContent.ts sanitizeAdminHtml), so what is stored is what may be shown.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_PUBLISHING_KEYS, type NotificationBody, type PublishingKeyInfo, type PublishingKeyMade, type WeatherAlertsBody, type WeatherAlertsImported,
} from '../../schemas/api/publishing.ts';
import type { Position } from '../../schemas/api/publicContent.ts';
import { openRings } from '../../schemas/rules/geoFence.ts';
import { weatherAlertOf, type NwsAlertFeature } from '../../schemas/rules/nwsAlerts.ts';
import type { Db } from '../db/client.ts';
import { writeHelpTip } from '../repositories/pageContent.ts';
import { deletePublishingKey, findPublishingKeyHash, insertPublishingKey, selectPublishingKeys, touchPublishingKey } from '../repositories/publishingKeys.ts';
import {
  deleteNotification, deleteOrgPage, deleteWeatherAlert, upsertNotification, upsertOrgPage, upsertWeatherAlert, type OrgPageName,
} from '../repositories/publicContent.ts';
import { unknownFiles } from './documents.ts';
import type { OrgCache } from './orgCache.ts';
import { sanitizeAdminHtml } from './pageContent.ts';
import { refuse, type Refusal } from './results.ts';
import { hashToken, newToken, sameToken } from './tokens.ts';

const KEY_PATTERN = /^mpk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** A key id: 12 characters of a-z0-9. */
function newKeyId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function makePublishingKey(db: Db, orgId: string, name: string): Promise<({ ok: true } & PublishingKeyMade) | Refusal> {
  const keyId = newKeyId();
  const secret = newToken();
  const createdAt = await insertPublishingKey(db, orgId, { keyId, name: name.trim(), secretHash: hashToken(secret) }, MAX_PUBLISHING_KEYS);
  if (!createdAt) return refuse(409, { errorCode: 'publishingKey.tooMany' });
  return { ok: true, keyId, name: name.trim(), createdAt: createdAt.toISOString(), key: `mpk_${keyId}_${secret}` };
}

export async function listPublishingKeys(db: Db, orgId: string): Promise<{ ok: true; data: PublishingKeyInfo[] }> {
  const rows = await selectPublishingKeys(db, orgId, MAX_PUBLISHING_KEYS);
  return {
    ok: true,
    data: rows.map((row) => ({ keyId: row.keyId, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null })),
  };
}

export async function revokePublishingKey(db: Db, orgId: string, keyId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deletePublishingKey(db, orgId, keyId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'publishingKey.notFound' });
}

/**
 * Whether `authorization` (the request's header) is `Bearer {key}` with a live key of `orgId`: null
 * when it is, else the refusal (401 `publishing.unauthorized`, the same for a missing, malformed,
 * unknown or other organisation's key, so that an answer tells nothing about which keys exist).
 */
export async function publisherRefusal(db: Db, orgId: string, authorization: string | undefined): Promise<Refusal | null> {
  const refused = refuse(401, { errorCode: 'publishing.unauthorized' });
  const match = KEY_PATTERN.exec(/^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '');
  if (!match) return refused;
  const [, keyId, secret] = match as unknown as [string, string, string];
  const stored = await findPublishingKeyHash(db, orgId, keyId);
  if (stored === null || !sameToken(hashToken(secret), stored)) return refused;
  await touchPublishingKey(db, orgId, keyId);
  return null;
}

/**
 * Writes a notification under `notificationId` (a new random one when not given): its id and whether
 * it is new; 400 `notification.attachmentUnknown` (nothing written) for a file the organisation has not.
 */
export async function publishNotification(
  db: Db, orgId: string, body: NotificationBody, notificationId: string = newKeyId(),
): Promise<{ ok: true; notificationId: string; created: boolean } | Refusal> {
  const attachmentFileIds = body.attachmentFileIds ?? [];
  // A polygon is a closed ring (GeoJSON): an open one is a mistake of the sender's, and the map would close it somewhere else.
  const polygons = (body.searchShapes ?? []).flatMap((shape) => (shape.type === 'Polygon' ? [{ geometry: shape }] : []));
  const open = openRings(polygons);
  if (open.length) return refuse(400, { errorCode: 'notification.ringOpen', message: 'a polygon\'s ring must end at its first position' });
  const unknown = await unknownFiles(db, orgId, attachmentFileIds);
  if (unknown.length) return refuse(400, { errorCode: 'notification.attachmentUnknown', message: `unknown files: ${unknown.join(', ')}` });
  const created = await upsertNotification(db, orgId, notificationId, {
    title: body.title.trim(),
    textMessage: body.textMessage,
    rtfContent: body.rtfContent ? sanitizeAdminHtml(body.rtfContent) : '',
    priority: body.priority ?? 'NonPriority',
    sendDate: body.sendDate ? new Date(body.sendDate) : new Date(),
    searchShapes: body.searchShapes ?? [],
    attachmentFileIds,
  });
  return { ok: true, notificationId, created };
}

export async function withdrawNotification(db: Db, orgId: string, notificationId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteNotification(db, orgId, notificationId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'notification.notFound' });
}

/** Imports api.weather.gov alerts, each by its id: how many were new, changed, or already there as they are. */
export async function importWeatherAlerts(
  db: Db, orgId: string, body: WeatherAlertsBody, zonePoint: (ugc: string) => Position | null = () => null,
): Promise<{ ok: true } & WeatherAlertsImported> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const feature of body.features) {
    const { weatherAlertId, ...values } = weatherAlertOf(feature as NwsAlertFeature, zonePoint);
    counts[await upsertWeatherAlert(db, orgId, weatherAlertId, values)] += 1;
  }
  return { ok: true, ...counts };
}

export async function withdrawWeatherAlert(db: Db, orgId: string, weatherAlertId: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteWeatherAlert(db, orgId, weatherAlertId)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'weather.notFound' });
}

export async function publishOrgPage(db: Db, orgId: string, page: OrgPageName, pageContent: string): Promise<{ ok: true; status: 'ok' }> {
  await upsertOrgPage(db, orgId, page, sanitizeAdminHtml(pageContent));
  return { ok: true, status: 'ok' };
}

/** A help tip (§2 help-and-answer) in the organisation's own language, sanitised; the cache is told at once. */
export async function publishHelpTip(db: Db, cache: OrgCache, orgId: string, type: string, content: string): Promise<{ ok: true; status: 'ok' }> {
  await writeHelpTip(db, orgId, type, sanitizeAdminHtml(content));
  cache.invalidate(orgId);
  return { ok: true, status: 'ok' };
}

export async function withdrawHelpTip(db: Db, cache: OrgCache, orgId: string, type: string): Promise<{ ok: true; status: 'ok' } | Refusal> {
  const removed = await writeHelpTip(db, orgId, type, null);
  cache.invalidate(orgId);
  return removed ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'helpTip.notFound' });
}

export async function withdrawOrgPage(db: Db, orgId: string, page: OrgPageName): Promise<{ ok: true; status: 'ok' } | Refusal> {
  return (await deleteOrgPage(db, orgId, page)) ? { ok: true, status: 'ok' } : refuse(404, { errorCode: 'page.notFound' });
}
