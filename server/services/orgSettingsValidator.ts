/**
 * Validates organisation settings against schemas/org-settings.schema.json (issue: settings are
 * stored only when valid). Errors come back as JSON pointers, the same shape form errors use.
 */
import { Ajv } from 'ajv';
import { orgSettingsSchema, type OrgSettingsInput } from '../../schemas/orgSettings.ts';

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
const validate = ajv.compile<OrgSettingsInput>(orgSettingsSchema);

export interface SettingsError {
  pointer: string;
  key: string;
  params: Record<string, unknown>;
}

export function validateOrgSettings(settings: unknown): { ok: true; settings: OrgSettingsInput } | { ok: false; errors: SettingsError[] } {
  if (validate(settings)) return { ok: true, settings };
  return {
    ok: false,
    errors: (validate.errors ?? []).map((e) => ({ pointer: e.instancePath || '/', key: e.keyword, params: e.params })),
  };
}
