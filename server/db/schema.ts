/**
 * The one Drizzle schema for PGlite and PostgreSQL (ARCHITECTURE.md "Storage").
 * Every tenant table carries `org_id` first in its primary key, so organisations cannot see each
 * other by construction and the schema can be distributed by org_id.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NoDisturb, QuietTimeFrame } from '../../schemas/entities.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';

/** §3 Organisation: the settings JSON is validated against schemas/org-settings.schema.json before it is written. */
export const organizations = pgTable('organizations', {
  orgId: text('org_id').primaryKey(),
  settings: jsonb('settings').$type<OrgSettingsInput>().notNull(),
  /** Bumped on every settings write; compiled validators are cached per version. */
  settingsVersion: integer('settings_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last saved versions of an organisation's settings (issue 11): each admin save (and revert,
 * which saves an old version again) keeps the settings it wrote, who wrote them and when, so the
 * admin page can list them and put one back. At most SETTINGS_VERSIONS_KEPT per organisation
 * (server/repositories/settingVersions.ts); `saved_by` is null for the version stored before the
 * first admin save (the seed's, or one written before versions were kept).
 */
export const settingVersions = pgTable(
  'setting_versions',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<OrgSettingsInput>().notNull(),
    savedBy: text('saved_by'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.version] })],
);

/** §6 feature flags, per organisation. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.name] })],
);

/** §3 Account / Profile: a member of one organisation. */
export const contacts = pgTable(
  'contacts',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull().generatedAlwaysAsIdentity(),
    /** Null for a contact the organisation created and invited, until they sign up (§1 invitation). */
    username: text('username'),
    /** argon2id (PHC string); null until sign-up, and for public-portal accounts that sign in there. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** §3 Profile.middleInitial, suffix, externalId (§9: 1, 10 and 50 characters; the external id unique in the organisation, §5). */
    middleInitial: text('middle_initial'),
    suffix: text('suffix'),
    externalId: text('external_id'),
    email: text('email'),
    preferredLanguage: text('preferred_language').notNull().default('en_US'),
    timeZone: text('time_zone'),
    registered: boolean('registered').notNull().default(true),
    isMigrated: boolean('is_migrated').notNull().default(false),
    showEvent: boolean('show_event'),
    showOnCallSchedule: boolean('show_on_call_schedule').notNull().default(false),
    showDirectoryChat: boolean('show_directory_chat').notNull().default(false),
    /** §3 Account hasHipaaBridge, hasSecureBridge: the organisation gave this member the service (the home tile shows with its address, secureMessaging). */
    hasHipaaBridge: boolean('has_hipaa_bridge').notNull().default(false),
    hasSecureBridge: boolean('has_secure_bridge').notNull().default(false),
    /** §3 Account.publicProfileId: the public-portal profile this account was created from (new-profile). */
    publicProfileId: text('public_profile_id'),
    /** §2 security question key (question_one … question_eleven) and an argon2id hash of the answer. */
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    /** §4 "p_expired = Y": the next login must change the password. */
    passwordExpired: boolean('password_expired').notNull().default(false),
    /**
     * Bumped by every profile save (issue 12 "Safety"): the profile and contact-path answers carry it,
     * a save names the one it edited, and a save of an older one is refused (409 `profile.conflict`)
     * with nothing changed, so two saves at once never lose a contact path or a quiet time.
     */
    profileVersion: integer('profile_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId] }),
    uniqueIndex('contacts_org_username_idx').on(t.orgId, sql`lower(${t.username})`),
    // §5 "external id … (server uniqueness, 'jquery.validation.externalId')": NULLs (none given) never collide.
    uniqueIndex('contacts_org_external_id_idx').on(t.orgId, t.externalId),
  ],
);

/** §2 "A help-and-answer tip is shown on each page": sanitised HTML per help type. */
export const helpAndAnswers = pgTable(
  'help_and_answers',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.type] })],
);

