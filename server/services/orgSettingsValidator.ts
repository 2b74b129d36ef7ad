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

// Strict, with one annotation: a setting's own message keys (`messages`, read by toFieldErrors).
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, keywords: [messagesAnnotation] });
const validate = ajv.compile<OrgSettingsInput>(orgSettingsSchema);

export type SettingsError = FieldError;

export function validateOrgSettings(settings: unknown): { ok: true; settings: OrgSettingsInput } | { ok: false; errors: SettingsError[] } {
  if (validate(settings)) return { ok: true, settings };
  return { ok: false, errors: toFieldErrors(validate.errors) };
}
