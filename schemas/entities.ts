/**
 * The §3 entities the form builders read besides the organisation settings: what the server says
 * about one member's profile fields, contact paths and custom fields (editable, mandatory, exposed …).
 */

/** §3 Contact path types. RECIP is the mobile app ("value yes means logged in to the app"). */
export const CONTACT_PATH_TYPES = [
  'EMAIL', 'SMS', 'PHONE', 'TTYTDD', 'PAGER', 'FAX', 'TA', 'RECIP', 'SLACK', 'PLAINTEXTEMAIL', 'NUMERICPAGER',
] as const;
export type ContactPathType = (typeof CONTACT_PATH_TYPES)[number];

/**
 * §3: the path types whose value is a phone number (with a country and 'use as is', §4), checked by
 * the phone rule of §5. The contact-path builder and the contact-path widget both read this one set.
 */
export const PHONE_PATH_TYPES: ReadonlySet<ContactPathType> = new Set(['SMS', 'PHONE', 'TTYTDD', 'FAX', 'NUMERICPAGER']);

/** §3/§5: the path types whose value is an e-mail address (Slack is e-mail formatted, §5). */
export const EMAIL_PATH_TYPES: ReadonlySet<ContactPathType> = new Set(['EMAIL', 'PLAINTEXTEMAIL', 'SLACK']);

/** §3 Quiet time: days 1–7 with Sunday first. */
export interface QuietTimeFrame {
  name: string;
  days: number[];
  fromHour: number;
  fromMin: number;
  toHour: number;
  toMin: number;
  /** The 24-hour option: end equals start (§4). */
  allDay?: boolean;
}

/** §3 Contact path as the server describes one delivery path of a member. */
export interface ContactPathDefinition {
  pathId: number;
  type: ContactPathType;
  name: string;
  editable: boolean;
  mandatory: boolean;
  expose: boolean;
  /** Pager services to choose from (systemRequirement), for PAGER/NUMERICPAGER/PLAINTEXTEMAIL. */
  pagerServices?: string[];
}

/** §3 Contact path values a member submits. */
export interface ContactPathValue {
  pathId: number;
  type: ContactPathType;
  value: string;
  countryCode?: string;
  phoneExt?: string;
  ext?: string;
  pin?: string;
  systemRequirement?: string;
  /** The phone "use as is" bypass (§4). */
  noValidate?: boolean;
  waitTime?: number;
  pathEnable?: boolean;
  quietTimeFrames?: QuietTimeFrame[];
}

/** §3 Profile.profiles entry: one profile field and its flags, by fieldName. */
export interface ProfileFieldFlags {
  fieldName: string;
  name: string;
  profileId: number;
  value: string;
  editable: boolean;
  mandatory: boolean;
  expose: boolean;
}

/** §3 Profile flags the profile builder needs. */
export interface ProfileFlags {
  profiles: ProfileFieldFlags[];
  isPreferredLanguageEditable: boolean;
  isPreferredLanguageMandatory: boolean;
  isPreferredLanguageExposed: boolean;
  isEmailEditable: boolean;
  isChangePassword: boolean;
  minContactPathNum: number;
  /** Username is shown only for registered, non-migrated members not from the public portal (§2). */
  registered: boolean;
  isMigrated: boolean;
  fromPublicPortal: boolean;
  /** The member has a username here (not an account single sign-on made, issue 15): it is shown. */
  hasUsername: boolean;
  timeZoneEditable: boolean;
  timeZoneMandatory: boolean;
}

/** §3 Custom field: data type × display format (F free, L list, S multi-select). */
export interface CustomFieldDefinition {
  attrId: number;
  name: string;
  dataType: 'STRING' | 'DATE' | 'NUMBER';
  displayFormat: 'F' | 'L' | 'S';
  definedValues: string[];
  editable: boolean;
  mandatory: boolean;
}

/** §3 Event subscription web page requirements. */
export interface EventSignUpRequirements {
  requireName: boolean;
  requireMobile: boolean;
  requireEmail: boolean;
}

/**
 * §3 Subscriptions "no-disturb (startTime, endTime, startMeridiem, endMeridiem, timeZoneId, checked)":
 * the hours weather alerts are held back, on the hour (§9 "weather times 01:00-12:00 hourly AM/PM").
 * `timeZoneId` is '' when the organisation does not ask for one (the member's own zone applies).
 */
export interface NoDisturb {
  checked: boolean;
  startTime: string;
  startMeridiem: 'AM' | 'PM';
  endTime: string;
  endMeridiem: 'AM' | 'PM';
  timeZoneId: string;
}

/** §7: where a location a member saves comes from (sign-up, the Locations page, expected locations); another source is a travel itinerary's. */
export const LOCATION_SOURCE = 'Member_Portal';
