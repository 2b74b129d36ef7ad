/**
 * The public content of §7 (issue 14), read by visitors and members alike:
 * - `GET /rest/notif?orgId&baseTime&baseId&pageSize` → `{ pageSize, notificationList }`: the
 *   notifications sent before `baseTime` (epoch milliseconds; with `baseId`, the last item of the
 *   page before, so a second sent in the same millisecond is neither lost nor repeated), newest first.
 * - `GET /rest/notif/page?orgId&pageNo&pageSize` → `{ pageNo, pageSize, data, count, message }`.
 * - `GET /rest/notif/{id}?orgId` → `{ responseCode: 200, result }`; 404 `{ responseCode: 404, errorCode }`.
 * - The same three for weather alerts under `/rest/weather` (`weatherList`; paged by issuance time).
 * - `GET /{orgId}/faqs` → `{ faqs: { pageContent } | null }`, `GET /{orgId}/overview` → `{ overview: { pageContent } | null }`.
 * - `GET /{orgId}/feeds/alerts.atom` → the notifications and weather alerts as Atom with CAP 1.2 entries.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { CONTENT_PAGE_SIZES, DEFAULT_CONTENT_PAGE_SIZE } from '../rules/contentPaging.ts';
import { OrgId, Text } from './common.ts';

/** §9: 25 unless asked; the browser offers CONTENT_PAGE_SIZES, the largest is the limit. */
const PageSize = Type.Integer({ minimum: 1, maximum: Math.max(...CONTENT_PAGE_SIZES), default: DEFAULT_CONTENT_PAGE_SIZE });

/** A point as GeoJSON writes it: longitude, latitude. */
export const Position = Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]);
export type Position = Static<typeof Position>;

/** A closed ring of a polygon: at least four positions, the last the first. */
const Ring = Type.Array(Position, { minItems: 4, maxItems: 5000 });

/** A polygon (its outer ring, then its holes). */
export const PolygonCoordinates = Type.Array(Ring, { minItems: 1, maxItems: 50 });

/**
 * §3 drawPolygonSetting.searchShapes: the areas a notification was sent to, as GeoJSON polygons, or
 * circles (a centre and a radius in metres, as the sender drew them).
 */
export const SearchShape = Type.Union([
  Type.Object({ type: Type.Literal('Polygon'), coordinates: PolygonCoordinates }, { additionalProperties: false }),
  Type.Object({
    type: Type.Literal('Circle'),
    center: Position,
    radius: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
  }, { additionalProperties: false }),
]);
export type SearchShape = Static<typeof SearchShape>;

/** §3 attachmentFiles. */
export const AttachmentFile = Type.Object({ fileId: Type.String(), fileName: Type.String(), fileType: Type.String(), image: Type.Boolean() });
export type AttachmentFile = Static<typeof AttachmentFile>;

/** `'Priority'` shows the priority mark; `'NonPriority'` the rest. */
export const NOTIFICATION_PRIORITIES = ['NonPriority', 'Priority'] as const;

/** A notification as the lists show it: its message cut to LIST_MESSAGE_LENGTH characters. */
export const NotificationSummary = Type.Object({
  notificationId: Type.String(),
  title: Type.String(),
  /** Epoch milliseconds. */
  sendDate: Type.Number(),
  priority: Type.Enum([...NOTIFICATION_PRIORITIES]),
  textMessage: Type.String(),
  hasAttachments: Type.Boolean(),
  hasAreas: Type.Boolean(),
});
export type NotificationSummary = Static<typeof NotificationSummary>;

/** How much of a message a list shows; the detail has all of it. */
export const LIST_MESSAGE_LENGTH = 280;

export const Notification = Type.Object({
  notificationId: Type.String(),
  title: Type.String(),
  sendDate: Type.Number(),
  priority: Type.Enum([...NOTIFICATION_PRIORITIES]),
  textMessage: Type.String(),
  /** Sanitised when it was published. */
  rtfContent: Type.String(),
  attachmentFiles: Type.Array(AttachmentFile),
  drawPolygonSetting: Type.Object({ searchShapes: Type.Array(SearchShape) }),
});
export type Notification = Static<typeof Notification>;

/**
 * Epoch milliseconds, to the last of year 9999. Bounded here because an integer a schema leaves
 * unbounded is bounded to PostgreSQL's `integer` (plugins/requestValidation.ts), far below any
 * time of this century.
 */
const EpochMs = Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 });

export const ContentListQuery = Type.Object({
  orgId: OrgId,
  baseTime: Type.Optional(EpochMs),
  baseId: Type.Optional(Text(300)),
  pageSize: Type.Optional(PageSize),
});
export type ContentListQuery = Static<typeof ContentListQuery>;

export const ContentPageQuery = Type.Object({
  orgId: OrgId,
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(PageSize),
});
export type ContentPageQuery = Static<typeof ContentPageQuery>;

export const NotificationParams = Type.Object({ notificationId: Text(100) });
export type NotificationParams = Static<typeof NotificationParams>;

