/**
 * The account calls of §7 (form bodies): `POST /manage/login`, `GET /logout/{orgId}` (a redirect, no
 * JSON), the app's `POST /logout/{orgId}` (CSRF token required; issue 9 row 11),
 * `POST /{orgId}/changePassword/validatePassword`, `POST /{orgId}/changePassword` and
 * `POST /deleteAccount/{orgId}` (with the current password). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Constant, OrgId, Refusal, Text, type Reply } from './common.ts';

export { OrgIdParams as LogoutParams, OrgIdParams as ChangePasswordParams, OrgIdParams as DeleteAccountParams } from './common.ts';

/** The app's logout answer: the sign-in is over; `redirect` is the organisation's login page. */
export const LogoutAnswer = Type.Object({ status: Type.String(), redirect: Type.String() });
export type LogoutAnswer = Static<typeof LogoutAnswer>;

/** What the browser reads of a logout call, answered or refused. */
export type LogoutReply = Reply<LogoutAnswer>;

/** §4 login form: the organisation, the login builder's fields, and keepSigned ('false' from this portal). */
export const LoginBody = Type.Object({
  orgId: OrgId,
  username: Type.Optional(Text(200)),
  password: Type.Optional(Text(200)),
  keepSigned: Type.Optional(Text(10)),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * §7 login answer: `status '1'` with the home page and the new session's token, or `status '-1'`
 * with the reset-password page (an expired password: nothing signed in) and `expiredToken`, the
 * proof of that login the expired-password change must carry (single use, 10 minutes; issue 9 row 2),
 * or `status '2'` with the second-step page (issue 15: nothing signed in until a second factor is
 * given; the pending sign-in is named by an HttpOnly cookie, schemas/api/secondFactors.ts).
 */
export const LoginAnswer = Type.Object({
  status: Type.String(),
  redirect: Type.Optional(Type.String()),
  CSRF_TOKEN_FOR_SESSION: Type.Optional(Type.String()),
  expiredToken: Type.Optional(Type.String()),
});
export type LoginAnswer = Static<typeof LoginAnswer>;

/**
 * A refused login (§8 Login): the §8 body with `status` 'failed' or 'locked', and for FedRAMP
 * organisations the attempts left (`remainCount`) or the lock's minutes (`fedrampLockTime`). A
 * password change is refused the same way (one lock-out for every password check, issue 9 row 2).
 */
export const LoginRefusal = Type.Object({
  ...Refusal.properties,
  remainCount: Type.Optional(Type.Integer()),
  fedrampLockTime: Type.Optional(Type.Integer()),
});
export type LoginRefusal = Static<typeof LoginRefusal>;

/** What the browser reads of a login call, answered or refused. */
export type LoginReply = Reply<LoginAnswer, LoginRefusal>;

/** validatePassword's form (true when the password may be used). */
export const ValidatePasswordBody = Type.Object({ userName: Type.Optional(Text(200)), password: Type.Optional(Text(200)) });
export type ValidatePasswordBody = Static<typeof ValidatePasswordBody>;

/** changePassword's form: `loginId` names the account (the session's, or an expired one's). */
export const ChangePasswordBody = Type.Object({
  loginId: Type.Optional(Text(200)),
  oldPassword: Type.Optional(Text(200)),
  newPassword: Type.Optional(Text(200)),
  /** Without a session (an expired password): the `expiredToken` of the login that answered status '-1'. */
  expiredToken: Type.Optional(Text(200)),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/**
 * §7 changePassword answer: `status '1'` (with the rotated session's token when signed in) or
 * `'timeout'` (§8: back to login). A refusal is the §8 body with `status 'failed'` and field errors.
 */
export const ChangePasswordAnswer = Type.Object({
  status: Type.String(),
  CSRF_TOKEN_FOR_SESSION: Type.Optional(Type.String()),
});
export type ChangePasswordAnswer = Static<typeof ChangePasswordAnswer>;

/** What the browser reads of a changePassword call, answered or refused. */
export type ChangePasswordReply = Reply<ChangePasswordAnswer, LoginRefusal>;

/**
 * deleteAccount's form: a POST that says DELETE, with the member's current `password` (issue 9 row
 * 16; an account without a password, a public-portal one, sends none and needs a fresh sign-in).
 */
export const DeleteAccountBody = Type.Object({ _method: Constant('DELETE'), password: Type.Optional(Text(200)) });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** §7 deleteAccount answer: `status 'yes'` when the account is gone; a refusal says `status 'no'` and why. */
export const DeleteAccountAnswer = Type.Object({ status: Type.String() });
export type DeleteAccountAnswer = Static<typeof DeleteAccountAnswer>;

/** What the browser reads of a deleteAccount call, answered or refused (a wrong password as a login's: FedRAMP's minutes included). */
export type DeleteAccountReply = Reply<DeleteAccountAnswer, LoginRefusal>;
