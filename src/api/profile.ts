/**
 * The profile calls of §7, typed (the member's own: `/{orgId}/{contactId}/…`):
 * `GET …/profile` (§3 Profile with its flags, time zones and `profileVersion`), `GET …/contactPaths`
 * (the organisation's paths with the member's values), `POST …/profile` (form `profile`,
 * `contactPath`, `profileVersion`: schemas/profile/toPayload.ts `saveProfileForm` makes it; status
 * 'yes', 400 validation, 409 profile.conflict) and `GET …/profile/checkexternalId/json?externalId`
 * (true when the id is free).
 */
import type { ContactPathsAnswer, ProfileAnswer, SaveProfileForm, SaveProfileReply } from '../../schemas/api/profile.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { ContactPathsAnswer, ProfileAnswer, SaveProfileReply };

export function getProfile(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<ProfileAnswer>(paths.profile(orgId, contactId), { signal });
}

export function getContactPaths(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<ContactPathsAnswer>(paths.contactPaths(orgId, contactId), { signal });
}

/** §7 profile save; `status: 'yes'` when saved (then `profileVersion` is the one the next save names). */
export function saveProfile(orgId: string, contactId: number, form: SaveProfileForm) {
  return api.post<SaveProfileReply | null>(paths.profile(orgId, contactId), { form: { ...form } });
}

/** §5 external id uniqueness; `true` when no other member of the organisation has it. */
export function checkExternalId(orgId: string, contactId: number, externalId: string, signal?: AbortSignal) {
  return api.get<boolean>(paths.checkExternalId(orgId, contactId), { query: { externalId }, signal });
}
