/**
 * The custom-field calls of §7, typed (the member's own: `/{orgId}/{contactId}/customFields`):
 * `GET` (§3 Custom field of every field shown, with savedValues; `editable`, §6) and `POST` (form `rs`:
 * schemas/customFields/formData.ts `saveCustomFieldsForm` makes it; status 'yes', 400 validation).
 */
import type { CustomFieldsAnswer, SaveCustomFieldsForm, SaveCustomFieldsReply } from '../../schemas/api/customFields.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { CustomFieldsAnswer, SaveCustomFieldsReply };

export function getCustomFields(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<CustomFieldsAnswer>(paths.customFields(orgId, contactId), { signal });
}

/** §7 custom-field save; `status: 'yes'` when saved. */
export function saveCustomFields(orgId: string, contactId: number, form: SaveCustomFieldsForm) {
  return api.post<SaveCustomFieldsReply | null>(paths.customFields(orgId, contactId), { form: { ...form } });
}
