/**
 * §2 Profile page (step 'profile' or edit-profile): username (registered, non-migrated members not
 * from the public portal, shown read-only), first name, middle initial, last name, suffix, external
 * id, registration email, preferred language, time zone and contact paths. The Profile.profiles
 * entries decide per field whether it is exposed, editable and mandatory (§3); §5 gives the rules.
 * Modes: 'signup' (registration step), 'edit' (my-profile), 'review' (read-only).
 */
import type { ProfileFieldFlags } from '../entities.ts';
import { LANGUAGES } from '../languages.ts';
import { LIMITS } from '../rules/limits.ts';
import { buildContactPathsSchema } from './buildContactPathsSchema.ts';
import { emailField, nameField } from './commonFields.ts';
import type { FormBuilder, FormSchema, UiSchema } from './types.ts';

const PROFILE_FIELDS: Record<string, () => FormSchema> = {
  firstName: () => nameField('profile.firstName.label', 'ssp.field.firstname.invalid'),
  lastName: () => nameField('profile.lastName.label', 'ssp.field.lastname.invalid'),
  middleInitial: () => ({ type: 'string', title: 'profile.middleInitial.label', maxLength: LIMITS.middleInitial.max }),
  suffix: () => ({ type: 'string', title: 'profile.suffix.label', maxLength: LIMITS.suffix.max }),
  externalId: () => ({ type: 'string', title: 'profile.externalId.label', maxLength: LIMITS.externalId.max }),
};

const ORDER = ['username', 'firstName', 'middleInitial', 'lastName', 'suffix', 'externalId', 'email', 'preferredLanguage', 'timeZone', 'contactPaths'];

export const buildProfileSchema: FormBuilder = (settings, flags, mode) => {
  const profile = flags.profile;
  const review = mode === 'review';
  const properties: Record<string, FormSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  const fieldFlags = new Map<string, ProfileFieldFlags>((profile?.profiles ?? []).map((entry) => [entry.fieldName, entry]));

  // §2 "username (registered, non-migrated, not from public portal)": shown, never edited here.
  if (profile && profile.registered && !profile.isMigrated && !profile.fromPublicPortal) {
    properties.username = { type: 'string', title: 'profile.username.label', readOnly: true };
    uiSchema.username = { 'ui:readonly': true };
  }

  for (const [fieldName, build] of Object.entries(PROFILE_FIELDS)) {
    const entry = fieldFlags.get(fieldName);
    if (!entry?.expose) continue;
    const nameLocked = (fieldName === 'firstName' && !settings.editFirstName) || (fieldName === 'lastName' && !settings.editLastName);
    const editable = entry.editable && !nameLocked && !review;
    properties[fieldName] = { ...build(), ...(editable ? {} : { readOnly: true }), 'x-profileId': entry.profileId };
    if (editable && entry.mandatory) required.push(fieldName);
    uiSchema[fieldName] = {
      ...(editable ? {} : { 'ui:readonly': true }),
      ...(fieldName === 'externalId' && editable ? { 'ui:options': { asyncCheck: 'externalId' } } : {}),
    };
  }

  const emailEditable = (profile?.isEmailEditable ?? true) && !review;
  properties.email = { ...emailField('profile.email.label', { required: emailEditable && settings.emailMandatory }), ...(emailEditable ? {} : { readOnly: true }) };
  uiSchema.email = { 'ui:widget': 'email', ...(emailEditable ? {} : { 'ui:readonly': true }) };
  if (emailEditable && settings.emailMandatory) required.push('email');

  if (profile?.isPreferredLanguageExposed ?? settings.shouldShowPreferredLanguage) {
    const editable = (profile?.isPreferredLanguageEditable ?? true) && !review;
    properties.preferredLanguage = { type: 'string', title: 'profile.preferredLanguage.label', enum: LANGUAGES.map((l) => l.lang), ...(editable ? {} : { readOnly: true }) };
    uiSchema.preferredLanguage = { 'ui:widget': 'preferredLanguage', ...(editable ? {} : { 'ui:readonly': true }) };
    // §5 "Preferred language required when mandatory and editable and not the placeholder".
    if (editable && profile?.isPreferredLanguageMandatory) required.push('preferredLanguage');
  }

  const timeZones = flags.timeZones ?? [];
  if (timeZones.length > 0) {
    const editable = (profile?.timeZoneEditable ?? true) && !review;
    properties.timeZone = { type: 'string', title: 'profile.timeZone.label', enum: timeZones.map((zone) => zone.id), ...(editable ? {} : { readOnly: true }) };
    uiSchema.timeZone = { 'ui:widget': 'timeZone', 'ui:options': { timeZones }, ...(editable ? {} : { 'ui:readonly': true }) };
    // §5 "Time zone required when mandatory and not 'Please select...'".
    if (editable && profile?.timeZoneMandatory) required.push('timeZone');
  }

  const contactPaths = buildContactPathsSchema(settings, flags, mode);
  properties.contactPaths = contactPaths.schema;
  // Quiet times need a time zone (§4): the contact-path list reads the profile's own field.
  const contactOptions = (contactPaths.uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
  uiSchema.contactPaths = { ...contactPaths.uiSchema, 'ui:options': { ...contactOptions, timeZones, timeZoneField: '/timeZone' } };

  return {
    schema: { type: 'object', properties, required },
    uiSchema: {
      ...uiSchema,
      'ui:order': ORDER.filter((name) => name in properties),
      'ui:options': {
        readonly: review,
        submitLabelKey: mode === 'edit' ? 'profile.save.button' : 'profile.continue.button',
        cancel: mode === 'edit',
      },
    },
  };
};
