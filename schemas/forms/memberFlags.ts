/**
 * The server flags of one member's profile and contact paths (§3 Profile, Contact path), derived from
 * the organisation's settings and what is stored of the member: the flags the profile and
 * contact-path builders read (`FormFlags.profile`, `FormFlags.contactPaths`), filled with the
 * member's values. `GET /{orgId}/{contactId}/profile` and `…/contactPaths` answer them, and the
 * profile save validates with the form they build.
 *
 * For `NEW_MEMBER` (nothing stored yet) they are the flags the admin preview and the schema snapshots
 * draw with (previewFlags.ts calls these functions).
 */
import { withCustomFieldIds } from '../customFieldIds.ts';
import type { ContactPathDefinition, CustomFieldDefinition, ProfileFlags } from '../entities.ts';
import type { OrgSettings } from '../orgSettings.ts';

/**
 * §3 Profile.profiles: the profile fields the settings describe, each with its profileId (the id the
 * save's `profile` list names it by, §7), in the order of the form.
 */
export const PROFILE_FIELDS = [
  { fieldName: 'firstName', profileId: 1 },
  { fieldName: 'lastName', profileId: 2 },
  { fieldName: 'middleInitial', profileId: 3 },
  { fieldName: 'suffix', profileId: 4 },
  { fieldName: 'externalId', profileId: 5 },
] as const;

export type ProfileFieldName = (typeof PROFILE_FIELDS)[number]['fieldName'];

/** §3 pager services (systemRequirement) a pager path offers. */
export const PAGER_SERVICES = ['Arch Wireless', 'SkyTel', 'USA Mobility'];

/**
 * What is stored of a member that the profile's flags depend on (§3 Account and Profile). Values the
 * member has not given are null.
 */
export interface MemberProfileFacts {
  firstName: string;
  lastName: string;
  middleInitial: string | null;
  suffix: string | null;
  externalId: string | null;
  /** §3 Account.registered and isMigrated: with "not from public portal", whether the username is shown (§2). */
  registered: boolean;
  isMigrated: boolean;
  /** The account was made through the public portal (§3 Account.publicProfileId): no username, no password here. */
  fromPublicPortal: boolean;
  /** §3 isChangePassword: the account has a password of this portal (a public-portal account has none). */
  hasPassword: boolean;
  /** The account has a username of this portal (one made by single sign-on has none, issue 15). */
  hasUsername: boolean;
}

/** A member who has just registered and given nothing beyond sign-up (the preview's member). */
export const NEW_MEMBER: MemberProfileFacts = {
  firstName: '', lastName: '', middleInitial: null, suffix: null, externalId: null,
  registered: true, isMigrated: false, fromPublicPortal: false, hasPassword: true, hasUsername: true,
};

/**
 * §3 Profile flags of `member` under `settings`. `allMandatory` makes every member-level flag
 * mandatory too (the "everything mandatory" fixture).
 */
export function profileFlagsOf(settings: OrgSettings, member: MemberProfileFacts = NEW_MEMBER, allMandatory = false): ProfileFlags {
  const setting = {
    firstName: { edit: settings.editFirstName, mandatory: true, expose: true },
    lastName: { edit: settings.editLastName, mandatory: true, expose: true },
    middleInitial: settings.middleInitialsSetting,
    suffix: settings.suffixSetting,
    externalId: settings.externalIDSetting,
  } satisfies Record<ProfileFieldName, { edit: boolean; mandatory: boolean; expose: boolean }>;
  return {
    profiles: PROFILE_FIELDS.map(({ fieldName, profileId }) => ({
      fieldName, name: fieldName, profileId, value: member[fieldName] ?? '',
      editable: setting[fieldName].edit, mandatory: allMandatory || setting[fieldName].mandatory, expose: setting[fieldName].expose,
    })),
    isPreferredLanguageEditable: true,
    isPreferredLanguageMandatory: allMandatory,
    isPreferredLanguageExposed: settings.shouldShowPreferredLanguage,
    isEmailEditable: settings.signupEmailEditable,
    isChangePassword: member.hasPassword,
    minContactPathNum: settings.minSignup,
    registered: member.registered,
    isMigrated: member.isMigrated,
    fromPublicPortal: member.fromPublicPortal,
    hasUsername: member.hasUsername,
    timeZoneEditable: true,
    timeZoneMandatory: allMandatory,
  };
}

/**
 * §3 contact paths the organisation offers, in its order: e-mail (pathId 1), SMS and phone (their
 * settings), TTY/TDD, a numeric pager with its services, fax, the mobile app (RECIP), and Slack when
 * the organisation shows the Slack delivery path. The settings describe SMS, phone and Slack; the
 * others are every organisation's, as the preview has always drawn them.
 */
export function contactPathDefinitionsOf(settings: OrgSettings, allMandatory = false): ContactPathDefinition[] {
  const path = (pathId: number, type: ContactPathDefinition['type'], name: string, expose = true, mandatory = false, editable = true): ContactPathDefinition =>
    ({ pathId, type, name, editable, mandatory: allMandatory || mandatory, expose });
  // §6 "Editability follows server flags (… phone/SMS/Slack …)": their settings' `editable` (the preview
  // draws them editable; it differs only in this flag, which no built form of the fixtures shows).
  const configured = (setting: OrgSettings['SMSSetting'], type: ContactPathDefinition['type']) =>
    path(setting.pathId, type, setting.prompt, setting.exposed, setting.mandatory, setting.editable);
  return [
    path(1, 'EMAIL', 'Work Email', true, settings.emailMandatory),
    configured(settings.SMSSetting, 'SMS'),
    configured(settings.phoneSetting, 'PHONE'),
    path(4, 'TTYTDD', 'TTY', true),
    { ...path(5, 'NUMERICPAGER', 'Pager', true), pagerServices: [...PAGER_SERVICES] },
    path(6, 'FAX', 'Fax', true),
    path(7, 'RECIP', 'Mobile App', true),
    ...(settings.showSlackDeliveryPath ? [configured(settings.slackSetting, 'SLACK')] : []),
  ];
}

/**
 * §3 Custom field: the fields a member of the organisation sees (`FormFlags.customFields`, what the
 * custom-field builder reads, and what `GET …/customFields` answers): the settings' `customFields`
 * in their order when `showCustomfield` is on, none otherwise (§2 "information (custom fields on)").
 * A field not saved yet is numbered as the server will number it (a stored field always has its `attrId`).
 */
export function customFieldDefinitionsOf(settings: OrgSettings): CustomFieldDefinition[] {
  if (!settings.showCustomfield) return [];
  return withCustomFieldIds(settings.customFields).map(({ attrId, name, dataType, displayFormat, definedValues, editable, mandatory }) =>
    ({ attrId, name, dataType, displayFormat, definedValues: [...definedValues], editable, mandatory }));
}
