/**
 * The registration calls of §7, typed: `GET /{orgId}/signup/checkUsername?username` (true when the
 * name is free), `GET /rest/registration/userInfo?orgId&…invitation` (the invited contact's details),
 * `POST /rest/registration/signUp?orgId&…invitation` (JSON `{ userDetail }`, eb-base64 encoded) and
 * `GET /rest/registration/settings?orgId`. Sign-up calls are `isSignUp`: they handle 401/504 themselves (§8).
 */
import type { Reply } from '../../schemas/api/common.ts';
import type { InvitationParams, PrivateUserInfo, RegistrationSettings, SignUpAnswer, SignUpBody, SignUpPayload } from '../../schemas/api/registration.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { PrivateUserInfo };

/** What the browser reads of a signUp or register call, answered or refused. */
export type SignUpReply = Reply<SignUpAnswer & { individualAccountId: number }>;

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
  return api.post<SignUpReply | null>(paths.signUp, {
    query: { orgId, ...invitation },
    json: { userDetail: payload } satisfies SignUpBody,
    base64: true,
    isSignUp: true,
    signal,
  });
}

/** §7 registration settings: the sign-up form's organisation settings. */
export function registrationSettings(orgId: string, signal?: AbortSignal) {
  return api.get<RegistrationSettings>(paths.registrationSettings, { query: { orgId }, signal, isSignUp: true });
}
