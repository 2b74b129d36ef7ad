/**
 * The server's half of the profile save (§7 `POST /{orgId}/{contactId}/profile`): the payload and what
 * is stored, turned into the profile builder's form data (formData.ts), which the server validates
 * with the very schema the form draws (STYLE.md principle 6); then the validated data turned into
 * what is stored.
 *
 * - A field or path left out of the payload, and a part of a path left out, keeps its stored value.
 * - What the form draws read-only (§6 editable false: a locked name, e-mail, language, time zone, a
 *   path's number; the mobile app's value always) keeps its stored value whatever is sent: a crafted
 *   request cannot change it. So does a field the organisation does not expose (it is not in the form).
 * - Blank text is left out of the form data, as the form leaves an emptied input undefined, so a
 *   required field gets its required message; what is stored for it is nothing (null).
 * - Paths are in the member's order: the order of the list, or its `sortOrder`s when given; paths
 *   the member has but did not send follow, then the paths the organisation does not expose
 *   (untouched). A path with neither a value nor a quiet time is not kept.
 */
import { PHONE_PATH_TYPES, type ContactPathDefinition, type ContactPathValue, type QuietTimeFrame } from '../entities.ts';
import type { ContactPathInput, ProfileEntry } from '../api/profile.ts';
import { PROFILE_FIELDS } from '../forms/memberFlags.ts';
import type { FormSchema } from '../forms/types.ts';
import { ttyCountry } from '../rules/countries.ts';
import { normalizePhoneValue } from '../rules/phoneNumber.ts';
import {
  contactPathItemSchemas, isReadOnly, pathFormValue, PROFILE_TEXT_FIELDS, type ContactPathValues, type ProfileFormData, type ProfileTextField,
} from './formData.ts';

/** What is stored of the member's profile (the contacts row) and contact paths (in their order). */
export interface StoredProfile {
  firstName: string;
  lastName: string;
  middleInitial: string | null;
  suffix: string | null;
  externalId: string | null;
  email: string | null;
  preferredLanguage: string;
  timeZone: string | null;
  contactPaths: ContactPathValues[];
}

export interface ProfilePayload {
  profile?: ProfileEntry[];
  contactPath?: ContactPathInput[];
}

/** The parts of a path that make up its number: locked together when the path is not editable. */
const NUMBER_PARTS: ReadonlySet<string> = new Set(['value', 'countryCode', 'noValidate']);

const PROFILE_IDS: ReadonlyMap<string, number> = new Map(PROFILE_FIELDS.map((field) => [field.fieldName, field.profileId]));

const given = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** A malformed payload the form could not have sent (400 `request.invalid` with this message). */
export type PayloadProblem = { ok: false; message: string };

function profileEntries(entries: readonly ProfileEntry[]): Map<string, ProfileEntry> | PayloadProblem {
  const byName = new Map<string, ProfileEntry>();
  for (const entry of entries) {
    if (byName.has(entry.name)) return { ok: false, message: `profile: ${entry.name} is given twice` };
    const profileId = PROFILE_IDS.get(entry.name);
    if (profileId !== undefined && entry.profileId !== profileId) {
      return { ok: false, message: `profile: ${entry.name} is profileId ${profileId}, not ${entry.profileId}` };
    }
    byName.set(entry.name, entry);
  }
  return byName;
}

/** The submitted paths in the member's order (stable: `sortOrder` first, then the list's order). */
function orderedPaths(paths: readonly ContactPathInput[]): ContactPathInput[] | PayloadProblem {
  const seen = new Set<number>();
  for (const path of paths) {
    if (seen.has(path.pathId)) return { ok: false, message: `contactPath: pathId ${path.pathId} is given twice` };
    seen.add(path.pathId);
  }
  return paths.map((path, index) => ({ path, index }))
    .sort((a, b) => (a.path.sortOrder ?? a.index) - (b.path.sortOrder ?? b.index) || a.index - b.index)
    .map(({ path }) => path);
}

