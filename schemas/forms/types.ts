/**
 * The shapes every form builder of schemas/ produces (ARCHITECTURE.md "The one idea"):
 * `(settings, flags, mode) → { schema, uiSchema }`. The schema validates in the browser (rjsf +
 * ajv) and on the server (ajv) alike; the uiSchema tells the renderer which widget draws a field.
 */
import type { JSONSchema7, JSONSchema7Definition } from 'json-schema';
import type { ContactPathDefinition, CustomFieldDefinition, EventSignUpRequirements, ProfileFlags } from '../entities.ts';
import type { FeatureFlags } from '../featureFlags.ts';
import type { OrgSettings } from '../orgSettings.ts';
import type { FormOptions, TextWidgetOptions, TimeZoneOption, WidgetOptionsByName } from './widgetOptions.ts';

/**
 * Every widget the renderer knows (src/forms/widgets.ts registers exactly these). A builder that
 * names another one does not type-check (STYLE.md principle 3).
 */
export const WIDGET_NAMES = [
  'text',
  'email',
  'password',
  'textarea',
  'checkbox',
  'select',
  'multiSelect',
  'date',
  'phone',
  'quietTime',
  'location',
  'signUpAddress',
  'timeZone',
  'preferredLanguage',
  'contactPaths',
  'securityQuestion',
  'terms',
  'geoJson',
  'subscriptionTree',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

/** §2/§4: a form is drawn for sign-up, for editing, or read-only for the review page. */
export type FormMode = 'signup' | 'edit' | 'review';

/**
 * The message keys of a field (§5), by the JSON Schema keyword (or custom keyword) that failed.
 * Annotation only: the validators ignore it; error mapping (fieldErrors.ts) reads it.
 */
export type FieldMessages = Partial<Record<string, string>>;

/** JSON Schema as the builders write it: draft-07 plus the `messages` annotation and our keywords. */
export type FormSchema = Omit<JSONSchema7, 'properties' | 'items' | 'if' | 'then' | 'else' | 'allOf' | 'anyOf' | 'oneOf' | 'not'> & {
  messages?: FieldMessages;
  properties?: Record<string, FormSchema | boolean>;
  items?: FormSchema | FormSchema[];
  if?: FormSchema;
  then?: FormSchema;
  else?: FormSchema;
  allOf?: FormSchema[];
  anyOf?: FormSchema[];
  oneOf?: FormSchema[];
  not?: FormSchema;
  [keyword: string]: unknown;
};

export type FormSchemaDefinition = FormSchema | JSONSchema7Definition;

/**
 * Input widths sized to the expected answer, in characters (GOV.UK's fixed-width inputs): a class
 * the field template puts on the field, so the input is no wider than what it asks for.
 */
export const INPUT_WIDTHS = ['input-width-2', 'input-width-5', 'input-width-10', 'input-width-20'] as const;
export type InputWidth = (typeof INPUT_WIDTHS)[number];

/** The renderer's instructions for one field or object, whatever draws it (a subset of rjsf's uiSchema, typed). */
interface UiFieldCommon {
  'ui:order'?: string[];
  'ui:title'?: string;
  'ui:description'?: string;
  'ui:help'?: string;
  'ui:placeholder'?: string;
  'ui:readonly'?: boolean;
  'ui:disabled'?: boolean;
  'ui:autocomplete'?: string;
  /** The width of a short answer's input (postal code, state, suite, suffix …): src/styles/forms.css. */
  'ui:classNames'?: InputWidth;
  /** Labels of the choices (message keys), in the order of the schema's `enum`. */
  'ui:enumNames'?: string[];
}

/**
 * A widget named with the options it reads (widgetOptions.ts): `{ 'ui:widget': 'phone',
 * 'ui:options': { countries } }` type-checks, `{ 'ui:widget': 'phone', 'ui:options': { timeZones } }`
 * does not (issue 8 item 9). Any object may also be a form's root, drawn by a widget or not (the
 * location dialog's is the map), so the root's FormOptions are allowed beside the widget's.
 */
type WidgetUi = { [W in WidgetName]: { 'ui:widget': W; 'ui:options'?: WidgetOptionsByName[W] | FormOptions } }[WidgetName];

/** No widget named: the root of a form (FormOptions), or a field drawn by the default widget of its type. */
type DefaultUi = { 'ui:widget'?: undefined; 'ui:options'?: FormOptions | TextWidgetOptions };

/** The renderer's instructions for one field or object. */
export type UiField = UiFieldCommon & (WidgetUi | DefaultUi);

/** A form's uiSchema: the root's own instructions and, under each field's name, that field's. */
export type UiSchema = UiField & { [field: string]: UiSchema | UiField[keyof UiField] };

/**
 * One field of a form, all three maps at once (issue 8 item 9): its schema, how it is drawn (absent:
 * the renderer's default for its type, no uiSchema entry) and whether the form requires it.
 * assembleForm.ts turns named pieces into the form, so a field cannot be in one map and missing
 * from another.
 */
export interface FieldPiece {
  schema: FormSchema;
  ui?: UiSchema;
  required?: boolean;
}

/** A form's fields by name, in the order the schema lists them (insertion order; never numeric names). Absent: not in this form. */
export type FormPieces = Record<string, FieldPiece | undefined>;

export interface BuiltForm {
  schema: FormSchema;
  uiSchema: UiSchema;
}

/** One refused field: where (JSON pointer into the submitted data), which message key, its parameters. */
export interface FieldError {
  pointer: string;
  key: string;
  params: Record<string, unknown>;
}

/**
 * What a builder may read besides the organisation settings: the feature flags and the per-member
 * server flags of §3. Each builder documents which parts it needs; absent parts mean "none".
 */
export interface FormFlags {
  featureFlags: FeatureFlags;
  /** Sign-up page variant (§2): standard, public (publicProfileId), universal (address optional unless mandatory). */
  signUpVariant?: 'standard' | 'public' | 'universal';
  profile?: ProfileFlags;
  contactPaths?: ContactPathDefinition[];
  customFields?: CustomFieldDefinition[];
  eventSignUp?: EventSignUpRequirements;
  /** Reset password in expired mode (p_expired = Y): the old password is required (§4). */
  expiredPassword?: boolean;
  /** Time zone options (§3 "Time zone option: id, displayLabel"). */
  timeZones?: TimeZoneOption[];
  /** §3 Group opt-in: the groups a member of the organisation may join or leave (the subscriptions form). */
  optInGroups?: OptInGroup[];
  /** The incident topics offered to the member (§7 cmdb search's answer; the subscriptions form). */
  incidentTopics?: IncidentTopicOption[];
}

/** An incident topic a member may follow: its id and name. */
export interface IncidentTopicOption {
  topicId: string;
  name: string;
}

/** §3 Group opt-in (id, name) of one group, and the group it is listed under. */
export interface OptInGroup {
  id: number;
  name: string;
  parentId: number | null;
}

/** Every builder has this signature (issue 3). */
export type FormBuilder = (
  settings: OrgSettings,
  flags: FormFlags,
  mode: FormMode,
) => BuiltForm;