export const NotificationList = Type.Object({ pageSize: Type.Integer(), notificationList: Type.Array(NotificationSummary) });
export type NotificationList = Static<typeof NotificationList>;

export const NotificationPage = Type.Object({
  pageNo: Type.Integer(), pageSize: Type.Integer(), data: Type.Array(NotificationSummary), count: Type.Integer(), message: Type.String(),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationAnswer = Type.Object({ responseCode: Type.Literal(200), result: Notification });
export type NotificationAnswer = Static<typeof NotificationAnswer>;

/** A detail that is not there (404) or not to be shown (403): §4 "404 redirect to list, other generic error page". */
export const ContentRefusal = Type.Object({ errorCode: Type.String(), responseCode: Type.Optional(Type.Integer()), message: Type.Optional(Type.String()) });
export type ContentRefusal = Static<typeof ContentRefusal>;

/** A time as §3 writes a weather alert's: UTC, without the Z ("2026-11-28T05:00:00"). */
const UtcTime = Type.String();

/** The facts of a CAP alert that the cards show in words (issue 14 "beyond the spec"); each may be absent. */
export const CapFacts = Type.Object({
  event: Type.Optional(Type.String()),
  severity: Type.Optional(Type.String()),
  urgency: Type.Optional(Type.String()),
  certainty: Type.Optional(Type.String()),
  areaDesc: Type.Optional(Type.String()),
  headline: Type.Optional(Type.String()),
  instruction: Type.Optional(Type.String()),
  senderName: Type.Optional(Type.String()),
});
export type CapFacts = Static<typeof CapFacts>;

export const WeatherAlertSummary = Type.Object({
  weatherAlertId: Type.String(),
  title: Type.String(),
  issuanceTime: UtcTime,
  endTime: Type.Union([UtcTime, Type.Null()]),
  facts: CapFacts,
});
export type WeatherAlertSummary = Static<typeof WeatherAlertSummary>;

/** The GeoJSON geometry of an alert as the National Weather Service gives it (null when it names zones only). */
export const AlertGeometry = Type.Union([
  Type.Object({ type: Type.Literal('Polygon'), coordinates: PolygonCoordinates }),
  Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(PolygonCoordinates, { maxItems: 200 }) }),
  Type.Null(),
]);
export type AlertGeometry = Static<typeof AlertGeometry>;

/** §3 originalFeed: {time, polygons, points, feature {geometry, properties {issuanceTime, endTime, textBody}}}. */
export const OriginalFeed = Type.Object({
  time: UtcTime,
  /** The alert's polygons (outer rings, as [lon, lat]). */
  polygons: Type.Array(Type.Array(Position)),
  /** Points the alert names without an area (§9: drawn as 41-point circles of about 5 km). */
  points: Type.Array(Position),
  feature: Type.Object({
    geometry: AlertGeometry,
    properties: Type.Intersect([
      Type.Object({ issuanceTime: UtcTime, endTime: Type.Union([UtcTime, Type.Null()]), textBody: Type.String() }),
      CapFacts,
    ]),
  }),
});
export type OriginalFeed = Static<typeof OriginalFeed>;

export const WeatherAlert = Type.Object({
  weatherAlertId: Type.String(),
  title: Type.String(),
  issuanceTime: UtcTime,
  endTime: Type.Union([UtcTime, Type.Null()]),
  originalFeed: OriginalFeed,
});
export type WeatherAlert = Static<typeof WeatherAlert>;

export const WeatherParams = Type.Object({ weatherAlertId: Text(300) });
export type WeatherParams = Static<typeof WeatherParams>;

export const WeatherList = Type.Object({ pageSize: Type.Integer(), weatherList: Type.Array(WeatherAlertSummary) });
export type WeatherList = Static<typeof WeatherList>;

export const WeatherPage = Type.Object({
  pageNo: Type.Integer(), pageSize: Type.Integer(), data: Type.Array(WeatherAlertSummary), count: Type.Integer(), message: Type.String(),
});
export type WeatherPage = Static<typeof WeatherPage>;

export const WeatherAnswer = Type.Object({ responseCode: Type.Literal(200), result: WeatherAlert });
export type WeatherAnswer = Static<typeof WeatherAnswer>;

/** §3 FAQ: faqs.pageContent, or null when the organisation wrote none. */
export const FaqsAnswer = Type.Object({ faqs: Type.Union([Type.Object({ pageContent: Type.String() }), Type.Null()]) });
export type FaqsAnswer = Static<typeof FaqsAnswer>;

/** §7 `/{orgId}/overview`: overview.pageContent, or null. */
export const OverviewAnswer = Type.Object({ overview: Type.Union([Type.Object({ pageContent: Type.String() }), Type.Null()]) });
export type OverviewAnswer = Static<typeof OverviewAnswer>;

/** `GET /{orgId}/feeds/alerts.atom`: Atom 1.0, each entry with its CAP 1.2 facts (`cap:` elements). */
export const AlertsFeed = Type.String();