/** The organisation's banner image (`GET /{orgId}/banner`). */
export const banners = pgTable('banners', {
  orgId: text('org_id').primaryKey().references(() => organizations.orgId, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  /** The image, base64-encoded (text works the same on PGlite and PostgreSQL). */
  data: text('data').notNull(),
});

/**
 * A browser's session. Not a tenant table: one browser may visit several organisations; what it
 * holds per organisation (the signed-in contact) is in `session_logins`. Only a SHA-256 of the
 * cookie value is stored, so a database read does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** Which contact a session is signed in as, per organisation. */
export const sessionLogins = pgTable(
  'session_logins',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull().references(() => sessions.sessionHash, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.sessionHash] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * Platform administrators (issue 3 admin live preview). Not a tenant table: an administrator
 * previews and edits the settings of every organisation.
 */
export const admins = pgTable('admins', {
  username: text('username').primaryKey(),
  /** argon2id (PHC string). */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An administrator's session: its own cookie (path /admin), its own CSRF token. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    username: text('username').notNull().references(() => admins.username, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Repeated login failures per account name and per client address (non-FedRAMP throttling, §6):
 * counted in a window, so an attacker is slowed down without learning which usernames exist.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    /** `user:{lower(username)}` or `ip:{address}`. */
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] })],
);

/**
 * The same counts for the administrators' sign-in (issue 9 row 3): `admin:{lower(username)}` and
 * `ip:{address}`. Administrators belong to no organisation, so their counts have a table of their own.
 */
export const adminLoginThrottle = pgTable('admin_login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Passkeys (issue 15, beyond the spec): WebAuthn credentials a member registered from their sign-in
 * security page or while a sign-in waited for its second step. They sign the member in without a
 * password (discoverable credentials, user verification required) and serve as the second step after
 * one. Kept: the credential's id and COSE public key (base64url), the authenticator's signature
 * counter (a clone shows by a counter that does not grow), its transports, the member's name for it,
 * and the WebAuthn user handle the member's passkeys share (16 random bytes, base64url: never the
 * contactId or a name). At most MAX_PASSKEYS a member (services/secondFactors.ts).
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    orgId: text('org_id').notNull(),
    /** The credential id as the browser sends it (base64url, at most 1,364 characters). */
    credentialId: text('credential_id').notNull(),
    contactId: integer('contact_id').notNull(),
    userHandle: text('user_handle').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    /** The member's name for it (at most 64 characters); by default the kind of device it is on. */
    name: text('name').notNull(),
    /** `singleDevice` or `multiDevice` (a synced passkey), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.credentialId] }),
    index('member_passkeys_contact_idx').on(t.orgId, t.contactId),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * A member's authenticator app (issue 15; RFC 6238 TOTP, SHA-1, 6 digits, 30 s): its base32 secret,
 * which the server needs in the clear to compute codes, and the last time step a code was accepted
 * for, so a code is taken once and never one of an earlier step (a replay). One per member.
 */
