/**
 * Validates organisation settings against schemas/org-settings.schema.json: the demo seed and the
 * admin API store settings only when they pass. Errors come back as `{ pointer, key, params }`,
 * the same shape (and the same mapping) as form errors, so the admin form shows them inline.
 */
import { Ajv } from 'ajv';
import { toFieldErrors } from '../../schemas/forms/fieldErrors.ts';
import { messagesAnnotation } from '../../schemas/forms/keywords.ts';
import type { FieldError } from '../../schemas/forms/types.ts';
import { orgSettingsSchema, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { openRings } from '../../schemas/rules/geoFence.ts';
import { MAX_TREE_DEPTH } from '../../schemas/rules/subscriptionTree.ts';

// Strict, with one annotation: a setting's own message keys (`messages`, read by toFieldErrors).
const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, keywords: [messagesAnnotation] });
const validate = ajv.compile<OrgSettingsInput>(orgSettingsSchema);

export type SettingsError = FieldError;

/** What the schema cannot say about custom fields: two of one organisation with one name or one id. */
export const CUSTOM_FIELD_REPEAT_KEYS = {
  name: 'admin.settings.error.customFields.nameTaken',
  attrId: 'admin.settings.error.customFields.attrIdTaken',
} as const;

/**
 * A custom field named like an earlier one (blanks around it and case aside: members could not tell
 * the two apart on their form), or with an earlier one's attrId (the forms draw each field as
 * `cf_<attrId>`; the editor never sends one twice, another client might). Each repeat is refused at itself.
 */
function customFieldRepeats(settings: OrgSettingsInput): SettingsError[] {
  const names = new Set<string>();
  const ids = new Set<number>();
  const errors: SettingsError[] = [];
  (settings.customFields ?? []).forEach((field, index) => {
    const name = field.name.trim().toLowerCase();
    if (names.has(name)) errors.push({ pointer: `/customFields/${index}/name`, key: CUSTOM_FIELD_REPEAT_KEYS.name, params: {} });
    names.add(name);
    if (field.attrId === undefined) return;
    if (ids.has(field.attrId)) errors.push({ pointer: `/customFields/${index}/attrId`, key: CUSTOM_FIELD_REPEAT_KEYS.attrId, params: {} });
    ids.add(field.attrId);
  });
  return errors;
}

/** What the schema cannot say about geofences (schemas/rules/geoFence.ts). */
export const GEO_FENCE_KEYS = {
  ringOpen: 'admin.settings.error.geoFences.ringOpen',
  missing: 'admin.settings.error.geoFences.missing',
} as const;

/**
 * A ring that does not end where it starts, and the setting turned on with no area to check against
 * (it would accept every place while the administrator believes otherwise).
 */
function geoFenceErrors(settings: OrgSettingsInput): SettingsError[] {
  const fences = settings.geoFences ?? [];
  const errors: SettingsError[] = openRings(fences).map((pointer) => ({ pointer, key: GEO_FENCE_KEYS.ringOpen, params: {} }));
  if (settings.hasGeoFanceSetting && fences.length === 0) errors.push({ pointer: '/geoFences', key: GEO_FENCE_KEYS.missing, params: {} });
  return errors;
}

/** What the schema cannot say about the alert topics (§3 alert tree node; schemas/rules/subscriptionTree.ts). */
export const ALERT_TOPIC_KEYS = {
  serviceIdTaken: 'admin.settings.error.alertSubscriptions.serviceIdTaken',
  parentMissing: 'admin.settings.error.alertSubscriptions.parentMissing',
  tooDeep: 'admin.settings.error.alertSubscriptions.tooDeep',
  weatherOnce: 'admin.settings.error.alertSubscriptions.weatherOnce',
  weatherPlace: 'admin.settings.error.alertSubscriptions.weatherPlace',
  weatherCategories: 'admin.settings.error.alertSubscriptions.weatherCategories',
} as const;

/**
 * The alert topics as a tree: each serviceId once; a parent that is another topic, not the Weather
 * one, reached without a cycle within MAX_TREE_DEPTH levels (a cycle never reaches the top, so it
 * is refused as too deep); at most one Weather topic, at the top level, with at least one category
 * (members choose among them: a Weather topic with none would offer nothing).
 */
function alertTopicErrors(settings: OrgSettingsInput): SettingsError[] {
  const topics = settings.alertSubscriptions ?? [];
  const errors: SettingsError[] = [];
  const at = (index: number, field: string, key: string) => errors.push({ pointer: `/alertSubscriptions/${index}/${field}`, key, params: {} });
  const byId = new Map<number, (typeof topics)[number]>();
  topics.forEach((topic, index) => {
    if (byId.has(topic.serviceId)) at(index, 'serviceId', ALERT_TOPIC_KEYS.serviceIdTaken);
    else byId.set(topic.serviceId, topic);
  });
  let weatherSeen = false;
  topics.forEach((topic, index) => {
    if (topic.parentServiceId !== undefined) {
      const parent = byId.get(topic.parentServiceId);
      if (!parent || parent.type === 'Weather' || topic.parentServiceId === topic.serviceId) at(index, 'parentServiceId', ALERT_TOPIC_KEYS.parentMissing);
      else {
        let depth = 1;
        for (let up: (typeof topics)[number] | undefined = topic; up?.parentServiceId !== undefined && depth <= MAX_TREE_DEPTH; depth++) up = byId.get(up.parentServiceId);
        if (depth > MAX_TREE_DEPTH) at(index, 'parentServiceId', ALERT_TOPIC_KEYS.tooDeep);
      }
    }
    if (topic.type !== 'Weather') return;
    if (weatherSeen) at(index, 'type', ALERT_TOPIC_KEYS.weatherOnce);
    weatherSeen = true;
    if (topic.parentServiceId !== undefined) at(index, 'type', ALERT_TOPIC_KEYS.weatherPlace);
    if ((topic.weatherCategoryList ?? []).length === 0) at(index, 'weatherCategoryList', ALERT_TOPIC_KEYS.weatherCategories);
  });
  return errors;
}

/** What the schema cannot say about the incident topics: two with one topicId. */
export const INCIDENT_TOPIC_TAKEN_KEY = 'admin.settings.error.incidentTopics.topicIdTaken';

function incidentTopicRepeats(settings: OrgSettingsInput): SettingsError[] {
  const seen = new Set<string>();
  return (settings.incidentTopics ?? []).flatMap((topic, index) => {
    if (!seen.has(topic.topicId)) {
      seen.add(topic.topicId);
      return [];
    }
    return [{ pointer: `/incidentTopics/${index}/topicId`, key: INCIDENT_TOPIC_TAKEN_KEY, params: {} }];
  });
}

export function validateOrgSettings(settings: unknown): { ok: true; settings: OrgSettingsInput } | { ok: false; errors: SettingsError[] } {
  if (!validate(settings)) return { ok: false, errors: toFieldErrors(validate.errors) };
  const errors = [...customFieldRepeats(settings), ...geoFenceErrors(settings), ...alertTopicErrors(settings), ...incidentTopicRepeats(settings)];
  return errors.length === 0 ? { ok: true, settings } : { ok: false, errors };
}
