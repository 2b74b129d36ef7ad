/**
 * What a builder hands a widget in `ui:options`, one type per widget, shared by the builders that
 * write the options and the widgets of src/forms/widgets/ that read them (issue 8 item 9), and the
 * §9 constants those options carry, written here once. `UiField` (types.ts) ties each
 * `'ui:widget'` to its options type, so a builder cannot hand a widget an option it does not read.
 */
import type { ContactPathType } from '../entities.ts';
import type { TreeNode } from '../rules/subscriptionTree.ts';

/** §3 "Time zone option: id, displayLabel": a zone the server offers. */
export interface TimeZoneOption {
  id: string;
  displayLabel: string;
}

/**
 * §9 Maps: "default centre lat 37.09024, lng -95.712891; zoom 15 single marker, 2 world; height
 * 400px". The centre keeps §9's `lng`; the widget turns it into its own `lon` (the field name of §3).
 */
export const MAP_DEFAULTS = {
  center: { lat: 37.09024, lng: -95.712891 },
  zoom: { singleMarker: 15, world: 2 },
  height: 400,
} as const;

/** §9 Maps "drag offset 0.001": how far one step moves the marker, in degrees. */
export const MAP_MARKER_STEP = 0.001;

/** §9 "Date display 'MMM DD, YYYY HH:mm', stored YYYY-MM-DD HH:mm". */
export const DATE_TIME_FORMATS = { stored: 'YYYY-MM-DD HH:mm', display: 'MMM DD, YYYY HH:mm' } as const;

/** Options any field may carry, whatever draws it (read by the templates and the renderer). */
export interface FieldOptions {
  /** The title is the organisation's own text, not a message key (custom fields, contact paths). */
  titleIsText?: boolean;
  /** The choices are shown as they are, not as message keys. */
  enumIsText?: boolean;
  /** Kept in the data, never drawn (the public-portal profile id, the sign-up address's `verified`). */
  hidden?: boolean;
  /** false: no label above the field (its group's legend says it). */
  label?: boolean;
  /** Marks the field required although the schema cannot say it (isRequired.ts). */
  required?: boolean;
}

/** §5 "Async uniqueness check": the server check a text field names, and the key it shows when refused. */
export interface AsyncCheckOptions {
  asyncCheck?: 'username' | 'knownEmail' | 'locationName' | 'externalId';
  asyncCheckMessage?: string;
}

/** text, email, password, textarea. */
export interface TextWidgetOptions extends FieldOptions, AsyncCheckOptions {
  /** The input's `type` when it is not the widget's own (a mobile number typed as text: 'tel'). */
  inputType?: 'text' | 'tel' | 'number';
  /** A limit on what can be typed, apart from the schema's (§9 "lat/lon inputs 75"). */
  inputMaxLength?: number;
}

/** select, multiSelect, preferredLanguage, securityQuestion. */
export interface SelectWidgetOptions extends FieldOptions {
  /** Choices named instead of listed in the schema (the countries of §7 statesAndCountries). */
  optionsFrom?: 'countries';
  /** multiSelect in review: the choices are counted first with this plural key (§2 review "weather counted 'N Weather Alert(s)'"). */
  reviewCountKey?: string;
}

/** date: the §9 stored and displayed forms. */
export interface DateWidgetOptions extends FieldOptions {
  withTime?: boolean;
  format?: string;
  displayFormat?: string;
}

/** timeZone: the zones the server offers (§3). */
export interface TimeZoneWidgetOptions extends FieldOptions {
  timeZones: TimeZoneOption[];
}

/** phone: when absent, the field's `phoneNumber` rule says the path type and countries. */
export interface PhoneWidgetOptions extends FieldOptions {
  pathType?: ContactPathType;
  countries?: string[];
  defaultCountry?: string;
}

/** location and signUpAddress: the map beside the address fields (§2, §9 Maps). */
export interface LocationWidgetOptions extends FieldOptions {
  /** isEB360MapEnabled: false draws no map. */
  enabled?: boolean;
  center: { lat: number; lng: number };
  zoom: { singleMarker: number; world: number };
  /** px */
  height: number;
  tileUrl?: string;
  tileAttribution?: string;
  /** The map shows the point and cannot move it. */
  viewOnly?: boolean;
  /**
   * addressSetting.geocodingType 'Automatic': the verification dialog looks the address up and offers
   * the places found (§4 "choose a candidate or 'show us'"); 'Manual': the member places the point.
   */
  geocode?: boolean;
  /**
   * The organisation accepts locations only inside its geofence (schemas/rules/geoFence.ts): the
   * dialog asks the server about the point before confirming it (§4 "Geofence failure shows
   * out-of-area error").
   */
  geoFence?: boolean;
}

