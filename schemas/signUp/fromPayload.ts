/**
 * The server's half of the sign-up contract (payload.ts, §3 "Account creation payload"): a
 * `SignUpPayload` or `PublicRegisterPayload` turned back into the sign-up builder's form data
 * (buildSignUpSchema.ts), so the server validates exactly what the browser's form validated, with the
 * same schema and the same pointers (/firstName, /smsPhone/value, /address/verified, /accept …)
 * (STYLE.md principle 6). And the way back from validated form data to what is stored: the contact
 * path rows and the address.
 *
 * What the form would not hold is not put in: a contact path the organisation does not offer at
 * sign-up (§2 "contact information (email, SMS, phone, Slack)", each only when exposed), the address
 * when the organisation shows none or in the public variant, the preferred language when the
 * organisation does not ask for it. Blank text is left out, as the form leaves an emptied input
 * undefined, so a missing value gets the field's required message.
 */
import type { OrgSettings } from '../orgSettings.ts';
import { normalizePhoneValue } from '../rules/phoneNumber.ts';
import { addressOf, contactPathsOf, type PhoneFormValue, type SignUpAddressFormValue, type SignUpFormData } from './formData.ts';
import type { ContactAddressVo, PublicRegisterPayload, SignUpContactPath, SignUpPayload } from './payload.ts';

type OfferedPaths = Pick<OrgSettings, 'SMSSetting' | 'phoneSetting' | 'slackSetting' | 'showSlackDeliveryPath' | 'defaultCountry'>;

/** Text as the form holds it: a blank value is no value. */
const given = (text: string | undefined | null): string | undefined => (typeof text === 'string' && text.trim() !== '' ? text : undefined);

/** Drops the members whose value is undefined, so the data looks like the form's. */
function compact<T extends object>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as T;
}

/** §2 Slack is offered when the organisation shows the Slack delivery path and exposes it (as the builder decides). */
const slackOffered = (settings: OfferedPaths) => settings.showSlackDeliveryPath && settings.slackSetting.exposed;

function phoneFormValue(path: SignUpContactPath | undefined, defaultCountry: string): PhoneFormValue {
  return {
    value: path?.value ?? '',
    countryCode: given(path?.countryCode) ?? defaultCountry,
    noValidate: path?.noValidate ?? false,
  };
}

/**
 * The contact-information part of the form (§2): e-mail from `email` (else an EMAIL path), and one
 * SMS, phone and Slack field for each path the organisation offers (the first path of that type;
 * an offered phone without a path is the widget's empty value).
 */
function contactFormData(settings: OfferedPaths, email: string, paths: readonly SignUpContactPath[]): Pick<SignUpFormData, 'email' | 'smsPhone' | 'mobilePhone' | 'slack'> {
  const first = (type: SignUpContactPath['pathType']) => paths.find((path) => path.pathType === type);
  return compact({
    email: given(email) ?? given(first('EMAIL')?.value),
    smsPhone: settings.SMSSetting.exposed ? phoneFormValue(first('SMS'), settings.defaultCountry) : undefined,
    mobilePhone: settings.phoneSetting.exposed ? phoneFormValue(first('PHONE'), settings.defaultCountry) : undefined,
    slack: slackOffered(settings) ? given(first('SLACK')?.value) : undefined,
  });
}

/** §3 `contactAddressVo` → the form's address; a location with both coordinates has been verified on the map. */
export function addressFormValue(vo: ContactAddressVo): SignUpAddressFormValue {
  const lat = typeof vo.lat === 'number' ? vo.lat : null;
  const lon = typeof vo.lon === 'number' ? vo.lon : null;
  return compact({
    locationName: given(vo.locationName),
    streetAddress: given(vo.streetAddress),
    suite: given(vo.suite),
    city: given(vo.city),
    state: given(vo.state),
    postalCode: given(vo.postalCode),
    country: given(vo.country),
    lat,
    lon,
    addressGeoCodingSource: given(vo.addressGeoCodingSource),
    verified: lat !== null && lon !== null,
  });
}

/**
 * The standard sign-up form's data (builder variant 'standard') for `payload`, under the organisation's
 * settings: what checkSubmission(org, 'signUp', 'signup', { signUpVariant: 'standard', … }, data) validates.
 */
export function signUpFormData(
  settings: OfferedPaths & Pick<OrgSettings, 'showAddress' | 'shouldShowPreferredLanguage'>,
  payload: SignUpPayload,
): SignUpFormData {
  return compact({
    firstName: given(payload.firstName),
    lastName: given(payload.lastName),
    username: given(payload.username),
    password: given(payload.password),
    securityQuestion: given(payload.securityQuestion),
    securityAnswer: given(payload.securityAnswer),
    preferredLanguage: settings.shouldShowPreferredLanguage ? given(payload.preferredLanguage) : undefined,
    ...contactFormData(settings, payload.email, payload.contactPaths),
    address: settings.showAddress && payload.contactAddressVo ? addressFormValue(payload.contactAddressVo) : undefined,
    accept: payload.accept,
  });
}

/** The public variant's form data (§2 new-profile: names, e-mail, contact paths and publicProfileId). */
export function publicRegisterFormData(settings: OfferedPaths, payload: PublicRegisterPayload): SignUpFormData {
  return compact({
    firstName: given(payload.firstName),
    lastName: given(payload.lastName),
    publicProfileId: given(payload.publicProfileId),
    ...contactFormData(settings, payload.email, payload.contactPaths),
  });
}

/**
 * §3 contact paths of validated sign-up form data, as stored: the paths the browser sends
 * (formData.ts `contactPathsOf`: e-mail is pathId 1, SMS, phone and Slack the organisation's pathIds),
 * only those the organisation offers, e-mail and Slack trimmed, phone numbers as §5 says they are sent
 * ("stripped to digits or national number") with the organisation's country when none was chosen.
 */
export function signUpContactPaths(settings: OfferedPaths, data: SignUpFormData): SignUpContactPath[] {
  const offered: Record<SignUpContactPath['pathType'], boolean> = {
    EMAIL: true, SMS: settings.SMSSetting.exposed, PHONE: settings.phoneSetting.exposed, SLACK: slackOffered(settings),
  };
  return contactPathsOf(data, settings).filter((path) => offered[path.pathType]).flatMap((path) => {
    if (path.pathType === 'EMAIL' || path.pathType === 'SLACK') return [{ ...path, value: path.value.trim() }];
    const value = normalizePhoneValue(path, settings.defaultCountry);
    return value ? [{ ...path, value, countryCode: path.countryCode || settings.defaultCountry }] : [];
  });
}

/**
 * The address of validated sign-up form data as §3 `contactAddressVo`, or null when none was given
 * (neither a location name nor a street: §5 "if address … present it must be verified").
 */
export function signUpAddress(data: SignUpFormData): ContactAddressVo | null {
  return addressOf(data.address) ?? null;
}
