/**
 * §3 "Account creation payload" from the sign-up builder's form data (schemas/forms/buildSignUpSchema.ts):
 * what the sign-up screens send to `POST /rest/registration/signUp` (`userDetail`) and, for the public
 * variant (§2 new-profile), to `POST /mbr-portal/api/v1/register`. The server turns the payload back
 * into form data (fromPayload.ts) and validates it with the same schema, so this mapping only moves
 * values: it checks nothing and normalises nothing (phone numbers travel as the phone widget holds them,
 * with their countryCode and the 'use as is' flag, §4). The form data's type is fromPayload.ts's, the
 * other half of the contract.
 */
import type { OrgSettings } from '../orgSettings.ts';
import type { PhoneValue } from '../rules/phoneNumber.ts';
import type { SignUpAddressFormValue, SignUpFormData } from './fromPayload.ts';
import {
  EMAIL_PATH_ID,
  type ContactAddressVo,
  type PublicRegisterPayload,
  type SignUpContactPath,
  type SignUpPayload,
} from './payload.ts';

export interface PayloadContext {
  orgId: string;
  /** The organisation's SMSSetting, phoneSetting and slackSetting give those paths their pathId (§3). */
  settings: Pick<OrgSettings, 'SMSSetting' | 'phoneSetting' | 'slackSetting'>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const filled = (value: unknown): boolean => text(value).trim() !== '';
const coordinate = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function phonePath(pathId: number, pathType: 'SMS' | 'PHONE', phone: PhoneValue | undefined): SignUpContactPath[] {
  if (!phone || !filled(phone.value)) return [];
  return [{
    pathId, pathType, value: text(phone.value),
    ...(phone.countryCode ? { countryCode: phone.countryCode } : {}),
    noValidate: phone.noValidate === true,
  }];
}

/** §3 contactPaths: e-mail is pathId 1, the others take the organisation's pathIds; empty paths are left out. */
function contactPathsOf(data: SignUpFormData, settings: PayloadContext['settings']): SignUpContactPath[] {
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

/**
 * The sign-up form's data as §3's account creation payload; with the public-portal `token`
 * (§2 new-profile), the public variant: names, e-mail, contact paths, publicProfileId and the token.
 */
export function toPayload(data: SignUpFormData, context: PayloadContext & { token: string }): PublicRegisterPayload;
export function toPayload(data: SignUpFormData, context: PayloadContext): SignUpPayload;
export function toPayload(data: SignUpFormData, context: PayloadContext & { token?: string }): SignUpPayload | PublicRegisterPayload {
  const common = {
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    email: text(data.email),
    organizationId: context.orgId,
    contactPaths: contactPathsOf(data, context.settings),
  };
  if (context.token !== undefined) {
    return { ...common, publicProfileId: text(data.publicProfileId), token: context.token };
  }
  const contactAddressVo = addressOf(data.address);
  return {
    firstName: common.firstName,
    lastName: common.lastName,
    username: text(data.username),
    password: text(data.password),
    securityQuestion: text(data.securityQuestion),
    securityAnswer: text(data.securityAnswer),
    ...(filled(data.preferredLanguage) ? { preferredLanguage: text(data.preferredLanguage) } : {}),
    organizationId: common.organizationId,
    email: common.email,
    contactPaths: common.contactPaths,
    ...(contactAddressVo ? { contactAddressVo } : {}),
    accept: data.accept === true,
  };
}
