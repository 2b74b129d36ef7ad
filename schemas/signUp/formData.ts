/**
 * The sign-up builder's form data (schemas/forms/buildSignUpSchema.ts) and the two mappings out of it
 * that both halves of the §3 payload contract need: the contact paths and the address. The browser
 * sends them (toPayload.ts); the server, having rebuilt and validated the form data (fromPayload.ts),
 * stores them. Written once here, so the two halves import this module and not each other.
 */
import type { OrgSettings } from '../orgSettings.ts';
import { EMAIL_PATH_ID, type ContactAddressVo, type SignUpContactPath } from './payload.ts';

/** The phone widget's value (schemas/forms/phoneField.ts). */
export interface PhoneFormValue {
  value: string;
  countryCode: string;
  noValidate: boolean;
}

/** The sign-up form's address (the location dialog's fields plus `verified`, set by the map modal). */
export interface SignUpAddressFormValue {
  locationName?: string;
  streetAddress?: string;
  suite?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  lat: number | null;
  lon: number | null;
  addressGeoCodingSource?: string;
  /** §4/§5 a location is verified once it has a point on the map: here, both coordinates are numbers. */
  verified: boolean;
}

/** §3 "Sign-up values", as the sign-up builder's form holds them (standard and public variants). */
export interface SignUpFormData {
  firstName?: string;
  lastName?: string;
  username?: string;
  password?: string;
  securityQuestion?: string;
  securityAnswer?: string;
  preferredLanguage?: string;
  /** Public variant only. */
  publicProfileId?: string;
  email?: string;
  smsPhone?: PhoneFormValue;
  mobilePhone?: PhoneFormValue;
  slack?: string;
  address?: SignUpAddressFormValue;
  accept?: boolean;
}

/** A form value as text ('' when it is none). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether a form value holds more than blanks. */
export const filled = (value: unknown): boolean => text(value).trim() !== '';

const coordinate = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The organisation settings that give the sign-up's SMS, phone and Slack paths their pathIds (§3). */
export type PathIdSettings = Pick<OrgSettings, 'SMSSetting' | 'phoneSetting' | 'slackSetting'>;

/**
 * §3 contactPaths of the form's contact information, as typed: e-mail is pathId 1, SMS, phone and
 * Slack take the organisation's pathIds; a path left empty is left out. A phone keeps its country
 * and 'use as is' flag (§4).
 */
export function contactPathsOf(data: SignUpFormData, settings: PathIdSettings): SignUpContactPath[] {
  const phonePath = (pathId: number, pathType: 'SMS' | 'PHONE', phone: Partial<PhoneFormValue> | undefined): SignUpContactPath[] => {
    if (!phone || !filled(phone.value)) return [];
    return [{ pathId, pathType, value: text(phone.value), ...(phone.countryCode ? { countryCode: phone.countryCode } : {}), noValidate: phone.noValidate === true }];
  };
  return [
    ...(filled(data.email) ? [{ pathId: EMAIL_PATH_ID, pathType: 'EMAIL' as const, value: text(data.email) }] : []),
    ...phonePath(settings.SMSSetting.pathId, 'SMS', data.smsPhone),
    ...phonePath(settings.phoneSetting.pathId, 'PHONE', data.mobilePhone),
    ...(filled(data.slack) ? [{ pathId: settings.slackSetting.pathId, pathType: 'SLACK' as const, value: text(data.slack) }] : []),
  ];
}

/**
 * §3 contactAddressVo, only for an address the member gave (a location name or a street: the fields
 * the §5 verification rule looks at). A sign-up address is new, so it has no id and no pristine name.
 */
export function addressOf(address: SignUpAddressFormValue | undefined): ContactAddressVo | undefined {
  if (!address || (!filled(address.locationName) && !filled(address.streetAddress))) return undefined;
  return {
    pristineLocationName: '',
    locationName: text(address.locationName),
    country: text(address.country),
    streetAddress: text(address.streetAddress),
    suite: text(address.suite),
    city: text(address.city),
    state: text(address.state),
    postalCode: text(address.postalCode),
    lon: coordinate(address.lon),
    lat: coordinate(address.lat),
    addressGeoCodingSource: text(address.addressGeoCodingSource),
    id: null,
  };
}
