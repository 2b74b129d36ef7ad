/**
 * The forgot-username calls of §7, typed: `GET /{orgId}/forgotUsername/validateEmail?email` (true
 * when an account has that address) and `POST /{orgId}/forgotUsername/sendEmail` (form email;
 * status 1, 2 or 3 when sent, errorCode otherwise).
 */
import type { SendUsernameReply } from '../../schemas/api/forgotUsername.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { SendUsernameReply };

export function validateEmail(orgId: string, email: string, signal?: AbortSignal) {
  return api.get<boolean>(paths.forgotUsernameValidateEmail(orgId), { query: { email }, signal });
}

export function sendUsernameEmail(orgId: string, email: string) {
  return api.post<SendUsernameReply | null>(paths.forgotUsernameSendEmail(orgId), { form: { email } });
}
