/**
 * Validates organisation settings against schemas/org-settings.schema.json: the demo seed and the
 * admin API store settings only when they pass. Errors come back as `{ pointer, key, params }`,
 * the same shape (and the same mapping) as form errors, so the admin form shows them inline.
 */
import { Ajv } from 'ajv';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import { messagesAnnotation } from '../../schemas/forms/keywords.ts';
import type { FieldError } from '../../schemas/forms/types.ts';
import { orgSettingsSchema, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { openRings } from '../../schemas/rules/geoFence.ts';

// Strict, with one annotation: a setting's own message keys (`messages`, read by toFieldErrors).
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, keywords: [messagesAnnotation] });
const validate = ajv.compile<OrgSettingsInput>(orgSettingsSchema);

export type SettingsError = FieldError;

/** What the schema cannot say about custom fields: two of one organisation with one name or one id. */
export const CUSTOM_FIELD_REPEAT_KEYS = {
  name: 'admin.settings.error.customFields.nameTaken',
  attrId: 'admin.settings.error.customFields.attrIdTaken',
} as const;

/**
 * A custom field named like an earlier one (blanks around it and case aside: members could not tell
 * the two apart on their form), or with an earlier one's attrId (the forms draw each field as
 * `cf_<attrId>`; the editor never sends one twice, another client might). Each repeat is refused at itself.
 */
function customFieldRepeats(settings: OrgSettingsInput): SettingsError[] {
  const names = new Set<string>();
  const ids = new Set<number>();
  const errors: SettingsError[] = [];
  (settings.customFields ?? []).forEach((field, index) => {
    const name = field.name.trim().toLowerCase();
    if (names.has(name)) errors.push({ pointer: `/customFields/${index}/name`, key: CUSTOM_FIELD_REPEAT_KEYS.name, params: {} });
    names.add(name);
    if (field.attrId === undefined) return;
    if (ids.has(field.attrId)) errors.push({ pointer: `/customFields/${index}/attrId`, key: CUSTOM_FIELD_REPEAT_KEYS.attrId, params: {} });
    ids.add(field.attrId);
  });
  return errors;
}

/** What the schema cannot say about geofences (schemas/rules/geoFence.ts). */
export const GEO_FENCE_KEYS = {
  ringOpen: 'admin.settings.error.geoFences.ringOpen',
  missing: 'admin.settings.error.geoFences.missing',
} as const;

/**
 * A ring that does not end where it starts, and the setting turned on with no area to check against
 * (it would accept every place while the administrator believes otherwise).
 */
function geoFenceErrors(settings: OrgSettingsInput): SettingsError[] {
  const fences = settings.geoFences ?? [];
  const errors: SettingsError[] = openRings(fences).map((pointer) => ({ pointer, key: GEO_FENCE_KEYS.ringOpen, params: {} }));
  if (settings.hasGeoFanceSetting && fences.length === 0) errors.push({ pointer: '/geoFences', key: GEO_FENCE_KEYS.missing, params: {} });
  return errors;
}

export function validateOrgSettings(settings: unknown): { ok: true; settings: OrgSettingsInput } | { ok: false; errors: SettingsError[] } {
  if (!validate(settings)) return { ok: false, errors: toFieldErrors(validate.errors) };
  const errors = [...customFieldRepeats(settings), ...geoFenceErrors(settings)];
  return errors.length === 0 ? { ok: true, settings } : { ok: false, errors };
}
