/**
 * The server flags a builder reads (§3 Profile, contact paths, custom fields, time zones), made up
 * from an organisation's settings alone, as the server would send them for a newly registered
 * member. The admin live preview draws the forms with them before any member exists, and the schema
 * snapshots use them as fixtures, so both show the same forms. The custom fields are the
 * organisation's own (`customFields`, issue 11), numbered like the server numbers them when a field
 * is not saved yet.
 */
import { withCustomFieldIds } from '../customFieldIds.ts';
import type { ContactPathDefinition, ProfileFlags } from '../entities.ts';
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../featureFlags.ts';
import type { OrgSettings } from '../orgSettings.ts';
import type { FormFlags } from './types.ts';

export const SAMPLE_TIME_ZONES = [
  { id: 'America/New_York', displayLabel: '(UTC-05:00) Eastern Time' },
  { id: 'America/Chicago', displayLabel: '(UTC-06:00) Central Time' },
  { id: 'Europe/Berlin', displayLabel: '(UTC+01:00) Berlin' },
];

function contactPathsOf(settings: OrgSettings, allMandatory: boolean): ContactPathDefinition[] {
  const path = (pathId: number, type: ContactPathDefinition['type'], name: string, expose = true, mandatory = false): ContactPathDefinition =>
    ({ pathId, type, name, editable: true, mandatory: allMandatory || mandatory, expose });
  return [
    path(1, 'EMAIL', 'Work Email', true, settings.emailMandatory),
    path(settings.SMSSetting.pathId, 'SMS', settings.SMSSetting.prompt, settings.SMSSetting.exposed, settings.SMSSetting.mandatory),
    path(settings.phoneSetting.pathId, 'PHONE', settings.phoneSetting.prompt, settings.phoneSetting.exposed, settings.phoneSetting.mandatory),
    path(4, 'TTYTDD', 'TTY', true),
    { ...path(5, 'NUMERICPAGER', 'Pager', true), pagerServices: ['Arch Wireless', 'SkyTel', 'USA Mobility'] },
    path(6, 'FAX', 'Fax', true),
    path(7, 'RECIP', 'Mobile App', true),
    ...(settings.showSlackDeliveryPath
      ? [path(settings.slackSetting.pathId, 'SLACK', settings.slackSetting.prompt, settings.slackSetting.exposed, settings.slackSetting.mandatory)]
      : []),
  ];
}

function profileOf(settings: OrgSettings, allMandatory: boolean): ProfileFlags {
  const field = (fieldName: string, profileId: number, editable: boolean, mandatory: boolean, expose: boolean) =>
    ({ fieldName, name: fieldName, profileId, value: '', editable, mandatory: allMandatory || mandatory, expose });
  return {
    profiles: [
      field('firstName', 1, settings.editFirstName, true, true),
      field('lastName', 2, settings.editLastName, true, true),
      field('middleInitial', 3, settings.middleInitialsSetting.edit, settings.middleInitialsSetting.mandatory, settings.middleInitialsSetting.expose),
      field('suffix', 4, settings.suffixSetting.edit, settings.suffixSetting.mandatory, settings.suffixSetting.expose),
      field('externalId', 5, settings.externalIDSetting.edit, settings.externalIDSetting.mandatory, settings.externalIDSetting.expose),
    ],
    isPreferredLanguageEditable: true,
    isPreferredLanguageMandatory: allMandatory,
    isPreferredLanguageExposed: settings.shouldShowPreferredLanguage,
    isEmailEditable: settings.signupEmailEditable,
    isChangePassword: true,
    minContactPathNum: settings.minSignup,
    registered: true,
    isMigrated: false,
    fromPublicPortal: false,
    timeZoneEditable: true,
    timeZoneMandatory: allMandatory,
  };
}

/** `allMandatory` makes every member-level flag mandatory too (the "everything mandatory" fixture). */
export function previewFlags(settings: OrgSettings, featureFlags: FeatureFlags = FEATURE_FLAGS_OFF, allMandatory = false): FormFlags {
  return {
    featureFlags,
    signUpVariant: 'standard',
    profile: profileOf(settings, allMandatory),
    contactPaths: contactPathsOf(settings, allMandatory),
    customFields: settings.showCustomfield ? withCustomFieldIds(settings.customFields).map((f) => ({ ...f, mandatory: allMandatory || f.mandatory })) : [],
    eventSignUp: { requireName: allMandatory, requireMobile: allMandatory, requireEmail: true },
    expiredPassword: false,
    timeZones: SAMPLE_TIME_ZONES,
  };
}