export const memberTotp = pgTable(
  'member_totp',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    secret: text('secret').notNull(),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * A member's recovery codes (issue 15): 10 single-use codes, shown once when made, kept only as an
 * HMAC under a server secret; a code is deleted as it is used. They stand in for a lost second factor
 * at the second step; they are not a factor themselves (they go with the member's last one).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.codeHash] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * A second factor being added (issue 15): the authenticator app's new secret until the member types a
 * code of it (`kind` totp), or the WebAuthn challenge of a passkey registration (`kind` passkey).
 * At most one of each kind per member, replaced by the next start, used once, deleted by the sweep
 * once expired.
 */
export const secondFactorEnrolments = pgTable(
  'second_factor_enrolments',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.kind] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    index('second_factor_enrolments_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A sign-in waiting for its second step (issue 15): made by a right password of a member who has a
 * second factor (or must have one), or by "Sign in with a passkey" before the passkey named its
 * member (`contact_id` null). The browser holds only a random token in an HttpOnly cookie
 * (SSPPENDING, path /{orgId}/signIn); kept is its SHA-256, the WebAuthn challenge last handed out for
 * it, and when it ends (5 minutes). Any app process finishes it; it is deleted when used, and by the
 * sweep once expired.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    orgId: text('org_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    contactId: integer('contact_id'),
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.tokenHash] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    index('pending_sign_ins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The admin preview's form validators (issue 10 item 1): a form built from settings not saved yet,
 * compiled to its module (services/validatorModules.ts) and kept by the SHA-256 of its code, so any
 * app process can answer the browser's import of it. The sweep deletes them after a day.
 */
export const previewValidatorModules = pgTable('preview_validator_modules', {
  digest: text('digest').primaryKey(),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the server generates once and keeps (the HMAC key of invitation links, for one). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail the portal sends (ARCHITECTURE.md "mail: SMTP through nodemailer; outbox table and a
 * demo mail viewer when no SMTP is configured"). A row is written first, then delivered.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    mailId: integer('mail_id').notNull().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    /** What the mail is for (services/mail.ts MailKind): mails to one address are limited per kind. */
    kind: text('kind').notNull().default('other'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.mailId] }),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_recipient_kind_idx').on(sql`lower(${t.recipient})`, t.kind, t.createdAt),
  ],
);

/** Single-use password reset links (§4 forgot password): only a hash of the token is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    contactId: integer('contact_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.tokenHash] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * §3 Contact path values of a member: one row per delivery path of the organisation (pathId 1 is
 * e-mail; SMS, phone and Slack take their pathId from the organisation settings).
 */
export const contactPaths = pgTable(
  'contact_paths',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    pathId: integer('path_id').notNull(),
    pathType: text('path_type').notNull(),
    value: text('value').notNull(),
    countryCode: text('country_code'),
    /** The phone "use as is" bypass (§4). */
    noValidate: boolean('no_validate').notNull().default(false),
    /** §3 phoneExt of a phone-like path, pin and systemRequirement (the pager service) of a pager path: digits, at most 10 (§9). */
    phoneExt: text('phone_ext'),
    pin: text('pin'),
    systemRequirement: text('system_requirement'),
    /** §3 waitTime (PHONE, SMS, TTYTDD only). */
    waitTime: integer('wait_time'),
    /** §2 receive-notification toggle. */
    pathEnable: boolean('path_enable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    quietTimeFrames: jsonb('quiet_time_frames').$type<QuietTimeFrame[]>().notNull().default([]),
    /**
     * Confirmed contact paths (issue 12): the value the member confirmed with a one-time code, as
     * `confirmationKey` (services/pathConfirmation.ts) writes it. The path is confirmed while it still
     * holds that value; a changed value is not, without anyone having to clear this.
     */
    confirmedKey: text('confirmed_key'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.pathId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/** The columns of a place (§3 Address), a static or an expected location's; made anew for each table (a column belongs to one). */
const placeColumns = () => ({
  locationName: text('location_name').notNull(),
  streetAddress: text('street_address').notNull(),
  suite: text('suite'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country'),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  addressGeoCodingSource: text('address_geocoding_source'),
  locationSource: text('location_source'),
});

/** §3 Address / location of a member (static locations; at most 5, §9). */
export const addresses = pgTable(
  'addresses',
  {
    orgId: text('org_id').notNull(),
    locationId: integer('location_id').notNull().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id').notNull(),
    ...placeColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.locationId] }),
    uniqueIndex('addresses_contact_name_idx').on(t.orgId, t.contactId, sql`lower(${t.locationName})`),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * §3 Expected location: where a member expects to be for a while (travel), with its arrival and expiry
 * as §9 stores them ('YYYY-MM-DD HH:mm', in the member's time zone: text, so that their order is their
 * time order). Listed newest arrival first, 5 a page (§7); at most MAX_EXPECTED_LOCATIONS a member.
 */
export const expectedLocations = pgTable(
  'expected_locations',
  {
    orgId: text('org_id').notNull(),
    expectedLocationId: integer('expected_location_id').notNull().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id').notNull(),
    ...placeColumns(),
    arriveDate: text('arrive_date').notNull(),
    expireDate: text('expire_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.expectedLocationId] }),
    index('expected_locations_contact_idx').on(t.orgId, t.contactId, t.arriveDate),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * §5/§6 access keys: a secret handed to one member (in a link as `accessKey`, or as
 * `Authorization: token …`) that signs the browser in as that member. Only its SHA-256 is kept.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    orgId: text('org_id').notNull(),
    keyHash: text('key_hash').notNull(),
    contactId: integer('contact_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.keyHash] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * §3 Public profile: a person known to the organisation's public portal, fetched by the token the
 * portal hands over (`GET /mbr-portal/api/v1/getPublicProfile?token`, new-profile). Only the token's
 * SHA-256 is kept.
 */
export const publicProfiles = pgTable(
  'public_profiles',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    profileId: text('profile_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    countryCode: text('country_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.profileId] }), uniqueIndex('public_profiles_token_idx').on(t.tokenHash)],
);

/**
 * Every delivery to a contact path (issue 12 "Test notification, for real"; server/services/delivery/):
 * one row per attempt, whatever became of it, with the adapter that took it and its outcome —
 * `sent` (the provider accepted it), `failed` (with the provider's error code) or `queued`. A
 * `queued` row is the delivery outbox: a path type no adapter speaks, or whose adapter is not
 * configured, is written here and nowhere else (the demo mailbox lists it), so only those rows keep
 * the full address and the text; every other row keeps the address masked and no text (a
 * confirmation code is never kept in the clear once it went out).
 */
export const deliveryOutbox = pgTable(
  'delivery_outbox',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id').notNull().generatedAlwaysAsIdentity(),
    /** The member it was for; the rows go with the account. */
    contactId: integer('contact_id'),
    /** §3 Contact path type (EMAIL, SMS, PHONE, …). */
    pathType: text('path_type').notNull(),
    /** The full address: only on `queued` rows (what would have been sent, to whom). */
    recipient: text('recipient'),
    /** The address masked (`+•••••••0134`, `a•••@example.org`): on every row. */
    recipientMasked: text('recipient_masked').notNull(),
    /** What it was for (services/delivery DeliveryKind: test, confirmation, …). */
    kind: text('kind').notNull(),
    /** Which adapter took it: email, sms, voice, slackWebhook, slackApi, or outbox. */
    adapter: text('adapter').notNull(),
    /** sent, queued or failed. */
    outcome: text('outcome').notNull(),
    /** Subject and text: only on `queued` rows. */
    subject: text('subject'),
    text: text('text'),
    /** The provider's id of what it accepted (a Twilio SID, a Slack ts, a mail_outbox id). */
    providerId: text('provider_id'),
    /** Why it failed or was queued, as a code (`twilio.21211`, `slack.channel_not_found`, `delivery.notConfigured`). */
    errorCode: text('error_code'),
    /** The provider's message or what happened, without the full address. */
    detail: text('detail'),
    /** HTTP requests made (retries included). */
    requests: integer('requests').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.deliveryId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    index('delivery_outbox_org_created_idx').on(t.orgId, t.createdAt),
    index('delivery_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * §3 Custom field `savedValues` of a member: one row per field of the organisation's
 * `settings.customFields` the member answered, kept under the field's `attrId` (issue 12 "Additional
 * information"). A free or list field keeps one value, a multi-select its choices in order. A row
 * whose field the organisation removed is never read (services/customFields.ts reads only the ids
 * the settings define) and is deleted by the member's next save, so the table stays bounded by the
 * fields an organisation ever had.
 */
export const contactCustomValues = pgTable(
  'contact_custom_values',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    attrId: integer('attr_id').notNull(),
    values: text('values').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.attrId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * The test notifications members sent themselves (issue 12 "Test notification, for real"): one row per
 * member and path, the last one. It is the limit (one test per member per path per 5 minutes: the row
 * is claimed by one conditional upsert before anything is sent, so concurrent sends cannot both pass)
 * and what the profile answer reports (§3 hasSentTestNotification, sendErrorMsg).
 */
export const testNotifications = pgTable(
  'test_notifications',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    /** §3 Contact path pathId the test went to. */
    pathId: integer('path_id').notNull(),
    /** When the last test to this path was claimed (the 5 minutes count from it). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The delivery's outcome (sent, queued, failed); null while it is under way. */
    outcome: text('outcome'),
    /** The delivery's error code when it failed (`twilio.21211`, `delivery.badAddress`). */
    errorCode: text('error_code'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.pathId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    index('test_notifications_sent_idx').on(t.sentAt),
  ],
);

/**
 * The one-time codes of confirmed contact paths (issue 12): at most one live code per member and path,
 * for the value it was sent to (`targetKey`). Only an HMAC of the code is kept. `attempts` counts wrong
 * entries (5 void the code); `sends` and `windowStartedAt` bound how often a code is sent (one a
 * minute, 5 an hour).
 */
export const pathConfirmations = pgTable(
  'path_confirmations',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    pathId: integer('path_id').notNull(),
    /** `confirmationKey` of the value the code went to: a code confirms only that value. */
    targetKey: text('target_key').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sends: integer('sends').notNull().default(1),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.pathId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    index('path_confirmations_sent_idx').on(t.sentAt),
  ],
);

/**
 * Captcha solutions already used (issue 12: "the captcha solution cannot be replayed"): a SHA-256 of
 * the solved challenge's signature (ALTCHA) or of the token (reCAPTCHA), kept until the challenge
 * would have expired anyway; the insert that finds one there refuses the solution.
 */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    solutionHash: text('solution_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.solutionHash] }), index('captcha_uses_expires_idx').on(t.expiresAt)],
);

/**
 * An organisation's groups (§3 Group membership groupId, groupName): what a member belongs to and,
 * with issue 13, may opt into (`…/groupSubscriptions`). The organisation's systems keep them; the
 * demo organisations seed theirs.
 */
export const groups = pgTable(
  'groups',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().generatedAlwaysAsIdentity(),
    /** At most 200 characters. */
    name: text('name').notNull(),
    /** §3 Group opt-in "level, groups": the group it is listed under (of the same organisation), if any. */
    parentGroupId: integer('parent_group_id'),
    /** Members may join and leave it themselves (§2 subscriptions page, group opt-in tree). */
    optIn: boolean('opt_in').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.groupId] }), uniqueIndex('groups_org_name_idx').on(t.orgId, t.name)],
);

/** §2 home "group-membership list": the groups a member belongs to; the rows go with the member or the group. */
export const groupMembers = pgTable(
  'group_members',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    groupId: integer('group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.groupId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
    foreignKey({ columns: [t.orgId, t.groupId], foreignColumns: [groups.orgId, groups.groupId] }).onDelete('cascade'),
  ],
);

/**
 * §3 Subscriptions: what a member subscribed to, one row per member (a save replaces it whole). The
 * alert topics are the organisation's settings (`alertSubscriptions`); kept here are the checked
 * leaves' serviceIds (a parent's state follows from them, schemas/rules/subscriptionTree.ts), the
 * Weather topic's chosen categories, and §3 no-disturb. A member without a row has chosen nothing
 * (mandatory topics are added when read).
 */
export const memberSubscriptions = pgTable(
  'member_subscriptions',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    /** At most 200 (the settings' bound on topics). */
    serviceIds: integer('service_ids').array().notNull().default(sql`'{}'`),
    /** National Weather Service event codes (schemas/rules/weatherCategories.ts). */
    weatherCategories: text('weather_categories').array().notNull().default(sql`'{}'`),
    /** §3 no-disturb {checked, startTime, startMeridiem, endTime, endMeridiem, timeZoneId}; null: never set. */
    noDisturb: jsonb('no_disturb').$type<NoDisturb>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * The incident topics a member follows (§7 `/rest/incident/subscription/topics` and `…/assign`): the
 * organisation's topics are its settings (`incidentTopics`); a row names one by its topicId.
 */
export const incidentSubscriptions = pgTable(
  'incident_subscriptions',
  {
    orgId: text('org_id').notNull(),
    contactId: integer('contact_id').notNull(),
    /** At most 64 characters (org-settings.schema.json). */
    topicId: text('topic_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.contactId, t.topicId] }),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * §3 Notification (issue 14): what the organisation sent, as its public pages show it. Written by the
 * publishing API (routes/publishing); `rtfContent` is sanitised on the way in. `searchShapes` are the
 * areas the notification was sent to (§3 drawPolygonSetting.searchShapes: GeoJSON polygons and circles).
 */
export const notifications = pgTable(
  'notifications',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    notificationId: text('notification_id').notNull(),
    title: text('title').notNull(),
    textMessage: text('text_message').notNull(),
    rtfContent: text('rtf_content').notNull().default(''),
    priority: text('priority').notNull(),
    sendDate: timestamp('send_date', { withTimezone: true, precision: 3 }).notNull(),
    searchShapes: jsonb('search_shapes').notNull().default([]),
    /** The documents shown with it (§3 attachmentFiles), by fileId. */
    attachmentFileIds: jsonb('attachment_file_ids').notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.notificationId] }),
    // The lists of §4: newest first, paged by base time.
    index('notifications_by_send_date').on(t.orgId, t.sendDate, t.notificationId),
  ],
);

/**
 * §3 Weather alert (issue 14): a CAP alert of the National Weather Service, by its own id (the
 * importer and the publishing API write it again when the service updates it). `originalFeed` is
 * §3's {time, polygons, points, feature {geometry, properties}}.
 */
export const weatherAlerts = pgTable(
  'weather_alerts',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    weatherAlertId: text('weather_alert_id').notNull(),
    title: text('title').notNull(),
    issuanceTime: timestamp('issuance_time', { withTimezone: true, precision: 3 }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }),
    originalFeed: jsonb('original_feed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.weatherAlertId] }),
    index('weather_alerts_by_issuance_time').on(t.orgId, t.issuanceTime, t.weatherAlertId),
  ],
);

/** The organisation's FAQ and overview pages (§3 FAQ: faqs.pageContent; §7 `/{orgId}/overview`): sanitised HTML. */
export const orgPages = pgTable(
  'org_pages',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    /** 'faq' or 'overview'. */
    page: text('page').notNull(),
    pageContent: text('page_content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.page] })],
);

/**
 * The organisation's keys to the publishing API (issue 14), made on the admin page. A key is
 * `mpk_{keyId}_{secret}`; only the SHA-256 of the secret is kept (a 32-byte random secret needs no slow hash).
 */
export const publishingKeys = pgTable(
  'publishing_keys',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.keyId] }), uniqueIndex('publishing_keys_key_id').on(t.keyId)],
);

/**
 * §3 Public document (issue 14): a file the organisation published (its bytes, base64 as `banners`
 * keeps them), or a link (`documentType` 'Link', `fileLink`). `public`: listed in the files library
 * (§2 files); a document that is not is still shown with the notifications it is attached to.
 */
export const documents = pgTable(
  'documents',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    originalFileName: text('original_file_name').notNull().default(''),
    contentType: text('content_type').notNull().default(''),
    sizeBytes: integer('size_bytes').notNull().default(0),
    data: text('data'),
    fileLink: text('file_link'),
    public: boolean('public').notNull().default(true),
    lastModified: timestamp('last_modified', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.fileId] }),
    // The download addresses of §7 name a file by its id alone.
    uniqueIndex('documents_file_id').on(t.fileId),
    index('documents_by_name').on(t.orgId, t.name),
    index('documents_by_last_modified').on(t.orgId, t.lastModified),
  ],
);

