/**
 * The account calls of §7, typed: `POST /manage/login` (form orgId, username, password, keepSigned),
 * the address of `GET /logout/{orgId}` (a navigation, not a fetch), `POST /{orgId}/changePassword/validatePassword`
 * (form userName, password), `POST /{orgId}/changePassword` (form loginId, oldPassword, newPassword) and
 * `POST /deleteAccount/{orgId}` (form `_method=DELETE`). Each resolves to the client's `ApiResult`: a
 * screen reads `hasError`, `status` and the answer's status/errorCode/errors as §8 says.
 */
import type { FieldError } from '../../schemas/forms/types.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

/** §7 `POST /manage/login` answer. */
export interface LoginAnswer {
  status?: string;
  redirect?: string;
  errorCode?: string;
  remainCount?: number;
  fedrampLockTime?: number;
  CSRF_TOKEN_FOR_SESSION?: string;
  errors?: FieldError[];
}

/** §7 `POST /{org}/changePassword` answer. */
export interface ChangePasswordAnswer {
  status?: string;
  CSRF_TOKEN_FOR_SESSION?: string;
  errorCode?: string;
  errors?: FieldError[];
}

/** §7 `POST /deleteAccount/{orgId}` answer. */
export interface DeleteAccountAnswer {
  status?: string;
  errorCode?: string;
}

export interface LoginForm {
  username: string;
  password: string;
}

/** §4 login; the portal never keeps a member signed in across browser sessions (keepSigned false). */
export function login(orgId: string, form: LoginForm) {
  return api.post<LoginAnswer | null>(paths.login, {
    form: { orgId, username: form.username, password: form.password, keepSigned: 'false' },
  });
}

/** The logout address: the server ends the session and redirects to `/{orgId}/login`. */
export function logoutHref(orgId: string): string {
  return paths.logout(orgId);
}

/** Whether `password` may be the new password of `userName` under the organisation's policy (true/false). */
export function validatePassword(orgId: string, form: { userName: string; password: string }, signal?: AbortSignal) {
  return api.post<boolean>(paths.changePasswordValidate(orgId), { form, signal });
}

export interface ChangePasswordForm {
  loginId: string;
  oldPassword: string;
  newPassword: string;
}

export function changePassword(orgId: string, form: ChangePasswordForm) {
  return api.post<ChangePasswordAnswer | null>(paths.changePassword(orgId), { form: { ...form } });
}

/** §7 delete account: a form POST that says DELETE; `status: 'yes'` when the account is gone. */
export function deleteAccount(orgId: string) {
  return api.post<DeleteAccountAnswer | null>(paths.deleteAccount(orgId), { form: { _method: 'DELETE' } });
}
