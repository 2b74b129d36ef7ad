/**
 * `/{orgId}/feeds/alerts.atom` (issue 14 "beyond the spec"): the organisation's notifications and
 * weather alerts as an Atom 1.0 feed whose entries carry their CAP 1.2 facts (the `cap:` elements of
 * OASIS CAP 1.2, as the National Weather Service's and other public alerting feeds do), so that a feed
 * reader, a newsroom or an aggregator can follow them without an account. Written with xmlbuilder2
 * (every text escaped by the library), newest first, at most FEED_ENTRIES entries.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { SearchShape, WeatherAlert } from '../../schemas/api/publicContent.ts';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { listNotifications, listWeatherAlerts, type NotificationRow, type WeatherAlertRow } from '../repositories/publicContent.ts';

export const FEED_ENTRIES = 50;
const ATOM = 'http://www.w3.org/2005/Atom';
const CAP = 'urn:oasis:names:tc:emergency:cap:1.2';

interface Entry {
  id: string;
  title: string;
  updated: Date;
  published: Date;
  link: string;
  summary: string;
  cap: {
    identifier: string;
    sent: Date;
    event: string;
    urgency: string;
    severity: string;
    certainty: string;
    effective: Date;
    expires: Date | null;
    areaDesc: string;
    polygons: string[];
    circles: string[];
  };
}

/** CAP 1.2 §3.3.2: "lat,lon" pairs, space-separated, the ring closed. */
const capPolygon = (ring: readonly (readonly [number, number])[]) => ring.map(([lon, lat]) => `${lat},${lon}`).join(' ');

function entryOfNotification(row: NotificationRow, base: string, orgId: string): Entry {
  const shapes = row.searchShapes as SearchShape[];
  return {
    id: `${base}/${orgId}/notif/${encodeURIComponent(row.notificationId)}`,
    title: row.title,
    updated: row.updatedAt,
    published: row.sendDate,
    link: `${base}/${encodeURIComponent(orgId)}/notif/${encodeURIComponent(row.notificationId)}`,
    summary: row.textMessage,
    cap: {
      identifier: row.notificationId,
      sent: row.sendDate,
      event: row.title,
      // The organisation's notifications say how urgent they are only as Priority or not.
      urgency: row.priority === 'Priority' ? 'Immediate' : 'Unknown',
      severity: 'Unknown',
      certainty: 'Unknown',
      effective: row.sendDate,
      expires: null,
      areaDesc: '',
      polygons: shapes.filter((shape) => shape.type === 'Polygon').map((shape) => capPolygon(shape.coordinates[0]!)),
      // CAP 1.2 §3.3.3: "lat,lon radius" with the radius in kilometres.
      circles: shapes.flatMap((shape) => (shape.type === 'Circle' ? [`${shape.center[1]},${shape.center[0]} ${shape.radius / 1000}`] : [])),
    },
  };
}

function entryOfWeatherAlert(row: WeatherAlertRow, base: string, orgId: string): Entry {
  const feed = row.originalFeed as WeatherAlert['originalFeed'];
  const { properties } = feed.feature;
  return {
    id: row.weatherAlertId.startsWith('urn:') ? row.weatherAlertId : `${base}/${orgId}/weather/${encodeURIComponent(row.weatherAlertId)}`,
    title: row.title,
    updated: row.updatedAt,
    published: row.issuanceTime,
    link: `${base}/${encodeURIComponent(orgId)}/weather/${encodeURIComponent(row.weatherAlertId)}`,
    summary: properties.textBody,
    cap: {
      identifier: row.weatherAlertId,
      sent: row.issuanceTime,
      event: properties.event ?? row.title,
      urgency: properties.urgency ?? 'Unknown',
      severity: properties.severity ?? 'Unknown',
      certainty: properties.certainty ?? 'Unknown',
      effective: row.issuanceTime,
      expires: row.endTime,
      areaDesc: properties.areaDesc ?? '',
      polygons: feed.polygons.map(capPolygon),
      circles: feed.points.map(([lon, lat]) => `${lat},${lon} 5`),
    },
  };
}

