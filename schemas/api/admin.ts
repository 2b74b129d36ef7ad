/**
 * The admin live preview's calls (issue 3, issue 4; not calls of §7). JSON bodies; an administrator
 * session cookie (path /admin) and X-CSRF-TOKEN on every call but login and session:
 * - `GET /admin/api/login` → the login form's CSRF token (and its cookie); `POST /admin/api/login` (with
 *   that token) → the session; `GET /admin/api/session`; `POST /admin/api/logout`;
 * - `GET /admin/api/orgs`; `GET|PUT /admin/api/orgs/{orgId}/settings` (409 `settings.conflict`);
 * - `GET /admin/api/orgs/{orgId}/settings/versions` (the last 20 saved, newest first);
 *   `POST /admin/api/orgs/{orgId}/settings/versions/{version}/revert` saves one again as a new version (409 as a save);
 * - `POST /admin/api/orgs/{orgId}/forms/{form}/validate`: a preview form checked as a member's would be;
 * - `POST /admin/api/orgs/{orgId}/invitations|publicProfiles|accessKeys` → 201 with the link to hand over;
 * - `GET /admin/api/orgs/{orgId}/accessKeys?username&page&pageSize`: a page of the live access keys, never
 *   a key or its hash; `DELETE /admin/api/orgs/{orgId}/accessKeys/{keyId}` revokes one (404 `accessKey.notFound`).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import type { FeatureFlags } from '../featureFlags.ts';
import { NAME_PATTERN } from '../forms/commonFields.ts';
import { FORM_BUILDERS, type FormName } from '../forms/formBuilders.ts';
import type { OrgSettingsInput } from '../orgSettings.ts';
import { LIMITS } from '../rules/limits.ts';
import { OrgId, Refusal, type Reply, type StatusOk } from './common.ts';

export type { StatusOk } from './common.ts';

export { OrgIdParams as AdminOrgParams } from './common.ts';

const OpenObject = Type.Object({}, { additionalProperties: true });

export const AdminLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 80 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
}, { additionalProperties: false });
export type AdminLoginBody = Static<typeof AdminLoginBody>;

/** The login form's CSRF token (issue 9 row 3): POST /admin/api/login carries it with the form's cookie. */
export const AdminLoginForm = Type.Object({ csrfToken: Type.String() });
export type AdminLoginForm = Static<typeof AdminLoginForm>;

/** The administrator's session: who, and the CSRF token the admin calls carry. */
export const AdminSession = Type.Object({ username: Type.String(), csrfToken: Type.String() });
export type AdminSession = Static<typeof AdminSession>;

/**
 * `GET /admin/api/session`: the session, or `{ username: null }` when nobody is signed in (200, not
 * 401: asking is not refused, and a signed-out visit of /admin logs no failed request in the console).
 */
export const AdminSessionState = Type.Union([AdminSession, Type.Object({ username: Type.Null() })]);
export type AdminSessionState = Static<typeof AdminSessionState>;

export const AdminOrganizations = Type.Object({
  organizations: Type.Array(Type.Object({ orgId: Type.String(), orgName: Type.String(), settingsVersion: Type.Integer() })),
  /** MAP_TILE_URL and its attribution, as the boot answers them: the preview's maps draw the members' tiles. */
  mapTiles: Type.Union([Type.Object({ url: Type.String(), attribution: Type.String() }), Type.Null()]),
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

/**
 * One kept version of an organisation's settings (issue 11): its number, the settings as saved,
 * who saved them (null: stored before the first admin save) and when (ISO 8601).
 */
export const SettingVersionListing = Type.Object({
  version: Type.Integer(),
  settings: Type.Unsafe<OrgSettingsInput>(OpenObject),
  savedBy: Type.Union([Type.String(), Type.Null()]),
  savedAt: Type.String(),
});
export type SettingVersionListing = Static<typeof SettingVersionListing>;

/** `GET /admin/api/orgs/{orgId}/settings/versions`: the kept versions, newest first (at most 20), and the stored version now. */
export const SettingVersions = Type.Object({ settingsVersion: Type.Integer(), versions: Type.Array(SettingVersionListing) });
export type SettingVersions = Static<typeof SettingVersions>;
export type SettingVersionsReply = Reply<SettingVersions>;

/** `{version}`: the kept version to put back. */
export const RevertSettingsParams = Type.Object({ orgId: OrgId, version: Type.Integer({ minimum: 1 }) });
export type RevertSettingsParams = Static<typeof RevertSettingsParams>;

/** A revert saves the old settings as a new version: only when the stored version is still `settingsVersion` (else 409, as a save). */
export const RevertSettingsBody = Type.Object({ settingsVersion: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type RevertSettingsBody = Static<typeof RevertSettingsBody>;

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

/** The most keys one page of the access-key list holds, and how many when the call does not say. */
export const ACCESS_KEY_PAGE_SIZE = { max: 100, default: 20 } as const;

/** `?username` (one member's keys, without regard to case; all when absent), `page` (from 1), `pageSize`. */
export const AccessKeyListQuery = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: ACCESS_KEY_PAGE_SIZE.max })),
}, { additionalProperties: false });
export type AccessKeyListQuery = Static<typeof AccessKeyListQuery>;

/**
 * One live access key as the admin page lists it (issue 9 row 16): its id (a one-way function of
 * the stored hash, server/repositories/accessKeys.ts), its member (no username: a public-portal
 * account) and its times (ISO 8601). Never the key, never its hash; when it was last used is not kept.
 */
export const AccessKeyListing = Type.Object({
  id: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});
export type AccessKeyListing = Static<typeof AccessKeyListing>;

/** A page of the list, newest key first; `total` counts every page. */
export const AccessKeyList = Type.Object({
  accessKeys: Type.Array(AccessKeyListing),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AccessKeyList = Static<typeof AccessKeyList>;

/** `{keyId}`: the 64 hex digits of a listed key's id. */
export const AccessKeyParams = Type.Object({ orgId: OrgId, keyId: Type.String({ pattern: '^[0-9a-f]{64}$' }) });
export type AccessKeyParams = Static<typeof AccessKeyParams>;

/** What the admin page reads of the list and of a revocation, answered or refused. */
export type AccessKeyListReply = Reply<AccessKeyList>;
export type RevokeAccessKeyReply = Reply<StatusOk>;

/** What the admin page reads of a member-link call: the link to copy, or why not. */
export type MemberLinkReply = Reply<{ url: string }>;
