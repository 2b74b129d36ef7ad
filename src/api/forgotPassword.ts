/**
 * The forgot-password calls of §7, typed (all form bodies, `loginId` is the builder's `username`):
 * `POST /{orgId}/forgotPassword/getQuestion` → `{ question }`, `POST …/validateForgetPassword` → true,
 * `POST …/sendEmail` → `{ status: '1' }` for every well-formed form, `GET …/validateEmail?loginId&email`
 * and `POST …/validateQuestionAnswer` → boolean (429 when throttled), and the reset itself
 * `POST /{orgId}/forgotPassword` (token, password, confirmPassword).
 */
import type { Reply } from '../../schemas/api/common.ts';
import type { ForgotPasswordBody, ForgotPasswordReply, ResetLinkReply, ResetPasswordBody, SecurityQuestionAnswer } from '../../schemas/api/forgotPassword.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { ForgotPasswordReply };

/** §7 `POST /{orgId}/forgotPassword` as the browser reads it. */
export type ResetReply = ForgotPasswordReply;

/** The form of validateForgetPassword and sendEmail; `version` is the form's version (§7 sendEmail). */
export type ForgotPasswordForm = Required<Omit<ForgotPasswordBody, 'version'>> & Pick<ForgotPasswordBody, 'version'>;

export function getSecurityQuestion(orgId: string, loginId: string, signal?: AbortSignal) {
  return api.post<Reply<SecurityQuestionAnswer> | null>(paths.forgotPasswordQuestion(orgId), { form: { loginId }, signal });
}

export function validateForgetPassword(orgId: string, form: ForgotPasswordForm, signal?: AbortSignal) {
  return api.post<boolean | ForgotPasswordReply>(paths.forgotPasswordValidate(orgId), { form: formOf(form), signal });
}

export function sendResetEmail(orgId: string, form: ForgotPasswordForm) {
  return api.post<ForgotPasswordReply | null>(paths.forgotPasswordSendEmail(orgId), { form: formOf(form) });
}

/** Whose password a reset link resets, while it can be used (issue 11); nothing is used up. */
export function resetLinkAccount(orgId: string, token: string, signal?: AbortSignal) {
  return api.get<ResetLinkReply | null>(paths.forgotPasswordResetLink(orgId), { query: { token }, signal });
}

export function validateResetEmail(orgId: string, loginId: string, email: string, signal?: AbortSignal) {
  return api.get<boolean>(paths.forgotPasswordValidateEmail(orgId), { query: { loginId, email }, signal });
}

export function validateQuestionAnswer(orgId: string, loginId: string, securityAnswer: string, signal?: AbortSignal) {
  return api.post<boolean>(paths.forgotPasswordValidateAnswer(orgId), { form: { loginId, securityAnswer }, signal });
}

export type ResetPasswordForm = Required<ResetPasswordBody>;

/** §4 reset after forgot: `status: '1'` when done; `ssp.resetPassword.link.invalid` for a used or expired link. */
export function resetPassword(orgId: string, form: ResetPasswordForm) {
  return api.post<ResetReply | null>(paths.forgotPassword(orgId), { form: { ...form } });
}

function formOf(form: ForgotPasswordForm): Record<string, string> {
  const { version, ...rest } = form;
  return version === undefined ? rest : { ...rest, version };
}
