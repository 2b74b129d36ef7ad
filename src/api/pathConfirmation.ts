/**
 * Confirmed contact paths, typed (issue 12; the member's own: `/{orgId}/{contactId}/…`):
 * `POST …/contactPaths/{pathId}/confirmationCode?language` (a new code through the path; 429
 * `pathConfirmation.tooSoon` with `retryAfterSeconds`) and `POST …/contactPaths/{pathId}/confirmation`
 * (`code`; `{confirmed: true}`, 400 `pathConfirmation.wrongCode` with `attemptsLeft`, `…expired`).
 */
import type { PathConfirmationCodeReply, PathConfirmationReply } from '../../schemas/api/pathConfirmation.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { PathConfirmationCodeReply, PathConfirmationReply };

export function sendPathConfirmationCode(orgId: string, contactId: number, pathId: number, language: string) {
  return api.post<PathConfirmationCodeReply | null>(paths.pathConfirmationCode(orgId, contactId, pathId), { query: { language } });
}

export function confirmPath(orgId: string, contactId: number, pathId: number, code: string) {
  return api.post<PathConfirmationReply | null>(paths.pathConfirmation(orgId, contactId, pathId), { json: { code } });
}
