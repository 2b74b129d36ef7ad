/**
 * The admin live preview's calls (issue 3, issue 4; not calls of §7). JSON bodies; an administrator
 * session cookie (path /admin) and X-CSRF-TOKEN on every call but login and session:
 * - `POST /admin/api/login` → the session; `GET /admin/api/session`; `POST /admin/api/logout`;
 * - `GET /admin/api/orgs`; `GET|PUT /admin/api/orgs/{orgId}/settings` (409 `settings.conflict`);
 * - `POST /admin/api/orgs/{orgId}/forms/{form}/validate`: a preview form checked as a member's would be;
 * - `POST /admin/api/orgs/{orgId}/invitations|publicProfiles|accessKeys` → 201 with the link to hand over.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import type { FeatureFlags } from '../featureFlags.ts';
import { NAME_PATTERN } from '../forms/commonFields.ts';
import { FORM_BUILDERS, type FormName } from '../forms/formBuilders.ts';
import type { OrgSettingsInput } from '../orgSettings.ts';
import { LIMITS } from '../rules/limits.ts';
import { OrgId, Refusal, type Reply } from './common.ts';

export type { StatusOk } from './common.ts';

export { OrgIdParams as AdminOrgParams } from './common.ts';

const OpenObject = Type.Object({}, { additionalProperties: true });

export const AdminLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 80 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
}, { additionalProperties: false });
export type AdminLoginBody = Static<typeof AdminLoginBody>;

/** The administrator's session: who, and the CSRF token the admin calls carry. */
export const AdminSession = Type.Object({ username: Type.String(), csrfToken: Type.String() });
export type AdminSession = Static<typeof AdminSession>;

export const AdminOrganizations = Type.Object({
  organizations: Type.Array(Type.Object({ orgId: Type.String(), orgName: Type.String(), settingsVersion: Type.Integer() })),
});
export type AdminOrganizations = Static<typeof AdminOrganizations>;

/** The stored settings as written (`settings`), as the builders read them (`resolved`), their version and flags. */
export const StoredSettings = Type.Object({
  orgId: Type.String(),
  settings: Type.Unsafe<OrgSettingsInput>(OpenObject),
  resolved: Type.Unsafe<Record<string, unknown>>(OpenObject),
  settingsVersion: Type.Integer(),
  featureFlags: Type.Unsafe<FeatureFlags>(OpenObject),
});
export type StoredSettings = Static<typeof StoredSettings>;

export const SaveSettingsBody = Type.Object({
  settings: Type.Unsafe<OrgSettingsInput>(Type.Object({})),
  settingsVersion: Type.Integer({ minimum: 1 }),
}, { additionalProperties: false });
export type SaveSettingsBody = Static<typeof SaveSettingsBody>;

export const SaveSettingsAnswer = Type.Object({ status: Type.String(), settingsVersion: Type.Integer() });
export type SaveSettingsAnswer = Static<typeof SaveSettingsAnswer>;

/** A refused save: the §8 body; a conflict (409) names the version stored meanwhile. */
export const SaveSettingsRefusal = Type.Object({ ...Refusal.properties, settingsVersion: Type.Optional(Type.Integer()) });
export type SaveSettingsRefusal = Static<typeof SaveSettingsRefusal>;
export type SaveSettingsReply = Reply<SaveSettingsAnswer, SaveSettingsRefusal>;

export const ValidateFormParams = Type.Object({
  orgId: OrgId,
  form: Type.Unsafe<FormName>(Type.Enum(Object.keys(FORM_BUILDERS))),
});
export type ValidateFormParams = Static<typeof ValidateFormParams>;

export const ValidateFormBody = Type.Object({
  settings: Type.Unsafe<OrgSettingsInput>(Type.Object({})),
  mode: Type.Enum(['signup', 'edit', 'review']),
  data: Type.Unknown(),
}, { additionalProperties: false });
export type ValidateFormBody = Static<typeof ValidateFormBody>;

export const ValidateFormAnswer = Type.Object({ status: Type.String() });
export type ValidateFormAnswer = Static<typeof ValidateFormAnswer>;
export type ValidateFormReply = Reply<ValidateFormAnswer>;

/** §5 names: not blank, no forbidden characters, at most 100. */
const Name = Type.String({ minLength: 1, maxLength: LIMITS.name.max, pattern: NAME_PATTERN });
const Email = Type.String({ format: 'email', minLength: LIMITS.email.min, maxLength: LIMITS.email.max });

export const InvitationBody = Type.Object({ firstName: Name, lastName: Name, email: Email }, { additionalProperties: false });
export type InvitationBody = Static<typeof InvitationBody>;

/** 201: the invited contact and its §1 invitation link (also mailed). */
export const InvitationAnswer = Type.Object({ contactId: Type.Integer(), url: Type.String() });
export type InvitationAnswer = Static<typeof InvitationAnswer>;

/** A refused invitation; when only the mail failed (503) the contact and link come along. */
export const InvitationRefusal = Type.Object({
  ...Refusal.properties,
  contactId: Type.Optional(Type.Integer()),
  url: Type.Optional(Type.String()),
});

export const PublicProfileBody = Type.Object({
  firstName: Name,
  lastName: Name,
  email: Email,
  phone: Type.Optional(Type.String({ maxLength: LIMITS.phoneBypass.max, pattern: '^[0-9 ()+.-]*$' })),
  countryCode: Type.Optional(Type.String({ pattern: '^(?:[A-Z]{2})?$' })),
}, { additionalProperties: false });
export type PublicProfileBody = Static<typeof PublicProfileBody>;

/** 201: the profile and its new-profile link; the token is shown once. */
export const PublicProfileLink = Type.Object({ id: Type.String(), token: Type.String(), url: Type.String() });
export type PublicProfileLink = Static<typeof PublicProfileLink>;

export const AccessKeyBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 80 }) }, { additionalProperties: false });
export type AccessKeyBody = Static<typeof AccessKeyBody>;

/** 201: the access key and the link that signs the member in (§5/§6); the key is shown once. */
export const AccessKeyLink = Type.Object({ accessKey: Type.String(), url: Type.String() });
export type AccessKeyLink = Static<typeof AccessKeyLink>;

/** What the admin page reads of a member-link call: the link to copy, or why not. */
export type MemberLinkReply = Reply<{ url: string }>;
