/**
 * §3 "Account creation payload" and its public-portal variant: what the sign-up screens send in
 * `POST /rest/registration/signUp` (form `userDetail`) and `POST /mbr-portal/api/v1/register`.
 * The browser builds it from the sign-up builder's form data (`toPayload.ts`); the server turns it
 * back into that form data (`fromPayload.ts`) and validates it with the very same schema.
 */
import type { ContactPathType } from '../entities.ts';

/** §3 contact paths: e-mail is pathId 1; SMS, phone and Slack take theirs from the organisation settings. */
export const EMAIL_PATH_ID = 1;

export interface SignUpContactPath {
  pathId: number;
  pathType: Extract<ContactPathType, 'EMAIL' | 'SMS' | 'PHONE' | 'SLACK'>;
  value: string;
  /** ISO 3166 alpha-2, phone paths only. */
  countryCode?: string;
  /** The phone "use as is" bypass (§4). */
  noValidate?: boolean;
}

/** §3 `contactAddressVo` (the `slack` member of §3's list travels as a SLACK contact path instead). */
export interface ContactAddressVo {
  pristineLocationName: string;
  locationName: string;
  country: string;
  streetAddress: string;
  suite: string;
  city: string;
  state: string;
  postalCode: string;
  lon: number | null;
  lat: number | null;
  addressGeoCodingSource: string;
  id: number | null;
}

export interface SignUpPayload {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  securityQuestion: string;
  securityAnswer: string;
  preferredLanguage?: string;
  organizationId: string;
  email: string;
  contactPaths: SignUpContactPath[];
  contactAddressVo?: ContactAddressVo;
  /** The terms box (§2): the server refuses a sign-up without it, as the browser does. */
  accept: boolean;
}

/** §3 "public variant uses firstName, lastName, email, organizationId, contactPaths, publicProfileId". */
export interface PublicRegisterPayload {
  firstName: string;
  lastName: string;
  email: string;
  organizationId: string;
  contactPaths: SignUpContactPath[];
  publicProfileId: string;
  /** The public-portal token the profile was fetched with (getPublicProfile): proof the person holds it. */
  token: string;
}

/** §3 "Public profile: firstName, lastName, email, phone, countryCode, id". */
export interface PublicProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  countryCode: string;
}

/** §1 invitation parameters of a private organisation's sign-up link, passed on to signUp and userInfo. */
export interface InvitationParams {
  contactId: string;
  strOrgId: string;
  strContactId: string;
  time: string;
  key: string;
}