/** CAP's dateTime: "2026-11-28T13:05:00-00:00" (§3.3.2: no Z, an explicit offset). */
const capTime = (date: Date) => `${date.toISOString().slice(0, 19)}-00:00`;

function addEntry(feed: XMLBuilder, entry: Entry, sender: string): void {
  const element = feed.ele(ATOM, 'entry');
  element.ele(ATOM, 'id').txt(entry.id);
  element.ele(ATOM, 'title').txt(entry.title);
  element.ele(ATOM, 'updated').txt(entry.updated.toISOString());
  element.ele(ATOM, 'published').txt(entry.published.toISOString());
  element.ele(ATOM, 'link').att('rel', 'alternate').att('type', 'text/html').att('href', entry.link);
  element.ele(ATOM, 'summary').att('type', 'text').txt(entry.summary);
  const cap = (name: string, value: string) => element.ele(CAP, `cap:${name}`).txt(value);
  cap('identifier', entry.cap.identifier);
  cap('sender', sender);
  cap('sent', capTime(entry.cap.sent));
  cap('status', 'Actual');
  cap('msgType', 'Alert');
  cap('scope', 'Public');
  cap('event', entry.cap.event);
  cap('urgency', entry.cap.urgency);
  cap('severity', entry.cap.severity);
  cap('certainty', entry.cap.certainty);
  cap('effective', capTime(entry.cap.effective));
  if (entry.cap.expires) cap('expires', capTime(entry.cap.expires));
  cap('areaDesc', entry.cap.areaDesc);
  entry.cap.polygons.forEach((polygon) => cap('polygon', polygon));
  entry.cap.circles.forEach((circle) => cap('circle', circle));
}

/** The feed's XML; `base` is the portal's own address (PUBLIC_URL), never one the request named. */
export async function alertsFeed(db: Db, org: Organization, base: string, shows: { notifications: boolean; weather: boolean }): Promise<string> {
  const [notificationRows, weatherRows] = await Promise.all([
    shows.notifications ? listNotifications(db, org.orgId, {}, FEED_ENTRIES) : [],
    shows.weather ? listWeatherAlerts(db, org.orgId, {}, FEED_ENTRIES) : [],
  ]);
  const entries = [
    ...notificationRows.map((row) => entryOfNotification(row, base, org.orgId)),
    ...weatherRows.map((row) => entryOfWeatherAlert(row, base, org.orgId)),
  ].sort((a, b) => b.published.getTime() - a.published.getTime()).slice(0, FEED_ENTRIES);
  const self = `${base}/${encodeURIComponent(org.orgId)}/feeds/alerts.atom`;
  const name = org.settings.orgName || org.orgId;
  const sender = new URL(base).host || org.orgId;
  // Loaded with the first feed asked for, not at start (server/lazyModules.ts).
  const { create } = await import('xmlbuilder2');
  const feed = create({ version: '1.0', encoding: 'UTF-8' }).ele(ATOM, 'feed').att('http://www.w3.org/2000/xmlns/', 'xmlns:cap', CAP);
  feed.ele(ATOM, 'id').txt(self);
  feed.ele(ATOM, 'title').txt(name);
  feed.ele(ATOM, 'updated').txt((entries.map((entry) => entry.updated).sort((a, b) => b.getTime() - a.getTime())[0] ?? new Date(0)).toISOString());
  feed.ele(ATOM, 'link').att('rel', 'self').att('type', 'application/atom+xml').att('href', self);
  feed.ele(ATOM, 'link').att('rel', 'alternate').att('type', 'text/html').att('href', `${base}/${encodeURIComponent(org.orgId)}/alert`);
  feed.ele(ATOM, 'author').ele(ATOM, 'name').txt(name);
  for (const entry of entries) addEntry(feed, entry, `${org.orgId}@${sender}`);
  return feed.end({ prettyPrint: true });
}