/**
 * §3 Communication (issue 14): a message the organisation sent, readable at `/comms/{commsId}` by
 * whoever has its address (the id is 128 random bits: the address is the capability, handed to the
 * recipients with the message). `message` is HTML, sanitised on the way in.
 */
export const communications = pgTable(
  'communications',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    commsId: text('comms_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    textMessage: text('text_message').notNull().default(''),
    priority: text('priority').notNull(),
    sendDate: timestamp('send_date', { withTimezone: true, precision: 3 }).notNull(),
    attachmentFileIds: jsonb('attachment_file_ids').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.commsId] }), uniqueIndex('communications_comms_id').on(t.commsId)],
);

/**
 * §3 Event subscription (issue 14): an event people follow by text or e-mail (a road race, a water
 * main repair, a festival), with the notifications sent about it (`event_notifications`) and the
 * people who signed up (`event_signups`). A private event is shown to the organisation's members only.
 */
export const events = pgTable(
  'events',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    groupName: text('group_name').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    keyword: text('keyword').notNull().default(''),
    shortCode: text('short_code').notNull().default(''),
    requireName: boolean('require_name').notNull().default(false),
    requireMobile: boolean('require_mobile').notNull().default(false),
    requireEmail: boolean('require_email').notNull().default(false),
    startDate: timestamp('start_date', { withTimezone: true, precision: 3 }),
    endDate: timestamp('end_date', { withTimezone: true, precision: 3 }),
    timeZone: text('time_zone').notNull().default('UTC'),
    address: text('address').notNull().default(''),
    socialSharing: boolean('social_sharing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.eventId] })],
);

/** §3 Event notification: what was sent about an event; `type` 2 alert, 3 advisory, anything else community (§2). */
export const eventNotifications = pgTable(
  'event_notifications',
  {
    orgId: text('org_id').notNull(),
    eventId: text('event_id').notNull(),
    notificationId: text('notification_id').notNull(),
    title: text('title').notNull(),
    type: integer('type').notNull(),
    textMessage: text('text_message').notNull(),
    rtfContent: text('rtf_content').notNull().default(''),
    sendDate: timestamp('send_date', { withTimezone: true, precision: 3 }).notNull(),
    /** §3 expire (hours): expired once that long has passed since it was sent; null never. */
    expireHours: integer('expire_hours'),
    attachmentFileIds: jsonb('attachment_file_ids').notNull().default([]),
    /** CAP facts of an alert (§2 "alerts with category show category, event, urgency/severity/certainty, instructions"). */
    category: text('category').notNull().default(''),
    capEvent: text('cap_event').notNull().default(''),
    urgency: text('urgency').notNull().default(''),
    severity: text('severity').notNull().default(''),
    certainty: text('certainty').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    /** §3 eventWebPageStatus: 'Active', or 'Deactive' (§2 "Deactive shows a deactivated message"). */
    webPageStatus: text('web_page_status').notNull().default('Active'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.notificationId] }),
    foreignKey({ columns: [t.orgId, t.eventId], foreignColumns: [events.orgId, events.eventId] }).onDelete('cascade'),
    index('event_notifications_by_send_date').on(t.orgId, t.eventId, t.sendDate),
  ],
);

