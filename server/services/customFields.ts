/**
 * The custom-field domain (§7 `GET`/`POST /{orgId}/{contactId}/customFields`; §2 Additional
 * information; issue 12): the fields the member sees with their saved values, and the save of them.
 *
 * The definitions are the organisation's settings (schemas/forms/memberFlags.ts
 * `customFieldDefinitionsOf`, what the admin preview and the member's form draw with). A save is
 * checked for its shape first (every attrId one the organisation shows, none twice, one value for a
 * field that takes one: else 400 `request.invalid`), then rebuilt into the custom-field form's data
 * (what is sent for the fields the member may edit, what is stored for the editable ones not sent)
 * and validated with the builder's schema in edit mode (checkSubmission: §5 keys at `/cf_<attrId>`).
 * A field the member may not edit is not in that data and is never written, whatever a request
 * sends (§6). Only then is anything stored, in one transaction.
 */
import type { CustomFieldAnswer, SaveCustomFieldsBody } from '../../schemas/api/customFields.ts';
import { customFieldKey, formValueOf, savedValuesOf, type CustomFieldsFormData } from '../../schemas/customFields/formData.ts';
import type { CustomFieldDefinition } from '../../schemas/entities.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { customFieldDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import type { Db } from '../db/client.ts';
import { findContact } from '../repositories/contacts.ts';
import { findCustomValues, saveCustomValues } from '../repositories/customValues.ts';
import type { Organization } from '../repositories/organizations.ts';
import { checkSubmission } from './formSubmissions.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

const NOT_FOUND = refuse(404, { errorCode: 'customFields.notFound' });
const invalid = (message: string) => refuse(400, { errorCode: 'request.invalid', message });

/**
 * What the member is shown of a field's stored values: a list or multi-select field keeps only the
 * choices the organisation still offers (a withdrawn choice is no answer the form could show or
 * accept), a field that takes one value its first.
 */
function shownValues(field: CustomFieldDefinition, stored: readonly string[]): string[] {
  const offered = field.displayFormat === 'F' ? stored : stored.filter((value) => field.definedValues.includes(value));
  return field.displayFormat === 'S' ? [...offered] : offered.slice(0, 1);
}

/** `GET /{orgId}/{contactId}/customFields`: §3 Custom field of every field shown, with the member's savedValues. */
export async function readCustomFields(db: Db, org: Organization, contactId: number) {
  if (!(await findContact(db, org.orgId, contactId))) return NOT_FOUND;
  const fields = customFieldDefinitionsOf(org.settings);
  const stored = await findCustomValues(db, org.orgId, contactId, fields.map((field) => field.attrId));
  const customFields: CustomFieldAnswer[] = fields.map((field) => ({ ...field, savedValues: shownValues(field, stored.get(field.attrId) ?? []) }));
  return { ok: true as const, customFields, editable: fields.some((field) => field.editable) };
}

export type SaveCustomFieldsResult = { ok: true; status: 'yes' } | Refusal;

/** `POST /{orgId}/{contactId}/customFields`: the member's values of the fields they may edit, all or nothing. */
export async function saveCustomFields(
  db: Db, org: Organization, featureFlags: FeatureFlags, contactId: number, body: SaveCustomFieldsBody,
): Promise<SaveCustomFieldsResult> {
  const fields = customFieldDefinitionsOf(org.settings);
  const byId = new Map(fields.map((field) => [field.attrId, field]));
  const sent = new Map<number, string[]>();
  for (const entry of body.rs) {
    const field = byId.get(entry.attrId);
    if (!field) return invalid(`attrId ${entry.attrId} is not a custom field of this organisation`);
    if (sent.has(entry.attrId)) return invalid(`attrId ${entry.attrId} is named twice`);
    const values = savedValuesOf(entry.savedValues);
    if (field.displayFormat !== 'S' && values.length > 1) return invalid(`attrId ${entry.attrId} takes one value`);
    sent.set(entry.attrId, values);
  }

  const stored = await findCustomValues(db, org.orgId, contactId, fields.map((field) => field.attrId));
  const editable = fields.filter((field) => field.editable);
  const data: CustomFieldsFormData = Object.fromEntries(editable.map((field) =>
    [customFieldKey(field.attrId), formValueOf(field, sent.get(field.attrId) ?? shownValues(field, stored.get(field.attrId) ?? []))]));
  const checked = checkSubmission(org, 'customFields', 'edit', { featureFlags, customFields: fields }, data);
  if (!checked.ok) return refuseValidation(checked.errors);

  const changes = editable.filter((field) => sent.has(field.attrId))
    .map((field) => ({ attrId: field.attrId, values: savedValuesOf(checked.data[customFieldKey(field.attrId)]) }));
  const saved = await saveCustomValues(db, org.orgId, contactId, changes, fields.map((field) => field.attrId));
  return saved ? { ok: true, status: 'yes' } : NOT_FOUND;
}
