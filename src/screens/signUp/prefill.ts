import type { DeliverPathInfo, PrivateUserInfo } from '../../../schemas/api/registration.ts';
import type { PublicProfile } from '../../../schemas/signUp/payload.ts';
import type { PhoneFormValue, SignUpFormData } from '../../../schemas/signUp/formData.ts';

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function phoneOf(info: DeliverPathInfo | null | undefined, defaultCountry: string): PhoneFormValue | undefined {
  if (!info || !given(info.value)) return undefined;
  return { value: info.value, countryCode: info.countryCode || defaultCountry, noValidate: info.noValidate === true };
}

/** Keeps the values the form has a field for (a path the organisation does not expose is not sent back). */
function only(fields: ReadonlySet<string>, data: Record<string, unknown>): SignUpFormData {
  return Object.fromEntries(Object.entries(data).filter(([name, value]) => fields.has(name) && value !== undefined)) as SignUpFormData;
}

/** §2 private invitation: the invited contact's names, e-mail and delivery paths fill the sign-up form. */
export function prefillFromUserInfo(info: PrivateUserInfo, fields: ReadonlySet<string>, defaultCountry: string): SignUpFormData {
  const paths = info.deliverPathInfo ?? {};
  const email = given(info.email) ? info.email : paths.emailInfo?.value;
  return only(fields, {
    firstName: given(info.firstName) ? info.firstName : undefined,
    lastName: given(info.lastName) ? info.lastName : undefined,
    email: given(email) ? email : undefined,
    smsPhone: phoneOf(paths.SMSInfo, defaultCountry),
    mobilePhone: phoneOf(paths.phoneInfo, defaultCountry),
    slack: given(paths.slackInfo?.value) ? paths.slackInfo.value : undefined,
  });
}

/**
 * §2 new-profile: the public profile fills the public variant's form; its id is the hidden
 * publicProfileId. Its one phone number goes to the SMS path when the organisation offers it,
 * else to the voice path.
 */
export function prefillFromPublicProfile(profile: PublicProfile, fields: ReadonlySet<string>, defaultCountry: string): SignUpFormData {
  const phone = phoneOf({ value: profile.phone, countryCode: profile.countryCode }, defaultCountry);
  return only(fields, {
    publicProfileId: profile.id,
    firstName: given(profile.firstName) ? profile.firstName : undefined,
    lastName: given(profile.lastName) ? profile.lastName : undefined,
    email: given(profile.email) ? profile.email : undefined,
    ...(fields.has('smsPhone') ? { smsPhone: phone } : { mobilePhone: phone }),
  });
}
