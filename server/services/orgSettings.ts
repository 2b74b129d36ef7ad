/**
 * The admin API's organisation settings: read as stored, written back only when they pass
 * schemas/org-settings.schema.json (refused whole, 400, nothing saved) and nobody saved in between
 * (409); and the preview's server check of a filled-in form under edited, unsaved settings.
 */
import { createHash } from 'node:crypto';
import { withCustomFieldIds } from '../../schemas/customFieldIds.ts';
import { FORM_BUILDERS, type FormName } from '../../schemas/forms/formBuilders.ts';
import { previewFlags } from '../../schemas/forms/previewFlags.ts';
import type { FormMode } from '../../schemas/forms/types.ts';
import { resolveOrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { findFeatureFlags } from '../repositories/featureFlags.ts';
import { findStoredSettings, listOrganizations, updateSettings } from '../repositories/organizations.ts';
import { storePreviewModule } from '../repositories/previewValidatorModules.ts';
import { findSettingVersion, listSettingVersions } from '../repositories/settingVersions.ts';
import { checkSubmission } from './formSubmissions.ts';
import type { OrgCache } from './orgCache.ts';
import { ORG_NOT_FOUND } from './organizationAccess.ts';
import { validateOrgSettings } from './orgSettingsValidator.ts';
import { validatorModuleCode } from './validatorModules.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

export async function organizationList(db: Db) {
  return (await listOrganizations(db)).map((org) => ({ orgId: org.orgId, orgName: org.settings.orgName, settingsVersion: org.settingsVersion }));
}

export async function readSettings(db: Db, orgId: string) {
  const stored = await findStoredSettings(db, orgId);
  if (!stored) return refuse(404, ORG_NOT_FOUND);
  return {
    ok: true as const,
    orgId,
    settings: stored.settings,
    resolved: resolveOrgSettings(stored.settings),
    settingsVersion: stored.settingsVersion,
    featureFlags: await findFeatureFlags(db, orgId),
  };
}

/**
 * The settings with an attrId for each custom field saved without one (schemas/customFieldIds.ts),
 * past every id the organisation's current settings and kept versions use: a field deleted and
 * another added never share an id, and a restored version's fields keep theirs. Read before the
 * write; a save in between makes the write's version check fail (409), so nothing is numbered twice.
 */
async function withNewCustomFieldIds(db: Db, orgId: string, settings: OrgSettingsInput): Promise<OrgSettingsInput> {
  if (!settings.customFields?.some((field) => field.attrId === undefined)) return settings;
  const stored = await findStoredSettings(db, orgId);
  const kept = [...(stored ? [stored.settings] : []), ...(await listSettingVersions(db, orgId)).map((version) => version.settings)];
  const idsInUse = kept.flatMap((earlier) => earlier.customFields ?? []).flatMap((field) => (field.attrId === undefined ? [] : [field.attrId]));
  return { ...settings, customFields: withCustomFieldIds(settings.customFields, idsInUse) };
}

/**
 * Saves the settings (keeping the version with who saved it, repositories/settingVersions.ts), a new
 * custom field numbered by the server (withNewCustomFieldIds); this process's cache forgets the
 * organisation at once, other processes when the write's notification reaches them (services/orgCache.ts).
 */
export async function saveSettings(
  deps: { db: Db; orgCache: Pick<OrgCache, 'invalidate'> }, orgId: string, settings: unknown, settingsVersion: number, savedBy: string | null = null,
): Promise<{ ok: true; settingsVersion: number } | Refusal> {
  const { db } = deps;
  const checked = validateOrgSettings(settings);
  if (!checked.ok) return refuseValidation(checked.errors);
  const saved = await updateSettings(db, orgId, await withNewCustomFieldIds(db, orgId, checked.settings), settingsVersion, savedBy);
  if (saved !== null) {
    deps.orgCache.invalidate(orgId);
    return { ok: true, settingsVersion: saved };
  }
  const exists = await findStoredSettings(db, orgId);
  return exists ? refuse(409, { errorCode: 'settings.conflict', settingsVersion: exists.settingsVersion }) : refuse(404, ORG_NOT_FOUND);
}

/** The kept versions of an organisation's settings (issue 11), newest first, with who saved them and when. */
export async function settingsVersions(db: Db, orgId: string) {
  const stored = await findStoredSettings(db, orgId);
  if (!stored) return refuse(404, ORG_NOT_FOUND);
  const versions = await listSettingVersions(db, orgId);
  return {
    ok: true as const,
    settingsVersion: stored.settingsVersion,
    versions: versions.map((kept) => ({ version: kept.version, settings: kept.settings, savedBy: kept.savedBy, savedAt: kept.savedAt.toISOString() })),
  };
}

/**
 * Puts a kept version back (issue 11): its settings are saved again as a new version, through
 * saveSettings, so the same checks apply (valid settings, nobody saved since `settingsVersion`: 409)
 * and the organisation cache forgets the organisation. 404 `settings.version.notFound` when that
 * version is not kept (any more).
 */
export async function revertSettings(
  deps: { db: Db; orgCache: Pick<OrgCache, 'invalidate'> }, orgId: string, version: number, settingsVersion: number, savedBy: string,
): Promise<{ ok: true; settingsVersion: number } | Refusal> {
  const kept = await findSettingVersion(deps.db, orgId, version);
  if (!kept) return (await findStoredSettings(deps.db, orgId)) ? refuse(404, { errorCode: 'settings.version.notFound' }) : refuse(404, ORG_NOT_FOUND);
  return saveSettings(deps, orgId, kept.settings, settingsVersion, savedBy);
}

/** The preview's organisation and flags for settings being edited (not yet saved), or the refusal. */
async function previewOf(db: Db, orgId: string, form: FormName, input: { settings: unknown; mode: FormMode }) {
  const checked = validateOrgSettings(input.settings);
  if (!checked.ok) return refuseValidation(checked.errors);
  const stored = await findStoredSettings(db, orgId);
  if (!stored) return refuse(404, ORG_NOT_FOUND);
  if (!(FORM_BUILDERS[form].modes as readonly FormMode[]).includes(input.mode)) {
    return refuse(400, { errorCode: 'request.invalid', message: `${form} has no ${input.mode} mode` });
  }
  const settings = resolveOrgSettings(checked.settings);
  const flags = previewFlags(settings, await findFeatureFlags(db, orgId));
  // Edited settings have no version yet: their digest keeps their compiled validators apart.
  const digest = createHash('sha1').update(JSON.stringify(checked.settings)).digest('base64url');
  return { ok: true as const, org: { orgId: `${orgId}~preview~${digest}`, settings, settingsVersion: stored.settingsVersion }, flags };
}

/**
 * The preview's server check: validates a filled-in preview form with the settings being edited
 * (not yet saved), through the same builder and validator a member's submission goes through.
 */
export async function checkPreviewForm(db: Db, orgId: string, form: FormName, input: { settings: unknown; mode: FormMode; data: unknown }): Promise<{ ok: true } | Refusal> {
  const preview = await previewOf(db, orgId, form, input);
  if (!preview.ok) return preview;
  const result = checkSubmission(preview.org, form, input.mode, preview.flags, input.data);
  return result.ok ? { ok: true } : refuseValidation(result.errors);
}

/**
 * The preview form's validator module (issue 10 item 1): the form built from the settings being
 * edited, compiled, and kept where every app process finds it; answers the module's address.
 */
export async function previewValidator(db: Db, orgId: string, form: FormName, input: { settings: unknown; mode: FormMode }): Promise<{ ok: true; url: string } | Refusal> {
  const preview = await previewOf(db, orgId, form, input);
  if (!preview.ok) return preview;
  const code = validatorModuleCode(FORM_BUILDERS[form].build(preview.org.settings, preview.flags, input.mode).schema);
  const digest = createHash('sha256').update(code).digest('base64url');
  await storePreviewModule(db, digest, code);
  return { ok: true, url: `${PREVIEW_MODULES_PATH}/${digest}.js` };
}

/** Where the preview's modules are served (routes/admin/forms). */
export const PREVIEW_MODULES_PATH = '/admin/api/forms/validators';
