/**
 * §3 Custom field `savedValues` and the custom-field form's data (schemas/forms/buildCustomFieldsSchema.ts:
 * one property `cf_<attrId>` per field, a string for a free or list field, an array for a
 * multi-select), both ways. The browser fills its form and makes the save's `rs` (§7) with these; the
 * server rebuilds the form's data from `rs` over what is stored with them, so both read one mapping.
 */
import type { CustomFieldInput, SaveCustomFieldsForm } from '../api/customFields.ts';
import type { CustomFieldDefinition } from '../entities.ts';

/** The custom-field form's data: `cf_<attrId>` → a string (F, L) or the choices (S). */
export type CustomFieldsFormData = Record<string, string | string[] | undefined>;

/** The form's property of a field. */
export const customFieldKey = (attrId: number): string => `cf_${attrId}`;

/** A field's values as the form holds them: the first (or '') for one value, all of them for a multi-select. */
export function formValueOf(field: CustomFieldDefinition, savedValues: readonly string[]): string | string[] {
  return field.displayFormat === 'S' ? [...savedValues] : (savedValues[0] ?? '');
}

/** A field's form value as savedValues: nothing for '' (or blanks), the choices of a multi-select. */
export function savedValuesOf(value: string | string[] | undefined): string[] {
  if (Array.isArray(value)) return value.filter((choice) => choice.trim() !== '');
  return value === undefined || value.trim() === '' ? [] : [value];
}

/** The form's first data: every field with its saved values (`saved` by attrId; a field without any starts empty). */
export function customFieldsFormData(fields: readonly CustomFieldDefinition[], saved: ReadonlyMap<number, readonly string[]>): CustomFieldsFormData {
  return Object.fromEntries(fields.map((field) => [customFieldKey(field.attrId), formValueOf(field, saved.get(field.attrId) ?? [])]));
}

/** The save's form (§7 `rs`): the values of every field the member may edit, an emptied one as `[]` (which clears it). */
export function saveCustomFieldsForm(fields: readonly CustomFieldDefinition[], data: CustomFieldsFormData): SaveCustomFieldsForm {
  const rs: CustomFieldInput[] = fields
    .filter((field) => field.editable)
    .map((field) => ({ attrId: field.attrId, savedValues: savedValuesOf(data[customFieldKey(field.attrId)]) }));
  return { rs: JSON.stringify(rs) };
}
