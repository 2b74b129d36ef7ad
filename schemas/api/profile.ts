/**
 * The profile calls of §7, the first member domain (`/{orgId}/{contactId}/…`, only the signed-in
 * member's own contact):
 * - `GET /{orgId}/{contactId}/profile` → every §3 Profile field the profile builder reads (the
 *   `ProfileFlags` of schemas/entities.ts with the member's values), the time zones, the languages,
 *   and `profileVersion`;
 * - `GET /{orgId}/{contactId}/contactPaths` → the organisation's contact paths (§3 Contact path
 *   definitions), each with the member's value, country, extension, pin, pager service, pathEnable,
 *   sortOrder and quiet times, in the member's order; and `profileVersion`;
 * - `POST /{orgId}/{contactId}/profile` (form `profile`: JSON text of a list of `{profileId, name,
 *   value}`, `contactPath`: JSON text of a list of paths, `profileVersion`) → `status: 'yes'` and
 *   the new `profileVersion`; 400 `{errorCode: 'validation', errors}` with §5's keys, 409
 *   `profile.conflict` when `profileVersion` is not the stored one (nothing is changed);
 * - `GET /{orgId}/{contactId}/profile/checkexternalId/json?externalId` → `true` when no other member
 *   of the organisation has that external id (§5 async uniqueness check), else `false`.
 *
 * The bodies' limits are generous bounds (a too-long value gets the form's own §5 message); the
 * rules are the profile builder's, checked by the server with the very schema the form draws.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { CONTACT_PATH_TYPES, type ContactPathType } from '../entities.ts';
import { PROFILE_TEXT_FIELDS, type ProfileTextField } from '../profile/formData.ts';
import { OrgId, Refusal, Text, type Reply } from './common.ts';

/** `/{orgId}/{contactId}`: the organisation and the member (the member scope allows only the session's own). */
export const MemberParams = Type.Object({ orgId: OrgId, contactId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type MemberParams = Static<typeof MemberParams>;

const PathType = Type.Unsafe<ContactPathType>({ type: 'string', enum: [...CONTACT_PATH_TYPES] });

/** §3 Quiet time: days 1–7 (Sunday first), from and to; `allDay` is the 24-hour option (§4: stored with end equal to start). */
export const QuietTimeFrame = Type.Object({
  name: Type.String(),
  days: Type.Array(Type.Integer()),
  fromHour: Type.Integer(),
  fromMin: Type.Integer(),
  toHour: Type.Integer(),
  toMin: Type.Integer(),
  allDay: Type.Optional(Type.Boolean()),
});
export type QuietTimeFrame = Static<typeof QuietTimeFrame>;

/** A quiet time as a save sends it: bounded loosely, so a value just outside a rule gets the rule's §5 message. */
const QuietTimeFrameInput = Type.Object({
  name: Text(200),
  days: Type.Array(Type.Integer({ minimum: 0, maximum: 99 }), { maxItems: 14 }),
  fromHour: Type.Integer({ minimum: 0, maximum: 99 }),
  fromMin: Type.Integer({ minimum: 0, maximum: 99 }),
  toHour: Type.Integer({ minimum: 0, maximum: 99 }),
  toMin: Type.Integer({ minimum: 0, maximum: 99 }),
  allDay: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

/** §9 "Page sizes" gives no limit for quiet times: 20 per path. */
export const MAX_QUIET_TIMES_PER_PATH = 20;

/**
 * One contact path of a save (§3 Contact path). `pathId` names it; everything else is optional, and
 * what is left out keeps its stored value (a path's quiet times are kept unless `quietTimeFrames` is
 * sent). `type`/`pathType` are ignored (the organisation's path decides), as is anything else the
 * answer of `GET …/contactPaths` carries (a path may be sent back as it came). The order of the list is
 * the member's order; `sortOrder`, when given, orders it instead.
 */
export const ContactPathInput = Type.Object({
  pathId: Type.Integer({ minimum: 0 }),
  type: Type.Optional(PathType),
  pathType: Type.Optional(PathType),
  value: Type.Optional(Text(200)),
  countryCode: Type.Optional(Text(8)),
  noValidate: Type.Optional(Type.Boolean()),
  phoneExt: Type.Optional(Text(40)),
  pin: Type.Optional(Text(40)),
  systemRequirement: Type.Optional(Text(100)),
  waitTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  pathEnable: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  quietTimeFrames: Type.Optional(Type.Array(QuietTimeFrameInput, { maxItems: MAX_QUIET_TIMES_PER_PATH })),
}, { additionalProperties: false });
export type ContactPathInput = Static<typeof ContactPathInput>;

/**
 * One value of a save's `profile` list (§7 "profile JSON list (profileId, name, value)"). `name` says
 * which field; `profileId` is the Profile.profiles entry's id for the five fields listed there (it
 * must match) and 0 for the e-mail, language and time zone. An empty value clears the field; a field
 * left out of the list keeps its stored value; a read-only one (editable false) keeps it whatever is sent.
 */
export const ProfileEntry = Type.Object({
  profileId: Type.Integer({ minimum: 0, maximum: 999 }),
  name: Type.Unsafe<ProfileTextField>({ type: 'string', enum: [...PROFILE_TEXT_FIELDS] }),
  value: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 200 }),
}, { additionalProperties: false });
export type ProfileEntry = Static<typeof ProfileEntry>;

/**
 * The save's body as it is validated: the form fields `profile` and `contactPath` hold JSON text and
 * `profileVersion` digits (§7 sends a form); the route reads them first, so a JSON body with the
 * lists themselves is taken alike. Either list may be left out (nothing of it changes).
 */
export const SaveProfileBody = Type.Object({
  profile: Type.Optional(Type.Array(ProfileEntry, { maxItems: 20 })),
  contactPath: Type.Optional(Type.Array(ContactPathInput, { maxItems: 30 })),
  /** The `profileVersion` of the answer the member edited. */
  profileVersion: Type.Integer({ minimum: 1 }),
});
export type SaveProfileBody = Static<typeof SaveProfileBody>;

/** What the browser sends: the lists as JSON text, the version as digits (a form). */
export interface SaveProfileForm {
  profile: string;
  contactPath: string;
  profileVersion: string;
}

/**
 * §7 "status 'yes' success", the version the next save must name, and the paths the save sent a
 * confirmation code to (schemas/api/pathConfirmation.ts: the e-mail, SMS and voice paths it gave a new value).
 */
export const SaveProfileAnswer = Type.Object({ status: Type.String(), profileVersion: Type.Integer(), confirmationSent: Type.Array(Type.Integer()) });
export type SaveProfileAnswer = Static<typeof SaveProfileAnswer>;

/** A refused save (nothing changed); a conflict (409 `profile.conflict`) carries the stored `profileVersion`. */
export const SaveProfileRefusal = Type.Object({ ...Refusal.properties, profileVersion: Type.Optional(Type.Integer()) });
export type SaveProfileRefusal = Static<typeof SaveProfileRefusal>;
export type SaveProfileReply = Reply<SaveProfileAnswer, SaveProfileRefusal>;

/** §3 Profile.profiles: one profile field with the member's value and its flags. */
export const ProfileFieldAnswer = Type.Object({
  fieldName: Type.String(),
  name: Type.String(),
  profileId: Type.Integer(),
  value: Type.String(),
  editable: Type.Boolean(),
  mandatory: Type.Boolean(),
  expose: Type.Boolean(),
});

const TimeZoneOption = Type.Object({ id: Type.String(), displayLabel: Type.String() });
const LanguageOption = Type.Object({ lang: Type.String(), name: Type.String(), countryCode: Type.String() });

/**
 * `GET …/profile`: §3 Profile (and the Account fields the profile page reads). The `ProfileFlags`
 * members (profiles … timeZoneMandatory) are what `FormFlags.profile` takes as they are, `timezones`
 * what `FormFlags.timeZones` takes.
 */
export const ProfileAnswer = Type.Object({
  contactId: Type.Integer(),
  /** Null for an account without one (public portal). */
  username: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  middleInitial: Type.String(),
  suffix: Type.String(),
  externalId: Type.String(),
  /** The registration e-mail ('' when none). */
  email: Type.String(),
  preferredLanguage: Type.String(),
  /** The member's time zone (an id of `timezones`), '' when none was chosen. */
  timeZone: Type.String(),
  /** §3 "preferredLanguage (with list …)": the §9 languages, §3 Language option. */
  preferredLanguageList: Type.Array(LanguageOption),
  profiles: Type.Array(ProfileFieldAnswer),
  isPreferredLanguageEditable: Type.Boolean(),
  isPreferredLanguageMandatory: Type.Boolean(),
  isPreferredLanguageExposed: Type.Boolean(),
  isEmailEditable: Type.Boolean(),
  isChangePassword: Type.Boolean(),
  isUseDeviceTimeFrame: Type.Boolean(),
  showRegistrationLink: Type.Boolean(),
  hasUniversalProfile: Type.Boolean(),
  timezones: Type.Array(TimeZoneOption),
  timeZoneEditable: Type.Boolean(),
  timeZoneMandatory: Type.Boolean(),
  minContactPathNum: Type.Integer(),
  orderMemberPath: Type.Boolean(),
  registered: Type.Boolean(),
  isMigrated: Type.Boolean(),
  fromPublicPortal: Type.Boolean(),
  /** The member has a username here; an account single sign-on made has none (issue 15). */
  hasUsername: Type.Boolean(),
  /** §3 test notification: the permission and whether one was sent (the test-notification part of issue 12 fills these). */
  sendNotificationPermission: Type.Object({ recaptchaSiteKey: Type.String(), permission: Type.Boolean() }),
  hasSentTestNotification: Type.Boolean(),
  sendErrorMsg: Type.String(),
  profileVersion: Type.Integer(),
});
export type ProfileAnswer = Static<typeof ProfileAnswer>;

/** One contact path of `GET …/contactPaths`: the organisation's definition (§3) and the member's values. */
export const ContactPathAnswer = Type.Object({
  pathId: Type.Integer(),
  type: PathType,
  /** The same as `type` (§3 "type/pathType"). */
  pathType: PathType,
  name: Type.String(),
  editable: Type.Boolean(),
  mandatory: Type.Boolean(),
  expose: Type.Boolean(),
  /** Pager services to choose from (§3 systemRequirement), for pager paths. */
  pagerServices: Type.Optional(Type.Array(Type.String())),
  /** '' when the member has none. */
  value: Type.String(),
  /**
   * The value as people write it, for pages that show it (home): a phone number formatted for its
   * country, nationally when that is the organisation's default country, else internationally
   * (`(217) 555-0123`, `+44 20 7946 0958`); any other value as it is.
   */
  displayValue: Type.String(),
  countryCode: Type.Union([Type.String(), Type.Null()]),
  noValidate: Type.Boolean(),
  phoneExt: Type.Union([Type.String(), Type.Null()]),
  pin: Type.Union([Type.String(), Type.Null()]),
  systemRequirement: Type.Union([Type.String(), Type.Null()]),
  waitTime: Type.Union([Type.Integer(), Type.Null()]),
  /** §2 receive-notification: false whenever there is no value. */
  pathEnable: Type.Boolean(),
  /** The member's order, from 0. */
  sortOrder: Type.Integer(),
  quietTimeFrames: Type.Array(QuietTimeFrame),
  /**
   * Confirmed contact paths (schemas/api/pathConfirmation.ts): whether the member confirmed this value
   * with a code; null when nothing is asked of the path (no value, a type that takes no code, or the
   * organisation does not ask).
   */
  confirmed: Type.Union([Type.Boolean(), Type.Null()]),
});
export type ContactPathAnswer = Static<typeof ContactPathAnswer>;

/** `GET …/contactPaths`: every path the organisation defines, the member's first in their order, then the rest in the organisation's. */
export const ContactPathsAnswer = Type.Object({
  contactPaths: Type.Array(ContactPathAnswer),
  /** The organisation's `contactPathConfirmation.unconfirmedPathsReceive`: paths not confirmed yet still receive alerts. */
  unconfirmedPathsReceive: Type.Boolean(),
  minContactPathNum: Type.Integer(),
  profileVersion: Type.Integer(),
});
export type ContactPathsAnswer = Static<typeof ContactPathsAnswer>;

/** checkexternalId's query: an external id as §9 allows it (at most 50). */
export const CheckExternalIdQuery = Type.Object({ externalId: Type.String({ maxLength: 50 }) });
export type CheckExternalIdQuery = Static<typeof CheckExternalIdQuery>;
