/**
 * Validates organisation settings against schemas/org-settings.schema.json: the demo seed and the
 * admin API store settings only when they pass. Errors come back as `{ pointer, key, params }`,
 * the same shape (and the same mapping) as form errors, so the admin form shows them inline.
 */
import { X509Certificate } from 'node:crypto';
import { Ajv } from 'ajv';
import { describeIdp } from './sso/idpMetadata.ts';
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

/** What the schema cannot say about single sign-on (issue 15). */
export const SSO_KEYS = {
  missing: 'admin.settings.error.sso.missing',
  idTaken: 'admin.settings.error.sso.idTaken',
  required: 'admin.settings.error.sso.required',
  certificate: 'admin.settings.error.sso.certificate',
  metadata: 'admin.settings.error.sso.metadata',
} as const;

/** The fields each protocol needs, and the ones the other protocol uses (refused when filled: they would mislead). */
const SSO_REQUIRED = { saml: ['entityId', 'ssoUrl', 'certificate'], oidc: ['issuer', 'clientId'] } as const;

/**
 * Single sign-on turned on with no provider (login/sso would offer nothing), two providers with one
 * id (their addresses would clash), a provider without what its protocol needs, a certificate that is
 * not one.
 */
function ssoErrors(settings: OrgSettingsInput): SettingsError[] {
  const providers = settings.ssoProviders ?? [];
  const errors: SettingsError[] = [];
  if (settings.enabledSSO && providers.length === 0) errors.push({ pointer: '/ssoProviders', key: SSO_KEYS.missing, params: {} });
  const ids = new Set<string>();
  providers.forEach((provider, index) => {
    if (ids.has(provider.id)) errors.push({ pointer: `/ssoProviders/${index}/id`, key: SSO_KEYS.idTaken, params: {} });
    ids.add(provider.id);
    // A SAML provider's metadata (its address or the XML) gives what the settings leave empty.
    const described = provider.protocol !== 'oidc' && Boolean(provider.metadataUrl?.trim() || provider.metadataXml?.trim());
    if (!described) {
      for (const field of SSO_REQUIRED[provider.protocol ?? 'saml']) {
        if (!String(provider[field] ?? '').trim()) errors.push({ pointer: `/ssoProviders/${index}/${field}`, key: SSO_KEYS.required, params: {} });
      }
    }
    if (provider.protocol !== 'oidc' && provider.metadataXml?.trim() && !describeIdp(provider.metadataXml)) {
      errors.push({ pointer: `/ssoProviders/${index}/metadataXml`, key: SSO_KEYS.metadata, params: {} });
    }
    const certificate = provider.certificate?.trim();
    if (provider.protocol !== 'oidc' && certificate && !isCertificateList(certificate)) {
      errors.push({ pointer: `/ssoProviders/${index}/certificate`, key: SSO_KEYS.certificate, params: {} });
    }
  });
  return errors;
}

/** PEM certificates, each one X.509 node can read, and nothing else. */
function isCertificateList(text: string): boolean {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0 || text.replace(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g, '').trim() !== '') return false;
  try {
    for (const block of blocks) new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
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
  const errors = [...customFieldRepeats(settings), ...geoFenceErrors(settings), ...alertTopicErrors(settings), ...incidentTopicRepeats(settings), ...ssoErrors(settings)];
  return errors.length === 0 ? { ok: true, settings } : { ok: false, errors };
}
