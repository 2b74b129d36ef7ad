/**
 * The forgot-password calls of §7 (form bodies; `loginId` is the forgot-password builder's username):
 * - `POST /{orgId}/forgotPassword/getQuestion` (loginId) → `{ question }`;
 * - `POST /{orgId}/forgotPassword/validateForgetPassword` (email, loginId, securityAnswer?) → true;
 * - `POST /{orgId}/forgotPassword/sendEmail` (email, loginId, securityAnswer, version) → `{ status: '1' }`
 *   for every well-formed form, whether or not anything matched;
 * - `GET /{orgId}/forgotPassword/validateEmail?loginId&email`, `POST …/validateQuestionAnswer`
 *   (loginId, securityAnswer) → boolean (429 `forgotPassword.throttled`);
 * - `POST /{orgId}/forgotPassword` (token, password, confirmPassword) → `{ status: '1' }`; a used or
 *   expired link is refused with `ssp.resetPassword.link.invalid`;
 * - `GET /{orgId}/forgotPassword/resetLink?token` → `{ username }` of the account a usable link resets
 *   (issue 11: the page says whose password, and a used or expired link says so at once); else 400
 *   `ssp.resetPassword.link.invalid`. Nothing is used up.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Text, type Reply } from './common.ts';

export { OrgIdParams as ForgotPasswordParams } from './common.ts';

export const GetQuestionBody = Type.Object({ loginId: Type.Optional(Text(200)) });
export type GetQuestionBody = Static<typeof GetQuestionBody>;

/** The account's own security question, or for an unknown login a stable one of the §5 list. */
export const SecurityQuestionAnswer = Type.Object({ question: Type.String() });
export type SecurityQuestionAnswer = Static<typeof SecurityQuestionAnswer>;

/** The form of validateForgetPassword and sendEmail. */
export const ForgotPasswordBody = Type.Object({
  loginId: Type.Optional(Text(200)),
  email: Type.Optional(Text(200)),
  securityAnswer: Type.Optional(Text(200)),
  version: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ValidateResetEmailQuery = Type.Object({
  loginId: Type.String({ maxLength: 200, minLength: 1 }),
  email: Type.String({ maxLength: 200, minLength: 1 }),
});
export type ValidateResetEmailQuery = Static<typeof ValidateResetEmailQuery>;

export const ValidateQuestionAnswerBody = Type.Object({
  loginId: Type.String({ maxLength: 200, minLength: 1 }),
  securityAnswer: Type.String({ maxLength: 200, minLength: 1 }),
});
export type ValidateQuestionAnswerBody = Static<typeof ValidateQuestionAnswerBody>;

export const ResetPasswordBody = Type.Object({
  token: Type.Optional(Text(200)),
  password: Type.Optional(Text(200)),
  confirmPassword: Type.Optional(Text(200)),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** sendEmail's and the reset's answer: `status '1'`. */
export const ForgotPasswordAnswer = Type.Object({ status: Type.String() });
export type ForgotPasswordAnswer = Static<typeof ForgotPasswordAnswer>;

/** What the browser reads of sendEmail or the reset, answered or refused. */
export type ForgotPasswordReply = Reply<ForgotPasswordAnswer>;

export const ResetLinkQuery = Type.Object({ token: Text(200) });
export type ResetLinkQuery = Static<typeof ResetLinkQuery>;

export const ResetLinkAnswer = Type.Object({ username: Type.String() });
export type ResetLinkAnswer = Static<typeof ResetLinkAnswer>;
export type ResetLinkReply = Reply<ResetLinkAnswer>;
