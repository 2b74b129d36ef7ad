/**
 * The admin live preview's calls (issue 3, issue 4; not calls of §7), typed. JSON bodies; an
 * administrator session cookie (path /admin) plus X-CSRF-TOKEN:
 * `GET /admin/api/login` (the login form's CSRF token) then `POST /admin/api/login`, `GET /admin/api/session`, `POST /admin/api/logout`, `GET /admin/api/orgs`,
 * `GET|PUT /admin/api/orgs/{orgId}/settings`, `GET /admin/api/orgs/{orgId}/settings/versions`,
 * `POST /admin/api/orgs/{orgId}/settings/versions/{version}/revert`, `POST /admin/api/orgs/{orgId}/forms/{form}/validate`,
 * the member links `POST /admin/api/orgs/{orgId}/invitations|publicProfiles|accessKeys` (201), and the
 * access keys `GET /admin/api/orgs/{orgId}/accessKeys` and `DELETE /admin/api/orgs/{orgId}/accessKeys/{keyId}`.
 */
import type {
  AccessKeyBody, AccessKeyListing, AccessKeyListQuery, AccessKeyListReply, AdminLoginForm, AdminOrganizations, AdminSession, AdminSessionState, InvitationBody, MemberLinkReply,
  PublicProfileBody, SaveSettingsReply, RevokeAccessKeyReply, SettingVersionListing, SettingVersionsReply, StatusOk, StoredSettings, ValidateFormBody, ValidateFormReply,
} from '../../schemas/api/admin.ts';
import type { PreviewValidatorAnswer, PreviewValidatorBody } from '../../schemas/api/forms.ts';
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { Refusal } from '../../schemas/api/common.ts';
import type { PublishingKeyBody, PublishingKeyInfo, PublishingKeyList, PublishingKeyMade } from '../../schemas/api/publishing.ts';
import type { SsoSetup } from '../../schemas/api/sso.ts';
import { api, setCsrfToken } from './client.ts';
import { paths } from './paths.ts';

export type { PublishingKeyInfo, PublishingKeyMade };
export type { AccessKeyListing, AccessKeyListReply, AdminOrganizations, AdminSession, MemberLinkReply, SaveSettingsReply, SettingVersionListing, StoredSettings, ValidateFormReply };

/**
 * Signs an administrator in: first the login form's CSRF token (issue 9 row 3: bound to a cookie the
 * server sets for the login call only), then the login carrying it. 401 wrong name or password, 429
 * too many attempts.
 */
export async function adminLogin(username: string, password: string) {
  const form = await api.get<AdminLoginForm>(paths.adminLogin);
  if (form.hasError) return { ...form, data: null as unknown as AdminSession };
  setCsrfToken(form.data.csrfToken);
  return api.post<AdminSession>(paths.adminLogin, { json: { username, password } });
}

/** The administrator's session, or `{ username: null }` when nobody is signed in. */
export function adminSession() {
  return api.get<AdminSessionState>(paths.adminSession);
}

export function adminLogout() {
  return api.post<StatusOk>(paths.adminLogout);
}

export function adminOrganizations() {
  return api.get<AdminOrganizations>(paths.adminOrganizations);
}

export function adminSettings(orgId: string) {
  return api.get<StoredSettings>(paths.adminSettings(orgId));
}

export function saveAdminSettings(orgId: string, settings: OrgSettingsInput, settingsVersion: number) {
  return api.put<SaveSettingsReply>(paths.adminSettings(orgId), { json: { settings, settingsVersion } });
}

/** The kept versions of the settings (the last 20 saved), newest first, with who saved them. */
export function settingVersions(orgId: string) {
  return api.get<SettingVersionsReply | null>(paths.adminSettingVersions(orgId));
}

/** Saves a kept version again as a new one (409 `settings.conflict` when someone saved since `settingsVersion`). */
export function revertAdminSettings(orgId: string, version: number, settingsVersion: number) {
  return api.post<SaveSettingsReply>(paths.adminRevertSettings(orgId, version), { json: { settingsVersion } });
}

/** The preview's server check of a filled-in form, against the settings being edited (not yet saved). */
export function validateForm(orgId: string, form: FormName, body: ValidateFormBody) {
  return api.post<ValidateFormReply | null>(paths.adminValidateForm(orgId, form), { json: body });
}

/** Compiles the preview's form from the settings being edited; answers where its validator module is. */
export function previewValidator(orgId: string, form: FormName, body: PreviewValidatorBody) {
  return api.post<PreviewValidatorAnswer | null>(paths.adminPreviewValidator(orgId, form), { json: body });
}

export function createInvitation(orgId: string, person: InvitationBody) {
  return api.post<MemberLinkReply | null>(paths.adminInvitations(orgId), { json: person });
}

export function createPublicProfile(orgId: string, person: PublicProfileBody) {
  return api.post<MemberLinkReply | null>(paths.adminPublicProfiles(orgId), { json: person });
}

export function createAccessKey(orgId: string, member: AccessKeyBody) {
  return api.post<MemberLinkReply | null>(paths.adminAccessKeys(orgId), { json: member });
}

/** A page of the organisation's live access keys (who, created, expires; never a key), newest first. */
export function listAccessKeys(orgId: string, query: AccessKeyListQuery = {}) {
  return api.get<AccessKeyListReply | null>(paths.adminAccessKeys(orgId), { query });
}

/** Revokes one access key by its listed id (404 `accessKey.notFound` when it is gone already). */
export function revokeAccessKey(orgId: string, keyId: string) {
  return api.delete<RevokeAccessKeyReply | null>(paths.adminAccessKey(orgId, keyId));
}

/** The organisation's keys to the publishing API (issue 14): made (the key shown once), listed, revoked. */
export function createPublishingKey(orgId: string, body: PublishingKeyBody) {
  return api.post<PublishingKeyMade & Partial<Refusal>>(paths.adminPublishingKeys(orgId), { json: body });
}

export function listPublishingKeys(orgId: string) {
  return api.get<PublishingKeyList | null>(paths.adminPublishingKeys(orgId));
}

/** Issue 15: the organisation's identity providers with the portal's addresses for them, and whether each OpenID secret is set. */
export function getSsoSetup(orgId: string) {
  return api.get<SsoSetup | null>(paths.adminSso(orgId));
}

export function setSsoClientSecret(orgId: string, providerId: string, secret: string) {
  return api.put<(StatusOk & Partial<Refusal>) | null>(paths.adminSsoSecret(orgId, providerId), { json: { secret } });
}

export function revokePublishingKey(orgId: string, keyId: string) {
  return api.delete<(StatusOk & Partial<Refusal>) | null>(paths.adminPublishingKey(orgId, keyId));
}