/** One path of the form data: its parts as the item schema lists them, sent or stored. */
function pathItem(itemSchema: FormSchema, definition: ContactPathDefinition, sent: ContactPathInput | undefined, stored: ContactPathValue | undefined): ContactPathValue {
  const locked = isReadOnly(itemSchema.properties?.value);
  const item: Record<string, unknown> = { pathId: definition.pathId, type: definition.type };
  const sentParts = (sent ?? {}) as Record<string, unknown>;
  const storedParts = (stored ?? {}) as Record<string, unknown>;
  for (const part of Object.keys(itemSchema.properties ?? {})) {
    if (part === 'pathId' || part === 'type') continue;
    const value = (locked && NUMBER_PARTS.has(part)) || sentParts[part] === undefined ? storedParts[part] : sentParts[part];
    if (value !== undefined) item[part] = value;
  }
  if (item.value === undefined) item.value = '';
  return item as unknown as ContactPathValue;
}

/**
 * The profile form's data for a save: the payload over what is stored, as described above. `form` is
 * the profile builder's schema in edit mode for this member, `definitions` the organisation's paths.
 */
export function profileFormData(
  form: FormSchema, definitions: readonly ContactPathDefinition[], stored: StoredProfile, payload: ProfilePayload, defaultCountry: string,
): { ok: true; data: ProfileFormData } | PayloadProblem {
  const entries = profileEntries(payload.profile ?? []);
  if ('ok' in entries) return entries;
  const properties = form.properties ?? {};
  const data: ProfileFormData = {};
  for (const name of PROFILE_TEXT_FIELDS) {
    const field = properties[name];
    if (field === undefined) continue;
    const sent = entries.get(name);
    const value = isReadOnly(field) || sent === undefined ? stored[name] : sent.value;
    if (given(value)) data[name] = value;
  }

  const itemSchemas = contactPathItemSchemas(form);
  if (properties.contactPaths === undefined) return { ok: true, data };
  const storedPaths = new Map(stored.contactPaths.map((path) => [path.pathId, pathFormValue(path, defaultCountry)]));
  const definitionOf = new Map(definitions.map((definition) => [definition.pathId, definition]));
  const sentPaths = payload.contactPath === undefined ? [] : orderedPaths(payload.contactPath);
  if ('ok' in sentPaths) return sentPaths;
  // Quiet times belong to the paths that ring or buzz (PHONE, SMS, TTYTDD): one sent to another path is refused, not dropped unseen.
  const quietOnOther = sentPaths.find((sent) => (sent.quietTimeFrames?.length ?? 0) > 0 && itemSchemas.has(sent.pathId)
    && itemSchemas.get(sent.pathId)!.properties?.quietTimeFrames === undefined);
  if (quietOnOther) return { ok: false, message: `contactPath: pathId ${quietOnOther.pathId} takes no quiet times (only PHONE, SMS and TTYTDD paths do)` };
  const items: ContactPathValue[] = sentPaths.map((sent) => {
    const itemSchema = itemSchemas.get(sent.pathId);
    const definition = definitionOf.get(sent.pathId);
    // A path the form does not offer: the schema refuses its pathId (§3 pathIds of the exposed paths).
    if (!itemSchema || !definition) return { pathId: sent.pathId, type: sent.type ?? sent.pathType ?? 'EMAIL', value: sent.value ?? '' };
    return pathItem(itemSchema, definition, sent, storedPaths.get(sent.pathId));
  });
  const sentIds = new Set(sentPaths.map((path) => path.pathId));
  for (const path of stored.contactPaths) {
    const itemSchema = itemSchemas.get(path.pathId);
    const definition = definitionOf.get(path.pathId);
    if (sentIds.has(path.pathId) || !itemSchema || !definition) continue;
    items.push(pathItem(itemSchema, definition, undefined, storedPaths.get(path.pathId)));
  }
  data.contactPaths = items;
  return { ok: true, data };
}

/** What a save writes of the contact: the fields the member may change, each its new value (null: none). */
export type ProfileChanges = Partial<Record<ProfileTextField, string | null>>;

