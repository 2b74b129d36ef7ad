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
import { assembleForm } from './assembleForm.ts';
import { contactPathsPiece } from './buildContactPathsSchema.ts';
import { emailField, nameField } from './commonFields.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { FormBuilder, FormPieces, FormSchema, UiSchema } from './types.ts';

/** §5 "external id … (server uniqueness, 'jquery.validation.externalId')": the async check's and the save's refusal. */
export const EXTERNAL_ID_TAKEN = 'jquery.validation.externalId';

const PROFILE_FIELDS: Record<string, () => FormSchema> = {
  firstName: () => nameField('profile.firstName.label', 'ssp.field.firstname.invalid'),
  lastName: () => nameField('profile.lastName.label', 'ssp.field.lastname.invalid'),
  middleInitial: () => ({ type: 'string', title: 'profile.middleInitial.label', maxLength: LIMITS.middleInitial.max }),
  suffix: () => ({ type: 'string', title: 'profile.suffix.label', maxLength: LIMITS.suffix.max }),
  externalId: () => ({ type: 'string', title: 'profile.externalId.label', maxLength: LIMITS.externalId.max }),
};

/** WCAG 1.3.5 purposes and the widths of the short answers (src/styles/forms.css `input-width-*`). */
const PROFILE_FIELD_UI: Record<string, UiSchema> = {
  firstName: { 'ui:autocomplete': 'given-name' },
  lastName: { 'ui:autocomplete': 'family-name' },
  middleInitial: { 'ui:classNames': 'input-width-2' },
  suffix: { 'ui:autocomplete': 'honorific-suffix', 'ui:classNames': 'input-width-5' },
};

const ORDER = ['username', 'firstName', 'middleInitial', 'lastName', 'suffix', 'externalId', 'email', 'preferredLanguage', 'timeZone', 'contactPaths'];

export const buildProfileSchema: FormBuilder = (settings, flags, mode) => {
  const profile = flags.profile;
  const review = mode === 'review';
  const fieldFlags = new Map<string, ProfileFieldFlags>((profile?.profiles ?? []).map((entry) => [entry.fieldName, entry]));
  const pieces: FormPieces = {};

  // §2 "username (registered, non-migrated, not from public portal)": shown, never edited here; an
  // account single sign-on made has none to show.
  if (profile && profile.registered && !profile.isMigrated && !profile.fromPublicPortal && profile.hasUsername) {
    pieces.username = readOnlyUnless(false, { schema: { type: 'string', title: 'profile.username.label' } });
  }

  for (const [fieldName, build] of Object.entries(PROFILE_FIELDS)) {
    const entry = fieldFlags.get(fieldName);
    if (!entry?.expose) continue;
    const nameLocked = (fieldName === 'firstName' && !settings.editFirstName) || (fieldName === 'lastName' && !settings.editLastName);
    const editable = entry.editable && !nameLocked && !review;
    const piece = readOnlyUnless(editable, {
      schema: build(),
      ui: fieldName === 'externalId' && editable ? { 'ui:options': { asyncCheck: 'externalId', asyncCheckMessage: EXTERNAL_ID_TAKEN } } : (PROFILE_FIELD_UI[fieldName] ?? {}),
      required: editable && entry.mandatory,
    });
    // Which Profile.profiles entry the value belongs to (§3), sent back with it.
    pieces[fieldName] = { ...piece, schema: { ...piece.schema, 'x-profileId': entry.profileId } };
  }

  const emailEditable = (profile?.isEmailEditable ?? true) && !review;
  pieces.email = readOnlyUnless(emailEditable, {
    schema: emailField('profile.email.label', { required: emailEditable && settings.emailMandatory }),
    ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email' },
    required: emailEditable && settings.emailMandatory,
  });

  if (profile?.isPreferredLanguageExposed ?? settings.shouldShowPreferredLanguage) {
    const editable = (profile?.isPreferredLanguageEditable ?? true) && !review;
    pieces.preferredLanguage = readOnlyUnless(editable, {
      schema: { type: 'string', title: 'profile.preferredLanguage.label', enum: LANGUAGES.map((l) => l.lang) },
      ui: { 'ui:widget': 'preferredLanguage' },
      // §5 "Preferred language required when mandatory and editable and not the placeholder".
      required: editable && profile?.isPreferredLanguageMandatory,
    });
  }

  const timeZones = flags.timeZones ?? [];
  if (timeZones.length > 0) {
    const editable = (profile?.timeZoneEditable ?? true) && !review;
    pieces.timeZone = readOnlyUnless(editable, {
      schema: { type: 'string', title: 'profile.timeZone.label', enum: timeZones.map((zone) => zone.id) },
      ui: { 'ui:widget': 'timeZone', 'ui:options': { timeZones } },
      // §5 "Time zone required when mandatory and not 'Please select...'".
      required: editable && profile?.timeZoneMandatory,
    });
  }

  // Quiet times need a time zone (§4): the contact-path list reads the profile's own field.
  pieces.contactPaths = contactPathsPiece(settings, flags, mode, { timeZoneField: '/timeZone' });

  return assembleForm(pieces, {
    order: ORDER,
    ui: {
      'ui:options': {
        readonly: review,
        submitLabelKey: mode === 'edit' ? 'profile.save.button' : 'profile.continue.button',
        cancel: mode === 'edit',
        busyLabelKey: 'form.busy.saving',
      },
    },
    json: { fieldsFirst: true },
  });
};
