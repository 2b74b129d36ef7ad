/**
 * §3 "Account creation payload" from the sign-up builder's form data (schemas/forms/buildSignUpSchema.ts):
 * what the sign-up screens send to `POST /rest/registration/signUp` (`userDetail`) and, for the public
 * variant (§2 new-profile), to `POST /mbr-portal/api/v1/register`. The server turns the payload back
 * into form data (fromPayload.ts) and validates it with the same schema, so this mapping only moves
 * values: it checks nothing and normalises nothing (phone numbers travel as the phone widget holds them,
 * with their countryCode and the 'use as is' flag, §4). The form data and the contact-path and
 * address mappings are formData.ts's, shared with the server's half.
 */
import { addressOf, contactPathsOf, filled, text, type PathIdSettings, type SignUpFormData } from './formData.ts';
import type { PublicRegisterPayload, SignUpPayload } from './payload.ts';

export interface PayloadContext {
  orgId: string;
  /** The organisation's SMSSetting, phoneSetting and slackSetting give those paths their pathId (§3). */
  settings: PathIdSettings;
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
