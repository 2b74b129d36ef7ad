/**
 * The server flags a builder reads (§3 Profile, contact paths, custom fields, time zones), made up
 * from an organisation's settings alone: the server's own derivation (memberFlags.ts) for a newly
 * registered member (`NEW_MEMBER`). The admin live preview draws the forms with them before any
 * member exists, and the schema snapshots use them as fixtures, so both show the same forms. The custom fields are the
 * organisation's own (`customFields`, issue 11), numbered like the server numbers them when a field
 * is not saved yet.
 */
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../featureFlags.ts';
import type { OrgSettings } from '../orgSettings.ts';
import { contactPathDefinitionsOf, customFieldDefinitionsOf, NEW_MEMBER, profileFlagsOf } from './memberFlags.ts';
import type { FormFlags } from './types.ts';

export const SAMPLE_TIME_ZONES = [
  { id: 'America/New_York', displayLabel: '(UTC-05:00) Eastern Time' },
  { id: 'America/Chicago', displayLabel: '(UTC-06:00) Central Time' },
  { id: 'Europe/Berlin', displayLabel: '(UTC+01:00) Berlin' },
];

/**
 * Opt-in groups for the preview (§3 Group opt-in): the organisation's are in its database, not its
 * settings, so the preview shows these in their place.
 */
export const SAMPLE_OPT_IN_GROUPS = [
  { id: 1, name: 'Neighbourhood watch', parentId: null },
  { id: 2, name: 'North district', parentId: 1 },
  { id: 3, name: 'South district', parentId: 1 },
  { id: 4, name: 'Volunteers', parentId: null },
];

/** `allMandatory` makes every member-level flag mandatory too (the "everything mandatory" fixture). */
export function previewFlags(settings: OrgSettings, featureFlags: FeatureFlags = FEATURE_FLAGS_OFF, allMandatory = false): FormFlags {
  return {
    featureFlags,
    signUpVariant: 'standard',
    profile: profileFlagsOf(settings, NEW_MEMBER, allMandatory),
    contactPaths: contactPathDefinitionsOf(settings, allMandatory),
    customFields: customFieldDefinitionsOf(settings).map((field) => ({ ...field, mandatory: allMandatory || field.mandatory })),
    eventSignUp: { requireName: allMandatory, requireMobile: allMandatory, requireEmail: true },
    expiredPassword: false,
    timeZones: SAMPLE_TIME_ZONES,
    optInGroups: SAMPLE_OPT_IN_GROUPS,
    // The published topics, as a member in every group is offered them.
    incidentTopics: settings.incidentTopics.filter((topic) => topic.published).map(({ topicId, name }) => ({ topicId, name })),
  };
}
