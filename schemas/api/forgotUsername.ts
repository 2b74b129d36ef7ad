/**
 * The forgot-username calls of §7: `GET /{orgId}/forgotUsername/validateEmail?email` → true when an
 * account has that address (429 when throttled) and `POST /{orgId}/forgotUsername/sendEmail` (form
 * email) → status 1 (one username mailed), 2 (several) or 3 (single sign-on). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Text, type Refusal } from './common.ts';

export { OrgIdParams as ForgotUsernameParams } from './common.ts';

export const ValidateEmailQuery = Type.Object({ email: Text(80) });
export type ValidateEmailQuery = Static<typeof ValidateEmailQuery>;

export const SendUsernameBody = Type.Object({ email: Type.Optional(Text(200)) });
export type SendUsernameBody = Static<typeof SendUsernameBody>;

export const SendUsernameAnswer = Type.Object({ status: Type.Integer() });
export type SendUsernameAnswer = Static<typeof SendUsernameAnswer>;

/** What the browser reads of a sendEmail call, answered or refused (a refusal's status is absent here). */
export type SendUsernameReply = Partial<SendUsernameAnswer> & Partial<Omit<Refusal, 'status'>>;
