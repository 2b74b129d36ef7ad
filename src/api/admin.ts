/**
 * The admin live preview's calls (issue 3, issue 4; not calls of §7), typed. JSON bodies; an
 * administrator session cookie (path /admin) plus X-CSRF-TOKEN:
 * `POST /admin/api/login`, `GET /admin/api/session`, `POST /admin/api/logout`, `GET /admin/api/orgs`,
 * `GET|PUT /admin/api/orgs/{orgId}/settings`, `POST /admin/api/orgs/{orgId}/forms/{form}/validate`,
 * and the member links `POST /admin/api/orgs/{orgId}/invitations|publicProfiles|accessKeys` (201).
 */
import type {
  AccessKeyBody, AdminOrganizations, AdminSession, InvitationBody, MemberLinkReply, PublicProfileBody, SaveSettingsReply,
  StatusOk, StoredSettings, ValidateFormBody, ValidateFormReply,
} from '../../schemas/api/admin.ts';
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { AdminOrganizations, AdminSession, MemberLinkReply, SaveSettingsReply, StoredSettings, ValidateFormReply };

export function adminLogin(username: string, password: string) {
  return api.post<AdminSession>(paths.adminLogin, { json: { username, password } });
}

export function adminSession() {
  return api.get<AdminSession>(paths.adminSession);
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

/** The preview's server check of a filled-in form, against the settings being edited (not yet saved). */
export function validateForm(orgId: string, form: FormName, body: ValidateFormBody) {
  return api.post<ValidateFormReply | null>(paths.adminValidateForm(orgId, form), { json: body });
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
