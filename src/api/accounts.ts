/**
 * The account calls of §7, typed: `POST /manage/login` (form orgId, username, password, keepSigned),
 * `POST /logout/{orgId}` (the app's logout, with the CSRF token), `POST /{orgId}/changePassword/validatePassword`
 * (form userName, password), `POST /{orgId}/changePassword` (form loginId, oldPassword, newPassword, expiredToken) and
 * `POST /deleteAccount/{orgId}` (form `_method=DELETE`, password). Each resolves to the client's `ApiResult`: a
 * screen reads `hasError`, `status` and the answer's status/errorCode/errors as §8 says.
 */
import type { ChangePasswordBody, ChangePasswordReply, DeleteAccountReply, LoginReply, LogoutReply, ValidatePasswordBody } from '../../schemas/api/accounts.ts';
import type { SsoInfoAnswer } from '../../schemas/api/sso.ts';
import { api, navigation } from './client.ts';
import { writeFlash } from './flash.ts';
import { paths } from './paths.ts';

export type { ChangePasswordReply, DeleteAccountReply, LoginReply };

export interface LoginForm {
  username: string;
  password: string;
}

/** §4 login; the portal never keeps a member signed in across browser sessions (keepSigned false). */
export function login(orgId: string, form: LoginForm) {
  return api.post<LoginReply | null>(paths.login, {
    form: { orgId, username: form.username, password: form.password, keepSigned: 'false' },
  });
}

/** §7 `POST /index/sso/info?orgId`: where the organisation's identity providers are reached (login/sso). */
export function ssoInfo(orgId: string, signal?: AbortSignal) {
  return api.post<SsoInfoAnswer>(paths.ssoInfo, { query: { orgId }, signal });
}

/**
 * Logout: a POST carrying the CSRF token (so no other site can sign the member out, issue 9 row 11);
 * then the login page the server names, or this page anew when the call failed (a session already
 * gone shows the visitor's page).
 */
export async function logout(orgId: string): Promise<void> {
  const result = await api.post<LogoutReply | null>(paths.logout(orgId), { form: {} });
  if (!result.hasError) writeFlash({ kind: 'signedOut' });
  navigation.assign(result.data?.redirect ?? navigation.current().href);
}

/** Whether `password` may be the new password of `userName` under the organisation's policy (true/false). */
export function validatePassword(orgId: string, form: Required<ValidatePasswordBody>, signal?: AbortSignal) {
  return api.post<boolean>(paths.changePasswordValidate(orgId), { form: { ...form }, signal });
}

/** The change's form; `expiredToken` only for an expired password changed without a session. */
export type ChangePasswordForm = Required<Omit<ChangePasswordBody, 'expiredToken'>> & Pick<ChangePasswordBody, 'expiredToken'>;

export function changePassword(orgId: string, form: ChangePasswordForm) {
  return api.post<ChangePasswordReply | null>(paths.changePassword(orgId), { form: { ...form } });
}

/**
 * §7 delete account: a form POST that says DELETE, with the member's current password (an account
 * without one, a public-portal account, sends none); `status: 'yes'` when the account is gone.
 */
export function deleteAccount(orgId: string, password: string | null) {
  return api.post<DeleteAccountReply | null>(paths.deleteAccount(orgId), { form: { _method: 'DELETE', ...(password === null ? {} : { password }) } });
}
