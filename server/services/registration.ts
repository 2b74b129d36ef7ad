/**
 * What the sign-up page reads before it submits (§7 registration calls): the organisation's sign-up
 * settings, whether a username is free, and what the organisation already knows of an invited
 * contact. The submission itself is services/signUp.ts.
 */
import { SECURITY_QUESTIONS } from '../../schemas/forms/commonFields.ts';
import { passwordPolicyOf } from '../../schemas/rules/passwordPolicy.ts';
import { EMAIL_PATH_ID, type ContactAddressVo, type InvitationParams } from '../../schemas/signUp/payload.ts';
import type { Db } from '../db/client.ts';
import { findAddresses, findContactPaths, type StoredContactPath } from '../repositories/accounts.ts';
import { findContactByUsername } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { invitedContact } from './invitations.ts';
import { refuse, type Refusal } from './results.ts';

/** §5 "unused ('ssp.login.username.exist')": whether no account of `org` has this username (without regard to case). */
export async function isUsernameFree(db: Db, org: Organization, username: string): Promise<boolean> {
  return (await findContactByUsername(db, org.orgId, username)) === null;
}

/** `GET /rest/registration/settings`: what the sign-up page needs to know of the organisation. */
export function registrationSettings(org: Organization) {
  const s = org.settings;
  return {
    orgId: org.orgId,
    isPublic: s.isPublic,
    minSignup: s.minSignup,
    signupEmailEditable: s.signupEmailEditable,
    signupEmailMandatory: s.signupEmailMandatory,
    shouldShowPreferredLanguage: s.shouldShowPreferredLanguage,
    showAddress: s.showAddress,
    addressSetting: s.addressSetting,
    SMSSetting: s.SMSSetting,
    phoneSetting: s.phoneSetting,
    slackSetting: s.slackSetting,
    showSlackDeliveryPath: s.showSlackDeliveryPath,
    defaultCountry: s.defaultCountry,
    passwordPolicy: passwordPolicyOf(s),
    securityQuestions: [...SECURITY_QUESTIONS],
  };
}

/** §7 userInfo's message on every refusal. */
export const USER_INFO_FAILED = 'Failed to get specified user information';

/** `GET /rest/registration/userInfo`: what the organisation knows of the contact a valid invitation names. */
export async function invitedUserInfo(db: Db, org: Organization, invitation: InvitationParams) {
  const found = await invitedContact(db, org.orgId, invitation);
  if ('status' in found) return refuse(found.status, { errorCode: found.errorCode, message: USER_INFO_FAILED }) as Refusal;
  const { contact } = found;
  const paths = await findContactPaths(db, org.orgId, contact.contactId);
  // A path kept only for its quiet times (services/profile.ts) has no value to offer.
  const info = (row: StoredContactPath | undefined) => row && row.value !== ''
    ? { value: row.value, ...(row.countryCode ? { countryCode: row.countryCode } : {}), quietTimeFrame: row.quietTimeFrames, noValidate: row.noValidate }
    : null;
  const ofType = (pathType: string) => paths.find((row) => row.pathType === pathType);
  const emailPath = paths.find((row) => row.pathId === EMAIL_PATH_ID && row.value !== '');
  const stored = await findAddresses(db, org.orgId, contact.contactId);
  return {
    ok: true as const,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? '',
    addresses: stored.map((row): ContactAddressVo => ({
      pristineLocationName: row.locationName, locationName: row.locationName, country: row.country ?? '', streetAddress: row.streetAddress,
      suite: row.suite ?? '', city: row.city ?? '', state: row.state ?? '', postalCode: row.postalCode ?? '', lon: row.lon, lat: row.lat,
      addressGeoCodingSource: row.addressGeoCodingSource ?? '', id: row.locationId,
    })),
    deliverPathInfo: {
      emailInfo: emailPath ? info(emailPath) : contact.email ? { value: contact.email, quietTimeFrame: [], noValidate: false } : null,
      phoneInfo: info(ofType('PHONE')),
      SMSInfo: info(ofType('SMS')),
      slackInfo: info(ofType('SLACK')),
    },
  };
}
