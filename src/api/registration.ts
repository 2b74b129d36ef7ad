/**
 * The registration calls of §7, typed: `GET /{orgId}/signup/checkUsername?username` (true when the
 * name is free), `GET /rest/registration/userInfo?orgId&…invitation` (the invited contact's details),
 * `POST /rest/registration/signUp?orgId&…invitation` (JSON `{ userDetail }`, eb-base64 encoded) and
 * `GET /rest/registration/settings?orgId`. Sign-up calls are `isSignUp`: they handle 401/504 themselves (§8).
 */
import type { FieldError } from '../../schemas/forms/types.ts';
import type { InvitationParams, SignUpPayload } from '../../schemas/signUp/payload.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

/** One delivery path of §3 "Private user info" (deliverPathInfo). */
export interface DeliverPathInfo {
  value?: string;
  countryCode?: string;
  noValidate?: boolean;
}

/** §3 "Private user info: firstName, lastName, addresses, deliverPathInfo (emailInfo, phoneInfo, SMSInfo, slackInfo …)". */
export interface PrivateUserInfo {
  firstName?: string;
  lastName?: string;
  email?: string;
  addresses?: unknown[];
  deliverPathInfo?: {
    emailInfo?: DeliverPathInfo | null;
    phoneInfo?: DeliverPathInfo | null;
    SMSInfo?: DeliverPathInfo | null;
    slackInfo?: DeliverPathInfo | null;
  };
}

/** What signUp (§7) and register answer: the new account and the rotated session's token, or why not. */
export interface SignUpAnswer {
  contactId?: number;
  individualAccountId?: number | string;
  CSRF_TOKEN_FOR_SESSION?: string;
  errorCode?: string;
  errors?: FieldError[];
}

/** §4 username availability; `true` when free. */
export function checkUsername(orgId: string, username: string, signal?: AbortSignal) {
  return api.get<boolean>(paths.checkUsername(orgId), { query: { username }, signal });
}

/** §2 private invitation: the invited contact's names, e-mail and delivery paths. */
export function userInfo(orgId: string, invitation: InvitationParams | null, signal?: AbortSignal) {
  return api.get<PrivateUserInfo>(paths.userInfo, { query: { orgId, ...invitation }, signal, isSignUp: true });
}

/** §3 account creation: the payload travels as `userDetail`, eb-base64 encoded. */
export function signUp(orgId: string, invitation: InvitationParams | null, payload: SignUpPayload, signal?: AbortSignal) {
  return api.post<SignUpAnswer | null>(paths.signUp, {
    query: { orgId, ...invitation },
    json: { userDetail: payload },
    base64: true,
    isSignUp: true,
    signal,
  });
}

/** §7 registration settings: the sign-up form's organisation settings. */
export function registrationSettings(orgId: string, signal?: AbortSignal) {
  return api.get<Record<string, unknown>>(paths.registrationSettings, { query: { orgId }, signal, isSignUp: true });
}
