/**
 * The browser's half of the profile save (§7 `POST /{orgId}/{contactId}/profile`, form `profile`,
 * `contactPath`, `profileVersion`): the profile page's first form data from the two answers, and the
 * save's form from the form data. The server reads it back with fromPayload.ts.
 */
import type { ContactPathAnswer, ContactPathInput, ProfileAnswer, ProfileEntry, SaveProfileForm } from '../api/profile.ts';
import type { FeatureFlags } from '../featureFlags.ts';
import type { FormFlags, FormSchema } from '../forms/types.ts';
import { isReadOnly, pathFormValue, PROFILE_TEXT_FIELDS, type ProfileFormData } from './formData.ts';

/**
 * The profile form's data from `GET …/profile` and `GET …/contactPaths`: the member's values (blank
 * ones left out, as an empty input holds them) and their exposed paths in their order.
 */
export function profileFormDataOf(profile: ProfileAnswer, paths: readonly ContactPathAnswer[], defaultCountry: string): ProfileFormData {
  const data: ProfileFormData = {};
  if (profile.username) data.username = profile.username;
  for (const name of PROFILE_TEXT_FIELDS) if (profile[name].trim() !== '') data[name] = profile[name];
  data.contactPaths = paths.filter((path) => path.expose).map((path) => pathFormValue(path, defaultCountry));
  return data;
}

/**
 * The save's form for `data` of the profile form `form` (the built schema): every field the member
 * may change (an emptied one as '', which clears it), and every path in the list's order.
 * `profileVersion` is the one of the answers the form was filled from (the lower of the two, should
 * they differ: a save over a newer one is refused rather than applied to data the page never saw).
 */
export function saveProfileForm(form: FormSchema, profiles: ProfileAnswer['profiles'], data: ProfileFormData, profileVersion: number): SaveProfileForm {
  const properties = form.properties ?? {};
  const profileIdOf = new Map(profiles.map((entry) => [entry.fieldName, entry.profileId]));
  const profile: ProfileEntry[] = PROFILE_TEXT_FIELDS
    .filter((name) => properties[name] !== undefined && !isReadOnly(properties[name]))
    .map((name) => ({ profileId: profileIdOf.get(name) ?? 0, name, value: data[name] ?? '' }));
  const contactPath: ContactPathInput[] = (data.contactPaths ?? []).map((path, sortOrder) => ({
    pathId: path.pathId,
    value: path.value ?? '',
    ...(path.countryCode !== undefined ? { countryCode: path.countryCode } : {}),
    ...(path.noValidate !== undefined ? { noValidate: path.noValidate } : {}),
    ...(path.phoneExt !== undefined ? { phoneExt: path.phoneExt } : {}),
    ...(path.pin !== undefined ? { pin: path.pin } : {}),
    ...(path.systemRequirement !== undefined ? { systemRequirement: path.systemRequirement } : {}),
    ...(path.waitTime !== undefined ? { waitTime: path.waitTime } : {}),
    ...(path.pathEnable !== undefined ? { pathEnable: path.pathEnable } : {}),
    quietTimeFrames: path.quietTimeFrames ?? [],
    sortOrder,
  }));
  return { profile: JSON.stringify(profile), contactPath: JSON.stringify(contactPath), profileVersion: String(profileVersion) };
}

/**
 * The flags the profile form is built with, from the two answers: the §3 Profile flags and the
 * organisation's path definitions, without the member's values (as the server builds it,
 * server/services/profile.ts): the builder does not read them, and they go into the validator
 * module's address, which every member of one kind then shares and no log line learns a name from.
 */
export function profileFormFlagsOf(profile: ProfileAnswer, paths: readonly ContactPathAnswer[], featureFlags: FeatureFlags): FormFlags {
  return {
    featureFlags,
    profile: {
      profiles: profile.profiles.map((entry) => ({ ...entry, value: '' })),
      isPreferredLanguageEditable: profile.isPreferredLanguageEditable,
      isPreferredLanguageMandatory: profile.isPreferredLanguageMandatory,
      isPreferredLanguageExposed: profile.isPreferredLanguageExposed,
      isEmailEditable: profile.isEmailEditable,
      isChangePassword: profile.isChangePassword,
      minContactPathNum: profile.minContactPathNum,
      registered: profile.registered,
      isMigrated: profile.isMigrated,
      fromPublicPortal: profile.fromPublicPortal,
      hasUsername: profile.hasUsername,
      timeZoneEditable: profile.timeZoneEditable,
      timeZoneMandatory: profile.timeZoneMandatory,
    },
    contactPaths: paths.map(({ pathId, type, name, editable, mandatory, expose, pagerServices }) =>
      ({ pathId, type, name, editable, mandatory, expose, ...(pagerServices ? { pagerServices } : {}) })),
    timeZones: profile.timezones,
  };
}
