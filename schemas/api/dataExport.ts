/**
 * Download my data (issue 12, beyond the spec): `GET /{orgId}/{contactId}/export` answers, as a JSON
 * file, everything the portal keeps about the member — the account, the profile, contact paths with
 * their quiet times, locations, custom-field values, group memberships, the sign-ins that are open now, test
 * notifications and deliveries to their paths, access keys — and nothing that is a secret: no
 * password or security-answer hash, no token or key hash, no session id or CSRF token, no code.
 *
 * Every list is bounded (`MAX_EXPORTED_ROWS` newest; `…Total` says how many there are), and
 * `notKept` names in words what the portal does not keep at all, so an empty section is not mistaken
 * for a missing one. Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { QuietTimeFrame } from './profile.ts';

/** The version of the export's shape: a reader can tell what it was given. */
export const EXPORT_FORMAT = 'member-portal.data-export/1';

/** The most rows of one kind an export carries, newest first. */
export const MAX_EXPORTED_ROWS = 1000;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ format: 'date-time' });
const NullableText = Nullable(Type.String());

const ExportedContactPath = Type.Object({
  pathId: Type.Integer(),
  /** The organisation's name of the path (SMS, Work Email …). */
  name: Type.String(),
  type: Type.String(),
  value: Type.String(),
  countryCode: NullableText,
  phoneExt: NullableText,
  pin: NullableText,
  pagerService: NullableText,
  receivesNotifications: Type.Boolean(),
  /** Confirmed with a code for this value (null: nothing is asked of the path). */
  confirmed: Type.Union([Type.Boolean(), Type.Null()]),
  order: Type.Integer(),
  quietTimes: Type.Array(QuietTimeFrame),
});

const ExportedLocation = Type.Object({
  name: Type.String(),
  streetAddress: Type.String(),
  suite: NullableText,
  city: NullableText,
  state: NullableText,
  postalCode: NullableText,
  country: NullableText,
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  source: NullableText,
  createdAt: Timestamp,
});

/** An expected (travel) location: the place, and from when to when as stored (§9 'YYYY-MM-DD HH:mm'). */
const ExportedExpectedLocation = Type.Intersect([ExportedLocation, Type.Object({ arriveDate: Type.String(), expireDate: Type.String() })]);

const ExportedCustomValue = Type.Object({
  attrId: Type.Integer(),
  /** The field's name today; null when the organisation has since removed the field. */
  name: NullableText,
  values: Type.Array(Type.String()),
  updatedAt: Timestamp,
});

const ExportedDelivery = Type.Object({
  kind: Type.String(),
  pathType: Type.String(),
  /** The address as the delivery record keeps it (masked). */
  recipient: Type.String(),
  outcome: Type.String(),
  errorCode: NullableText,
  createdAt: Timestamp,
});

export const DataExportAnswer = Type.Object({
  format: Type.Literal(EXPORT_FORMAT),
  exportedAt: Timestamp,
  organization: Type.Object({ orgId: Type.String(), name: Type.String() }),
  account: Type.Object({
    contactId: Type.Integer(),
    username: NullableText,
    registered: Type.Boolean(),
    hasPassword: Type.Boolean(),
    securityQuestion: NullableText,
    publicProfileId: NullableText,
    createdAt: Timestamp,
  }),
  profile: Type.Object({
    firstName: Type.String(),
    middleInitial: NullableText,
    lastName: Type.String(),
    suffix: NullableText,
    externalId: NullableText,
    email: NullableText,
    preferredLanguage: Type.String(),
    timeZone: NullableText,
  }),
  contactPaths: Type.Array(ExportedContactPath),
  locations: Type.Array(ExportedLocation),
  expectedLocations: Type.Array(ExportedExpectedLocation),
  customFields: Type.Array(ExportedCustomValue),
  /** The groups the member belongs to (§3 Group membership). */
  groups: Type.Array(Type.Object({ groupId: Type.Integer(), groupName: Type.String() })),
  /** §3 Subscriptions as kept: the checked topics' serviceIds, the weather categories, no-disturb; null when never saved. */
  subscriptions: Type.Union([
    Type.Object({
      serviceIds: Type.Array(Type.Integer()),
      weatherCategories: Type.Array(Type.String()),
      noDisturb: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
      updatedAt: Timestamp,
    }),
    Type.Null(),
  ]),
  signIns: Type.Object({
    /** The sign-ins open now (the portal keeps no history of ended ones). */
    open: Type.Array(Type.Object({ signedInAt: Timestamp })),
  }),
  testNotifications: Type.Array(Type.Object({ pathId: Type.Integer(), sentAt: Timestamp, outcome: NullableText, errorCode: NullableText })),
  deliveries: Type.Array(ExportedDelivery),
  deliveriesTotal: Type.Integer(),
  accessKeys: Type.Array(Type.Object({ createdAt: Timestamp, expiresAt: Timestamp })),
  /** What the portal does not keep about a member, in words (English: this is a record, not a page). */
  notKept: Type.Array(Type.String()),
});
export type DataExportAnswer = Static<typeof DataExportAnswer>;
