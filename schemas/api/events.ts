/**
 * Events (issue 14, §3 Event subscription and Event notification, §7):
 * - `POST /nixle/eventSubscription/{orgId}/list` (form `isLogin`) → `{ events }`: the organisation's
 *   events, a private one only to its signed-in members, newest first (at most MAX_EVENTS).
 * - `POST /nixle/eventSubscription/{orgId}/{eventId}` (form `isLogin`) → `{ success, message, result }`.
 * - `GET /nixle/eventSubscription/{orgId}/{eventId}/page?pageNo&pageSize` → `{ data, count }`.
 * - `GET /nixle/eventSubscription/getNotificationDetail/{orgId}/{notificationId}[?event_id]` → `{ success, message, result }`.
 * - `POST /nixle/eventSubscription/{orgId}/signUp` (form `eventSubscriptionSignUpStr`: JSON of
 *   `{ eventId, fullName, mobile, email, widgets }`) → `{ statusCode: 200, result: 'OK' }`, or
 *   `{ statusCode: 400, result: message key, errors }` (§4 "server result inline").
 * - `GET /{orgId}/events.ics`: the public events as iCalendar.
 * Publishing (routes/publishing, bearer key): `PUT /api/v1/{orgId}/events/{eventId}`,
 * `DELETE …`, `PUT /api/v1/{orgId}/events/{eventId}/notifications/{notificationId}`, `DELETE …`.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { CONTENT_PAGE_SIZES, DEFAULT_CONTENT_PAGE_SIZE } from '../rules/contentPaging.ts';
import { FieldError, OrgId, Refusal, Text } from './common.ts';
import { AttachmentFile } from './publicContent.ts';

/** The most events the list answers (the dropdown of §2). */
export const MAX_EVENTS = 100;

const Id = Type.String({ pattern: '^[A-Za-z0-9._:-]{1,100}$' });

export const EventSubscription = Type.Object({
  id: Type.String(),
  groupName: Type.String(),
  isPrivate: Type.Boolean(),
  keyword: Type.Object({ keyword: Type.String() }),
  nixleAgency: Type.Object({ shortCode: Type.String() }),
  widgets: Type.Array(Type.String()),
  eventSubscriptionWebPage: Type.Object({
    requireName: Type.Boolean(),
    requireMobile: Type.Boolean(),
    requireEmail: Type.Boolean(),
    /** Epoch milliseconds; null when the event has none. */
    eventStartDate: Type.Union([Type.Number(), Type.Null()]),
    eventEndDate: Type.Union([Type.Number(), Type.Null()]),
    /** An IANA zone: the period is shown in it (§2). */
    timeZone: Type.String(),
    eventAddress: Type.String(),
    /** §2 share buttons: the event allows them (and the organisation is public). */
    socialSharing: Type.Boolean(),
  }),
});
export type EventSubscription = Static<typeof EventSubscription>;

export const EventNotification = Type.Object({
  notificationId: Type.String(),
  eventId: Type.String(),
  title: Type.String(),
  /** 2 alert, 3 advisory, anything else community (§2 badges). */
  type: Type.Integer(),
  textMessage: Type.String(),
  rtfContent: Type.String(),
  /** Epoch milliseconds. */
  notificationSendDate: Type.Number(),
  timeZone: Type.String(),
  /** Hours after which it is expired (§4); null never. */
  expire: Type.Union([Type.Integer(), Type.Null()]),
  attachmentFiles: Type.Array(AttachmentFile),
  category: Type.String(),
  event: Type.String(),
  urgency: Type.String(),
  severity: Type.String(),
  certainty: Type.String(),
  instructions: Type.String(),
  eventWebPageStatus: Type.Enum(['Active', 'Deactive']),
});
export type EventNotification = Static<typeof EventNotification>;

export const EventsOrgParams = Type.Object({ orgId: OrgId });
export const EventParams = Type.Object({ orgId: OrgId, eventId: Text(100) });
export type EventParams = Static<typeof EventParams>;
export const EventNotificationParams = Type.Object({ orgId: OrgId, notificationId: Text(100) });
export const EventNotificationQuery = Type.Object({ event_id: Type.Optional(Text(100)) });

/** §7 `isLogin`: the page says whether a member is signed in; the server reads the session and decides itself. */
export const IsLoginForm = Type.Object({ isLogin: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])) });

export const EventList = Type.Object({ events: Type.Array(EventSubscription) });
export type EventList = Static<typeof EventList>;

