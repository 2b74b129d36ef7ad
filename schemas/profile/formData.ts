/**
 * The profile builder's form data (schemas/forms/buildProfileSchema.ts, §2 profile page) and what both
 * halves of the profile save need of it, written once: the browser builds the form data from the two
 * answers (`GET …/profile`, `GET …/contactPaths`) and the save's payload from the form data
 * (toPayload.ts); the server rebuilds the form data from the payload and what is stored
 * (fromPayload.ts), validates it with the same schema and stores it. As schemas/signUp/ does for the
 * sign-up. No phone metadata here: this module is in the profile page's bundle.
 */
import { PHONE_PATH_TYPES, type ContactPathType, type ContactPathValue, type QuietTimeFrame } from '../entities.ts';
import type { FormSchema } from '../forms/types.ts';
import { ttyCountry } from '../rules/countries.ts';

/** §2 profile page's data: the profile fields, then the contact paths in the member's order. */
export interface ProfileFormData {
  username?: string;
  firstName?: string;
  lastName?: string;
  middleInitial?: string;
  suffix?: string;
  externalId?: string;
  email?: string;
  preferredLanguage?: string;
  timeZone?: string;
  contactPaths?: ContactPathValue[];
}

/**
 * The text fields of the form, as a save's `profile` list names them (§7 `{profileId, name, value}`):
 * the §3 Profile.profiles fields, then the registration e-mail, the language and the time zone.
 */
export const PROFILE_TEXT_FIELDS = ['firstName', 'lastName', 'middleInitial', 'suffix', 'externalId', 'email', 'preferredLanguage', 'timeZone'] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** §3 Contact path values of one member's path as stored and answered (the answer adds the organisation's definition). */
export interface ContactPathValues {
  pathId: number;
  type: ContactPathType;
  value: string;
  countryCode: string | null;
  noValidate: boolean;
  phoneExt: string | null;
  pin: string | null;
  systemRequirement: string | null;
  waitTime: number | null;
  pathEnable: boolean;
  quietTimeFrames: QuietTimeFrame[];
}

/**
 * A stored path as the contact-path list holds it (the builder's item): text parts only when they
 * have a value, and a phone-like path always with its country (the organisation's default when none,
 * a TTY/TDD path US or CA, §5) and 'use as is'.
 */
export function pathFormValue(path: ContactPathValues, defaultCountry: string): ContactPathValue {
  const phone = PHONE_PATH_TYPES.has(path.type);
  return {
    pathId: path.pathId,
    type: path.type,
    value: path.value,
    ...(phone ? {
      countryCode: path.countryCode ?? (path.type === 'TTYTDD' ? ttyCountry(defaultCountry) : defaultCountry),
      noValidate: path.noValidate,
    } : {}),
    ...(path.phoneExt ? { phoneExt: path.phoneExt } : {}),
    ...(path.pin ? { pin: path.pin } : {}),
    ...(path.systemRequirement ? { systemRequirement: path.systemRequirement } : {}),
    ...(path.waitTime !== null ? { waitTime: path.waitTime } : {}),
    pathEnable: path.pathEnable,
    quietTimeFrames: path.quietTimeFrames,
  };
}

/**
 * The schema of each contact path of a built profile or contact-path form, by pathId: the `then` of
 * the item's `if pathId` (buildContactPathsSchema.ts), which lists the parts that path has (country,
 * extension, pin, pager service, waitTime …) and marks its value `readOnly` when the member may not
 * change it. Empty when the form has no contact paths.
 */
export function contactPathItemSchemas(schema: FormSchema): Map<number, FormSchema> {
  const list = schema.properties?.contactPaths;
  const items = typeof list === 'object' && !Array.isArray(list.items) ? list.items : undefined;
  const byPathId = new Map<number, FormSchema>();
  for (const branch of items?.allOf ?? []) {
    const pathId = (branch.if?.properties?.pathId as FormSchema | undefined)?.const;
    if (typeof pathId === 'number' && branch.then) byPathId.set(pathId, branch.then);
  }
  return byPathId;
}

/** Whether a field of a built form is drawn read-only (§6 editable false: readOnlyUnless.ts marks the schema). */
export function isReadOnly(schema: FormSchema | boolean | undefined): boolean {
  return typeof schema === 'object' && schema.readOnly === true;
}
