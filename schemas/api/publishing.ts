/**
 * The publishing API (issue 14): how the organisation's notification service puts its content on
 * the portal. Every call carries `Authorization: Bearer {key}` (a key made on the admin page, for
 * that organisation only); JSON in, JSON out; HTML is sanitised on the way in.
 *
 * - `POST /api/v1/{orgId}/notifications` → 201 `{ notificationId }`: a new notification.
 * - `PUT /api/v1/{orgId}/notifications/{notificationId}` → 200/201 `{ notificationId }`: written under
 *   the sender's own id, new or replacing (so a sender that retries writes it once).
 * - `DELETE /api/v1/{orgId}/notifications/{notificationId}` → `{ status: 'ok' }`; 404 when there is none.
 * - `POST /api/v1/{orgId}/weatherAlerts` with api.weather.gov's answer (a FeatureCollection of CAP
 *   alerts) → `{ created, updated, unchanged }`: idempotent by the alert's id.
 * - `DELETE /api/v1/{orgId}/weatherAlerts/{weatherAlertId}`.
 * - `PUT` / `DELETE /api/v1/{orgId}/pages/{faq|overview}` with `{ pageContent }`.
 * - `PUT` / `DELETE /api/v1/{orgId}/helpTexts?type=` with `{ content }`: a help tip of §2.
 *
 * The admin page's calls for the keys: `POST /admin/api/orgs/{orgId}/publishingKeys` `{ name }` →
 * 201 `{ keyId, name, key, createdAt }` (the key shown once), `GET …/publishingKeys` → `{ data }`,
 * `DELETE …/publishingKeys/{keyId}`.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { HELP_TYPES } from '../helpTypes.ts';
import { OrgId, Text } from './common.ts';
import { NOTIFICATION_PRIORITIES, PolygonCoordinates, SearchShape } from './publicContent.ts';

/** Text a person reads: at least one character that is not blank (a title of spaces would be stored empty once trimmed). */
const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** §3 Notification as a sender writes it. */
export const NotificationBody = Type.Object({
  title: NonBlank(200),
  textMessage: NonBlank(10_000),
  /** HTML, sanitised on the way in (an allow-list: sanitize-html's defaults, services/pageContent.ts). */
  rtfContent: Type.Optional(Type.String({ maxLength: 200_000 })),
  priority: Type.Optional(Type.Enum([...NOTIFICATION_PRIORITIES], { default: 'NonPriority' })),
  /** When it was sent (RFC 3339); now when not given. */
  sendDate: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  searchShapes: Type.Optional(Type.Array(SearchShape, { maxItems: 50 })),
  /** Files of this organisation (`POST /api/v1/{orgId}/documents`) shown with it: images in the page, the rest as attachments. */
  attachmentFileIds: Type.Optional(Type.Array(Text(40), { maxItems: 20, uniqueItems: true })),
}, { additionalProperties: false });
export type NotificationBody = Static<typeof NotificationBody>;

export const PublishingOrgParams = Type.Object({ orgId: OrgId });
export type PublishingOrgParams = Static<typeof PublishingOrgParams>;

/** A sender's own id: letters, digits and `._:-`, so that it is safe in an address. */
export const NotificationIdParams = Type.Object({ orgId: OrgId, notificationId: Type.String({ pattern: '^[A-Za-z0-9._:-]{1,100}$' }) });
export type NotificationIdParams = Static<typeof NotificationIdParams>;

export const NotificationWritten = Type.Object({ notificationId: Type.String() });
export type NotificationWritten = Static<typeof NotificationWritten>;