export interface ProfileToStore {
  contact: ProfileChanges;
  /**
   * Every path the member keeps, in order (sortOrder is the position): the exposed ones as saved (those
   * with a value or a quiet time), then the others untouched. A path not listed has no row.
   */
  contactPaths: ContactPathValues[];
}

const orNull = (text: string | undefined | null): string | null => (given(text) ? text : null);

/** §4 "the 24-hour checkbox makes end equal start": a frame with `allDay` is stored so; days in order. */
function storedFrame(frame: QuietTimeFrame): QuietTimeFrame {
  const days = [...frame.days].sort((a, b) => a - b);
  const { name, fromHour, fromMin } = frame;
  return frame.allDay
    ? { name, days, fromHour, fromMin, toHour: fromHour, toMin: fromMin, allDay: true }
    : { name, days, fromHour, fromMin, toHour: frame.toHour, toMin: frame.toMin };
}

/**
 * What to store of validated form data (`data` is what checkSubmission answered for profileFormData's
 * result): the editable fields, and the paths with their numbers as §5 sends them (phones "stripped to
 * digits or national number", with their country), pathEnable "set automatically to whether a value
 * exists" (§2: on unless the member turned it off), each part only where the path's type has it.
 * An empty path is stored only to keep its quiet times.
 */
export function profileToStore(
  form: FormSchema, stored: StoredProfile, data: ProfileFormData, defaultCountry: string,
): ProfileToStore {
  const properties = form.properties ?? {};
  const contact: ProfileChanges = {};
  for (const name of PROFILE_TEXT_FIELDS) {
    const field = properties[name];
    if (field === undefined || isReadOnly(field)) continue;
    // A language is always stored (§9 default en_US): left blank, the stored one stays.
    if (name === 'preferredLanguage' && !given(data.preferredLanguage)) continue;
    contact[name] = orNull(data[name]);
  }

  const itemSchemas = contactPathItemSchemas(form);
  const storedById = new Map(stored.contactPaths.map((path) => [path.pathId, path]));
  const saved: ContactPathValues[] = (data.contactPaths ?? []).flatMap((item) => {
    const itemSchema = itemSchemas.get(item.pathId);
    if (!itemSchema) return [];
    const parts = new Set(Object.keys(itemSchema.properties ?? {}));
    const before = storedById.get(item.pathId);
    const locked = isReadOnly(itemSchema.properties?.value);
    const phone = PHONE_PATH_TYPES.has(item.type);
    let value = (item.value ?? '').trim();
    let countryCode: string | null = parts.has('countryCode') ? orNull(item.countryCode) : null;
    let noValidate = parts.has('noValidate') && item.noValidate === true;
    if (locked) {
      value = before?.value ?? '';
      countryCode = before?.countryCode ?? null;
      noValidate = before?.noValidate ?? false;
    } else if (phone) {
      value = normalizePhoneValue(item, defaultCountry);
      if (value === '') countryCode = null;
      else if (countryCode === null) countryCode = item.type === 'TTYTDD' ? ttyCountry(defaultCountry) : defaultCountry;
    }
    const text = (part: 'phoneExt' | 'pin' | 'systemRequirement') => (parts.has(part) ? orNull(item[part]) : null);
    return [{
      pathId: item.pathId,
      type: item.type,
      value,
      countryCode,
      noValidate,
      phoneExt: text('phoneExt'),
      pin: text('pin'),
      systemRequirement: text('systemRequirement'),
      waitTime: parts.has('waitTime') && typeof item.waitTime === 'number' ? item.waitTime : null,
      pathEnable: value !== '' && item.pathEnable !== false,
      quietTimeFrames: (item.quietTimeFrames ?? []).map(storedFrame),
    }];
  });
  const savedIds = new Set(saved.map((path) => path.pathId));
  // A path with neither a value nor a quiet time holds nothing to keep: it has no row (and loses the one it had).
  const kept = saved.filter((path) => path.value !== '' || path.quietTimeFrames.length > 0);
  return { contact, contactPaths: [...kept, ...stored.contactPaths.filter((path) => !savedIds.has(path.pathId))] };
}
