/**
 * The admin live preview's calls (issue 3, issue 4; not calls of §7), typed. JSON bodies; an
 * administrator session cookie (path /admin) plus X-CSRF-TOKEN:
 * `POST /admin/api/login`, `GET /admin/api/session`, `POST /admin/api/logout`, `GET /admin/api/orgs`,
 * `GET|PUT /admin/api/orgs/{orgId}/settings`, `POST /admin/api/orgs/{orgId}/forms/{form}/validate`,
 * and the member links `POST /admin/api/orgs/{orgId}/invitations|publicProfiles|accessKeys` (201).
 */
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { FieldError, FormMode } from '../../schemas/forms/types.ts';
import type { FormName } from '../../schemas/forms/formBuilders.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export interface AdminSession {
  username: string;
  csrfToken: string;
}

export interface AdminOrganizations {
  organizations: { orgId: string; orgName: string; settingsVersion: number }[];
}

export interface StoredSettings {
  orgId: string;
  settings: OrgSettingsInput;
  settingsVersion: number;
  featureFlags: FeatureFlags;
}

/** PUT settings: the new version; 400 with `errors`, 409 `settings.conflict` with the stored version. */
export interface SaveSettingsAnswer {
  status?: string;
  settingsVersion: number;
  errors?: FieldError[];
  errorCode?: string;
}

export interface ValidateFormAnswer {
  status?: string;
  errorCode?: string;
  errors?: FieldError[];
}

/** What a member-link call answers: the link to copy (201), or why not. */
export interface MemberLinkAnswer {
  url?: string;
  errorCode?: string;
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export function adminLogin(username: string, password: string) {
  return api.post<AdminSession>(paths.adminLogin, { json: { username, password } });
}

export function adminSession() {
  return api.get<AdminSession>(paths.adminSession);
}

export function adminLogout() {
  return api.post<{ status: string }>(paths.adminLogout);
}

export function adminOrganizations() {
  return api.get<AdminOrganizations>(paths.adminOrganizations);
}

export function adminSettings(orgId: string) {
  return api.get<StoredSettings>(paths.adminSettings(orgId));
}

export function saveAdminSettings(orgId: string, settings: OrgSettingsInput, settingsVersion: number) {
  return api.put<SaveSettingsAnswer>(paths.adminSettings(orgId), { json: { settings, settingsVersion } });
}

/** The preview's server check of a filled-in form, against the settings being edited (not yet saved). */
export function validateForm(orgId: string, form: FormName, body: { settings: OrgSettingsInput; mode: FormMode; data: unknown }) {
  return api.post<ValidateFormAnswer | null>(paths.adminValidateForm(orgId, form), { json: body });
}

export function createInvitation(orgId: string, person: Person) {
  return api.post<MemberLinkAnswer | null>(paths.adminInvitations(orgId), { json: person });
}

export function createPublicProfile(orgId: string, person: Person & { phone?: string; countryCode?: string }) {
  return api.post<MemberLinkAnswer | null>(paths.adminPublicProfiles(orgId), { json: person });
}

export function createAccessKey(orgId: string, member: { username: string }) {
  return api.post<MemberLinkAnswer | null>(paths.adminAccessKeys(orgId), { json: member });
}