export const EventAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), result: Type.Union([EventSubscription, Type.Null()]) });
export type EventAnswer = Static<typeof EventAnswer>;

/**
 * The refusals of the two §7 calls answered `{ success, message, result }`: an event or notification
 * not found says so that way (`{ success: false, message, result: null }`), every other refusal is §8's.
 */
export const EventLookupRefusal = Type.Object({
  ...Refusal.properties,
  errorCode: Type.Optional(Type.String()),
  success: Type.Optional(Type.Boolean()),
  result: Type.Optional(Type.Null()),
});

export const EventPageQuery = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Math.max(...CONTENT_PAGE_SIZES), default: DEFAULT_CONTENT_PAGE_SIZE })),
});
export type EventPageQuery = Static<typeof EventPageQuery>;

export const EventPage = Type.Object({ data: Type.Array(EventNotification), count: Type.Integer() });
export type EventPage = Static<typeof EventPage>;

export const EventNotificationAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), result: Type.Union([EventNotification, Type.Null()]) });
export type EventNotificationAnswer = Static<typeof EventNotificationAnswer>;

/** `eventSubscriptionSignUpStr` holds this as JSON. */
export const EventSignUpValues = Type.Object({
  eventId: Text(100),
  fullName: Type.Optional(Text(200)),
  mobile: Type.Optional(Text(40)),
  email: Type.Optional(Text(200)),
  widgets: Type.Optional(Type.Array(Text(100), { maxItems: 20 })),
});
export type EventSignUpValues = Static<typeof EventSignUpValues>;

export const EventSignUpForm = Type.Object({ eventSubscriptionSignUpStr: Type.String({ maxLength: 2000 }) });
export type EventSignUpForm = Static<typeof EventSignUpForm>;

export const EventSignUpAnswer = Type.Object({
  statusCode: Type.Integer(),
  result: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
});
export type EventSignUpAnswer = Static<typeof EventSignUpAnswer>;

/** The sign-up's refusals: `{ statusCode, result, errors }` (§4 "server result inline"), or §8's (CSRF, a malformed form). */
export const EventSignUpRefusal = Type.Object({
  ...Refusal.properties,
  errorCode: Type.Optional(Type.String()),
  statusCode: Type.Optional(Type.Integer()),
  result: Type.Optional(Type.String()),
});

/** `GET /{orgId}/events.ics`. */
export const EventsCalendar = Type.String();

// Publishing.
export const EventBody = Type.Object({
  groupName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  isPrivate: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Text(40)),
  shortCode: Type.Optional(Text(20)),
  requireName: Type.Optional(Type.Boolean()),
  requireMobile: Type.Optional(Type.Boolean()),
  requireEmail: Type.Optional(Type.Boolean()),
  eventStartDate: Type.Optional(Type.String({ format: 'date-time' })),
  eventEndDate: Type.Optional(Type.String({ format: 'date-time' })),
  timeZone: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$' })),
  eventAddress: Type.Optional(Text(300)),
  socialSharing: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type EventBody = Static<typeof EventBody>;

export const PublishEventParams = Type.Object({ orgId: OrgId, eventId: Id });
export type PublishEventParams = Static<typeof PublishEventParams>;

export const EventNotificationBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  textMessage: Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S' }),
  rtfContent: Type.Optional(Type.String({ maxLength: 200_000 })),
  sendDate: Type.Optional(Type.String({ format: 'date-time' })),
  expire: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 365 })),
  attachmentFileIds: Type.Optional(Type.Array(Text(40), { maxItems: 20, uniqueItems: true })),
  category: Type.Optional(Text(40)),
  event: Type.Optional(Text(200)),
  urgency: Type.Optional(Text(40)),
  severity: Type.Optional(Text(40)),
  certainty: Type.Optional(Text(40)),
  instructions: Type.Optional(Text(5000)),
  eventWebPageStatus: Type.Optional(Type.Enum(['Active', 'Deactive'])),
}, { additionalProperties: false });
export type EventNotificationBody = Static<typeof EventNotificationBody>;

export const PublishEventNotificationParams = Type.Object({ orgId: OrgId, eventId: Id, notificationId: Id });
export type PublishEventNotificationParams = Static<typeof PublishEventNotificationParams>;

export const EventWritten = Type.Object({ eventId: Type.String() });
export const EventNotificationWritten = Type.Object({ notificationId: Type.String() });
