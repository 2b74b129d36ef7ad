import orgSettingsSchema from './org-settings.schema.json' with { type: 'json' };
import type { AlertTopic, CustomField, FieldSetting, IncidentTopic, OrgSettingsInput, PathSetting } from './orgSettings.generated.ts';

export { orgSettingsSchema };
export type { AlertTopic, CustomField, FieldSetting, IncidentTopic, OrgSettingsInput, PathSetting };

type Resolved<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends unknown[]
    ? NonNullable<T[K]>
    : NonNullable<T[K]> extends object
      ? Resolved<NonNullable<T[K]>>
      : NonNullable<T[K]>;
};

/**
 * A §3 custom field as resolved settings hold it: every default filled in; `attrId` once the server
 * has saved the field (a field added in the admin editor has none until then: schemas/customFieldIds.ts).
 */
export type CustomFieldSetting = Resolved<Omit<CustomField, 'attrId'>> & Pick<CustomField, 'attrId'>;

/** A §3 alert tree topic as resolved settings hold it: every default filled in; `parentServiceId` only below the top level. */
export type AlertTopicSetting = Resolved<Omit<AlertTopic, 'parentServiceId'>> & Pick<AlertTopic, 'parentServiceId'>;

/** An incident topic as resolved settings hold it: every default filled in. */
export type IncidentTopicSetting = Resolved<IncidentTopic>;

/** The §3 Organisation entity with every default of org-settings.schema.json filled in. */
export type OrgSettings = Omit<Resolved<OrgSettingsInput>, 'customFields' | 'alertSubscriptions' | 'incidentTopics'> & {
  customFields: CustomFieldSetting[];
  alertSubscriptions: AlertTopicSetting[];
  incidentTopics: IncidentTopicSetting[];
};

interface SchemaNode {
  $ref?: string;
  type?: string;
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  definitions?: Record<string, SchemaNode>;
}

const root = orgSettingsSchema as SchemaNode;

/** A node with its `$ref` (`#/definitions/…`) followed; the node's own keywords win. */
function deref(node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const target = root.definitions?.[node.$ref.replace('#/definitions/', '')];
  if (!target) throw new Error(`unresolved ${node.$ref} in org-settings.schema.json`);
  return { ...target, ...node, $ref: undefined };
}

function fill(schemaNode: SchemaNode, value: unknown): unknown {
  const node = deref(schemaNode);
  const start = value === undefined ? structuredClone(node.default) : value;
  // The items of a list of objects (customFields) get their own defaults too.
  if (Array.isArray(start)) return node.items?.properties ? start.map((item: unknown) => fill(node.items!, item)) : start;
  if (!node.properties || start === null || typeof start !== 'object') return start;
  const out: Record<string, unknown> = { ...(start as Record<string, unknown>) };
  for (const [key, child] of Object.entries(node.properties)) {
    const filled = fill(child, out[key]);
    if (filled !== undefined) out[key] = filled;
  }
  return out;
}

/**
 * Fills every default of org-settings.schema.json into `input` (§3: isEB360MapEnabled true,
 * defaultCountry US, defaultAddressGeoCodingSource Bing, translation none, …), the fields of each
 * custom field included (customFields is `[]` when absent). Pure; does not validate:
 * the server validates stored settings against the schema before they are used.
 */
export function resolveOrgSettings(input: OrgSettingsInput): OrgSettings {
  const settings = fill(root, input) as OrgSettings;
  return withPathNames(settings);
}

/** The contact paths whose name (`prompt`) an organisation sets; each top-level default names it (SMS, Mobile Phone, Slack). */
const NAMED_PATHS = ['SMSSetting', 'phoneSetting', 'slackSetting'] as const;

/**
 * A path's name is its label on every form and on home: a blank `prompt` (an editor that saved the
 * object with its definition's empty default) falls back to the setting's own default name, so no
 * contact-path field is ever drawn without a label.
 */
function withPathNames(settings: OrgSettings): OrgSettings {
  let out = settings;
  for (const name of NAMED_PATHS) {
    if (out[name].prompt.trim() !== '') continue;
    const fallback = (root.properties?.[name]?.default as { prompt?: string } | undefined)?.prompt ?? '';
    out = { ...out, [name]: { ...out[name], prompt: fallback } };
  }
  return out;
}