/** Who signed up to an event's notifications (§7 `…/signUp`): at most one row per event and mobile number, and one per e-mail address (both kept normalised). */
export const eventSignups = pgTable(
  'event_signups',
  {
    orgId: text('org_id').notNull(),
    eventId: text('event_id').notNull(),
    signupId: integer('signup_id').generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.eventId, t.signupId] }),
    foreignKey({ columns: [t.orgId, t.eventId], foreignColumns: [events.orgId, events.eventId] }).onDelete('cascade'),
    // One sign-up per number and one per address: a second with either is the same person.
    uniqueIndex('event_signups_mobile').on(t.orgId, t.eventId, t.mobile).where(sql`${t.mobile} <> ''`),
    uniqueIndex('event_signups_email').on(t.orgId, t.eventId, t.email).where(sql`${t.email} <> ''`),
  ],
);

/**
 * Issue 15: an OpenID Connect provider's client secret. Kept apart from the settings, which every
 * browser reads in `/rest/init`; set on the admin page, never shown again.
 */
export const ssoClientSecrets = pgTable(
  'sso_client_secrets',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    secret: text('secret').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.providerId] })],
);

/** Issue 15: who a member is at an identity provider (its subject, the SAML NameID or the OIDC `sub`): one contact per subject, one subject per contact and provider. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    orgId: text('org_id').notNull(),
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    contactId: integer('contact_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.providerId, t.subject] }),
    uniqueIndex('sso_identities_contact').on(t.orgId, t.providerId, t.contactId),
    foreignKey({ columns: [t.orgId, t.contactId], foreignColumns: [contacts.orgId, contacts.contactId] }).onDelete('cascade'),
  ],
);

/**
 * Issue 15: a single sign-on under way, from the portal's request to the provider's answer, used once.
 * `requestId` is the SAML AuthnRequest's ID (the answer's InResponseTo) or the OIDC `state`; the
 * browser that started it holds a cookie whose SHA-256 is `browserHash`, so an answer can only
 * finish the sign-in in that browser. A SAML answer is checked where it is posted and its identity
 * kept in `identity` until the browser comes back for it (`asserted`).
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    providerId: text('provider_id').notNull(),
    browserHash: text('browser_hash').notNull(),
    /** OIDC: the nonce and the PKCE verifier. */
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    forceAuthn: boolean('force_authn').notNull().default(false),
    /** 'pending' until the provider answers; 'asserted' once a SAML answer passed, with its identity. */
    status: text('status').notNull().default('pending'),
    identity: jsonb('identity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.requestId] }), index('sso_requests_expires_idx').on(t.expiresAt)],
);

/** Issue 15: SAML assertions accepted, kept until they expire: an assertion signs in once (replay). */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    orgId: text('org_id').notNull().references(() => organizations.orgId, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.providerId, t.assertionId] }), index('sso_used_assertions_expires_idx').on(t.expiresAt)],
);

/**
 * Issue 15: the identity provider's session behind a portal sign-in, for single logout: the SAML
 * NameID and SessionIndex, or the OIDC ID token (its hint). Ends with the sign-in.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    orgId: text('org_id').notNull(),
    sessionHash: text('session_hash').notNull(),
    providerId: text('provider_id').notNull(),
    nameId: text('name_id'),
    nameIdFormat: text('name_id_format'),
    sessionIndex: text('session_index'),
    idToken: text('id_token'),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.sessionHash] }),
    foreignKey({ columns: [t.orgId, t.sessionHash], foreignColumns: [sessionLogins.orgId, sessionLogins.sessionHash] }).onDelete('cascade'),
  ],
);