/** quietTime: the time zone frames are kept in (§4). */
export interface QuietTimeWidgetOptions extends FieldOptions {
  /** The member's zone, when known. */
  timeZone?: string;
  /** Else the form's field that holds it (a JSON pointer, e.g. '/timeZone'). */
  timeZoneField?: string;
  /** The zones the picker dialog offers. */
  timeZones?: TimeZoneOption[];
}

/** One path as the contact-path list draws it (§3 Contact path). */
export interface ContactPathOption {
  pathId: number;
  type: ContactPathType;
  name: string;
  editable?: boolean;
}

/** contactPaths: the list of §2/§3, with its quiet times. */
export interface ContactPathsWidgetOptions extends QuietTimeWidgetOptions {
  paths: ContactPathOption[];
  reorderable?: boolean;
  /** pathEnable is shown only in logged-in edit mode. */
  showPathEnable?: boolean;
  readonly?: boolean;
  defaultCountry?: string;
  /** §5 how many paths the member must fill (0: none), stated before the paths (issue 11). */
  minimum?: number;
}

/** checkbox: a yes/no; with `confirmUncheckKey`, turning it off asks first (§4 "Unchecking weather no-disturb asks confirmation"). */
export interface CheckboxWidgetOptions extends FieldOptions {
  confirmUncheckKey?: string;
}

/**
 * subscriptionTree: a tree of checkboxes whose value is the list of checked keys (§4 subscription
 * tree). By default the value holds leaves and a parent follows its children (schemas/rules/
 * subscriptionTree.ts); `independent`: every node is a choice of its own (the group opt-in tree).
 * Labels are the organisation's own text.
 */
export interface SubscriptionTreeWidgetOptions extends FieldOptions {
  nodes: TreeNode[];
  independent?: boolean;
}

/** terms: the link to the organisation's terms. */
export interface TermsWidgetOptions extends FieldOptions {
  termsUrl?: string;
}

/** A message key with its parameters (translated where it is shown, STYLE.md principle 7). */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/** §2 sign-up: a group of fields under a heading, with an optional line before its fields. */
export interface FormSection {
  titleKey: string;
  fields: string[];
  /** Said before the fields (issue 11: the contact-path minimum before the contact fields). */
  intro?: MessageRef;
}

/** The root of a form: how SchemaForm lays it out and submits it. */
export interface FormOptions extends FieldOptions {
  sections?: FormSection[];
  submitLabelKey?: string;
  /** The submit button's text while a submit is in flight ("Signing in…", "Saving…"; SchemaForm's default "Sending…"). */
  busyLabelKey?: string;
  cancel?: boolean;
  readonly?: boolean;
  /** §6 the form has something the member may edit (the review page links to the edit page). */
  editable?: boolean;
  /** §2 the grouped error summary above the form: by default every form of more than one field has one. */
  errorSummary?: boolean;
}

/** Each widget of the registry (types.ts WIDGET_NAMES) and the options it reads. */
export interface WidgetOptionsByName {
  text: TextWidgetOptions;
  email: TextWidgetOptions;
  password: TextWidgetOptions;
  textarea: TextWidgetOptions;
  checkbox: CheckboxWidgetOptions;
  select: SelectWidgetOptions;
  multiSelect: SelectWidgetOptions;
  date: DateWidgetOptions;
  phone: PhoneWidgetOptions;
  quietTime: QuietTimeWidgetOptions;
  location: LocationWidgetOptions;
  signUpAddress: LocationWidgetOptions;
  timeZone: TimeZoneWidgetOptions;
  preferredLanguage: SelectWidgetOptions;
  contactPaths: ContactPathsWidgetOptions;
  securityQuestion: SelectWidgetOptions;
  terms: TermsWidgetOptions;
  geoJson: FieldOptions;
  subscriptionTree: SubscriptionTreeWidgetOptions;
}