/** An api.weather.gov alert (a GeoJSON Feature); the properties the portal does not read may be there and are dropped. */
export const NwsAlertFeature = Type.Object({
  id: Text(300),
  type: Type.Literal('Feature'),
  geometry: Type.Union([
    Type.Object({ type: Type.Literal('Polygon'), coordinates: PolygonCoordinates }),
    Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(PolygonCoordinates, { maxItems: 200 }) }),
    Type.Null(),
  ]),
  properties: Type.Object({
    id: Type.Optional(Text(300)),
    sent: Type.String({ format: 'date-time' }),
    effective: Type.Optional(Type.String({ format: 'date-time' })),
    onset: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    expires: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    ends: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    status: Type.Optional(Text(40)),
    messageType: Type.Optional(Text(40)),
    event: Type.String({ minLength: 1, maxLength: 200 }),
    headline: Type.Optional(Type.Union([Text(1000), Type.Null()])),
    description: Type.Optional(Type.Union([Text(20_000), Type.Null()])),
    instruction: Type.Optional(Type.Union([Text(10_000), Type.Null()])),
    severity: Type.Optional(Text(40)),
    urgency: Type.Optional(Text(40)),
    certainty: Type.Optional(Text(40)),
    areaDesc: Type.Optional(Text(5000)),
    senderName: Type.Optional(Text(200)),
    geocode: Type.Optional(Type.Object({
      UGC: Type.Optional(Type.Array(Text(10), { maxItems: 500 })),
      SAME: Type.Optional(Type.Array(Text(10), { maxItems: 500 })),
    })),
  }),
});
export type NwsAlertFeature = Static<typeof NwsAlertFeature>;

export const WeatherAlertsBody = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(NwsAlertFeature, { maxItems: 500 }),
});
export type WeatherAlertsBody = Static<typeof WeatherAlertsBody>;

export const WeatherAlertsImported = Type.Object({ created: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer() });
export type WeatherAlertsImported = Static<typeof WeatherAlertsImported>;

export const WeatherAlertIdParams = Type.Object({ orgId: OrgId, weatherAlertId: Text(300) });
export type WeatherAlertIdParams = Static<typeof WeatherAlertIdParams>;

export const OrgPageParams = Type.Object({ orgId: OrgId, page: Type.Enum(['faq', 'overview']) });
export type OrgPageParams = Static<typeof OrgPageParams>;

export const OrgPageBody = Type.Object({ pageContent: Type.String({ minLength: 1, maxLength: 200_000 }) }, { additionalProperties: false });
export type OrgPageBody = Static<typeof OrgPageBody>;

/** At most this many live keys per organisation. */
export const MAX_PUBLISHING_KEYS = 20;

export const PublishingKeyBody = Type.Object({ name: NonBlank(80) }, { additionalProperties: false });
export type PublishingKeyBody = Static<typeof PublishingKeyBody>;

export const PublishingKeyInfo = Type.Object({
  keyId: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PublishingKeyInfo = Static<typeof PublishingKeyInfo>;

export const PublishingKeyMade = Type.Object({ keyId: Type.String(), name: Type.String(), createdAt: Type.String(), key: Type.String() });
export type PublishingKeyMade = Static<typeof PublishingKeyMade>;

export const PublishingKeyList = Type.Object({ data: Type.Array(PublishingKeyInfo) });
export type PublishingKeyList = Static<typeof PublishingKeyList>;

export const PublishingKeyParams = Type.Object({ orgId: OrgId, keyId: Type.String({ pattern: '^[a-z0-9]{1,40}$' }) });
export type PublishingKeyParams = Static<typeof PublishingKeyParams>;

/** `PUT`/`DELETE /api/v1/{orgId}/helpTexts?type=`: the help tip of one help type of §2 (some hold a slash: `login/sso`). */
export const HelpTextQuery = Type.Object({ type: Type.Enum([...HELP_TYPES]) });
export type HelpTextQuery = Static<typeof HelpTextQuery>;

export const HelpTextBody = Type.Object({ content: Type.String({ minLength: 1, maxLength: 50_000, pattern: '\\S' }) }, { additionalProperties: false });
export type HelpTextBody = Static<typeof HelpTextBody>;
