/**
 * The test-notification calls of §7, typed (the member's own: `/{orgId}/{contactId}/…`):
 * `GET …/testNotification/permission` (may the member send one now, to which paths, which captcha),
 * the ALTCHA widget's `GET …/testNotification/challenge` (its address: `testNotificationChallengeUrl`),
 * and `POST …/testNotification?language` (form `g-recaptcha-response`, `pathId`; `{success, message}`,
 * refusals 400 `captcha.*`, 429 `testNotification.tooSoon`).
 */
import type { TestNotificationForm, TestNotificationPermissionAnswer, TestNotificationReply } from '../../schemas/api/testNotification.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { TestNotificationPermissionAnswer, TestNotificationReply };

export function getTestNotificationPermission(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<TestNotificationPermissionAnswer>(paths.testNotificationPermission(orgId, contactId), { signal });
}

/** Where the ALTCHA widget fetches its challenge. */
export const testNotificationChallengeUrl = (orgId: string, contactId: number) => paths.testNotificationChallenge(orgId, contactId);

/** §7 send: the captcha's solution and the chosen path; the message comes back in `language`. */
export function sendTestNotification(orgId: string, contactId: number, form: TestNotificationForm, language: string) {
  return api.post<TestNotificationReply | null>(paths.testNotification(orgId, contactId), { query: { language }, form: { ...form } });
}
