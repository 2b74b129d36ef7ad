import type { BuiltForm, FieldError, FormSchema, UiSchema, WidgetName } from '../../schemas/forms/types.ts';
import { LANGUAGES } from '../../schemas/languages.ts';
import { orgSettingsSchema, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { WEATHER_CATEGORIES, weatherCategoryKey } from '../../schemas/rules/weatherCategories.ts';

/**
 * The settings editor's form (issue 11, "the admin page in an administrator's words"):
 * org-settings.schema.json itself, drawn by the same renderer, with a uiSchema that groups the
 * settings in sections and gives each its label and help from the catalogues
 * (`admin.settings.label.*`, `admin.settings.help.*`) instead of the spec's property names. The
 * schema is not changed: its precompiled validator (/admin/api/forms/settings.js) is the server's.
 */

/** The sections, in order, and the settings each holds (every property of the schema is in one). */
export const SETTINGS_SECTIONS = [
  { id: 'organization', fields: ['orgName', 'orgSubtitle', 'disabled', 'enableSSP', 'userStatus', 'isPublic', 'hasBanner', 'usePublicPortal', 'publicPortal', 'termsUrl', 'privacyUrl', 'contactUrl', 'contactEmail', 'memberApp', 'isRecipientExist'] },
  { id: 'signUp', fields: ['enabledSSO', 'ssoProviders', 'ssoLinkInvitedByEmail', 'isFedRAMPCustomer', 'requireSecondFactor', 'minSignup', 'signupEmailEditable', 'signupEmailMandatory'] },
  { id: 'contactPaths', fields: ['SMSSetting', 'phoneSetting', 'showSlackDeliveryPath', 'slackSetting', 'isEnableCountryCodeForMemberPortal', 'countryCodes', 'sendNotificationPermission', 'contactPathConfirmation'] },
  { id: 'profile', fields: ['showProfile', 'editFirstName', 'editLastName', 'middleInitialsSetting', 'suffixSetting', 'externalIDSetting', 'emailMandatory', 'shouldShowPreferredLanguage', 'showCustomfield', 'customFields', 'groupMemberShipSetting', 'secureMessaging'] },
  { id: 'locations', fields: ['showAddress', 'addressSetting', 'defaultCountry', 'hasGeoFanceSetting', 'geoFences', 'isEB360MapEnabled'] },
  {
    id: 'content',
    fields: [
      'showNotificationsToMemberPortal', 'showNotificationsToMemberPortalSocialSharing', 'showWeather', 'showAlertSubscription', 'alertSubscriptions', 'showAlertSubscriptionTimeZone',
      'showGroupSubscription', 'showEvent', 'showFAQs', 'showOverview', 'showPublicFilesLibrary', 'showIncidents', 'showIncidentSub', 'incidentTopics', 'enableReceiptTranscripts',
      'showCrisisTask', 'showCrisisSingleEventDashboard', 'showCrisisSurvey', 'showTravel',
    ],
  },
  { id: 'languages', fields: ['translation', 'defaultLanguage', 'helpTranslations'] },
] as const;

/** Objects whose fields share their labels: the three contact paths (§3 pathSetting) and the three name fields (§3 fieldSetting). */
const SHARED_KIND: Record<string, string> = {
  SMSSetting: 'pathSetting', phoneSetting: 'pathSetting', slackSetting: 'pathSetting',
  middleInitialsSetting: 'fieldSetting', suffixSetting: 'fieldSetting', externalIDSetting: 'fieldSetting',
};

/** Internal ids of a contact path: shown, never edited (the delivery path the server knows it by). */
const READ_ONLY_IN_PATH = new Set(['pathId', 'type']);

/**
 * Lists whose items are settings of their own (§3 custom fields): each field of an item has a label,
 * a help text and a summary name as a field of an object has (`customFields/name`), the same in every item.
 */
const LISTS_OF_SETTINGS = new Set(['customFields', 'geoFences', 'alertSubscriptions', 'incidentTopics', 'ssoProviders']);

/** Settings drawn by a widget of their own: a geofence's polygon as GeoJSON text with its outline; the Weather topic's categories as checkboxes. */
const SETTING_WIDGETS: Record<string, WidgetName> = { 'geoFences.geometry': 'geoJson', 'alertSubscriptions.weatherCategoryList': 'multiSelect' };

/** Ids the server gives: shown, never edited (a custom field's attrId, given when it is first saved). */
const READ_ONLY_IN_LIST = new Set(['customFields.attrId']);

/** Choices named by a catalogue key (`admin.settings.option.<setting>.<value>`); the others are names shown as they are. */
const OPTION_KEYS = new Set([
  'userStatus', 'publicPortal.status', 'translation.type', 'addressSetting.geocodingType', 'customFields.dataType', 'customFields.displayFormat',
  'alertSubscriptions.type', 'ssoProviders.protocol',
]);

/** Settings of many lines: a provider's certificates (PEM) and metadata (XML). */
const TEXT_AREAS = new Set(['ssoProviders.certificate', 'ssoProviders.metadataXml']);

/** Language choices by their own names, as the language selector shows them (`es_ES` is "Español (España)"). */
const LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((language) => [language.lang, language.name]));
const languageChoice = (titleKey: string): UiSchema => ({ 'ui:title': titleKey, 'ui:options': { enumIsText: true, enumNames: LANGUAGE_NAMES } as Record<string, unknown> });

/**
 * The items of the lists of settings: a country code, a help tip in one language (its language, page
 * and text), a custom field (its fields labelled as LISTS_OF_SETTINGS says) and one of its values.
 */
const ITEM_UI: Record<string, UiSchema> = {
  countryCodes: { 'ui:title': 'admin.settings.label.countryCode', 'ui:options': { label: false } },
  customFields: { 'ui:title': 'admin.settings.label.customField' },
  geoFences: { 'ui:title': 'admin.settings.label.geoFence' },
  alertSubscriptions: { 'ui:title': 'admin.settings.label.alertSubscription' },
  incidentTopics: { 'ui:title': 'admin.settings.label.incidentTopic' },
  ssoProviders: { 'ui:title': 'admin.settings.label.ssoProvider' },
  'incidentTopics.groups': { 'ui:title': 'admin.settings.label.incidentTopics.group', 'ui:options': { label: false, emptyValue: '' } as Record<string, unknown> },
  // A value emptied is '' (refused as missing: "… is required"), not a hole in the list.
  'customFields.definedValues': { 'ui:title': 'admin.settings.label.customFields.definedValue', 'ui:options': { label: false, emptyValue: '' } as Record<string, unknown> },
  helpTranslations: {
    'ui:title': 'admin.settings.label.helpTranslation',
    lang: languageChoice('admin.settings.label.helpTranslation.lang'),
    type: { 'ui:title': 'admin.settings.label.helpTranslation.type', 'ui:options': { enumIsText: true } },
    content: { 'ui:title': 'admin.settings.label.helpTranslation.content', 'ui:widget': 'textarea' },
  },
};

/** The label key of a setting: `orgName`, or `SMSSetting/prompt` (a field of an object), or `customFields/name` (a field of every item of a list of settings). */
export function labelKey(path: readonly string[]): string {
  const [parent, child] = path;
  if (child === undefined) return `admin.settings.label.${parent}`;
  return `admin.settings.label.${SHARED_KIND[parent!] ?? parent}.${child}`;
}

/** The help key of a setting, as labelKey. */
export function helpKey(path: readonly string[]): string {
  return labelKey(path).replace('admin.settings.label.', 'admin.settings.help.');
}

/**
 * The key naming a setting in the error summary: the label alone for a setting of its own, the
 * object and the field for a field of an object ("SMS path › Mandatory"; the catalogues write it
 * with i18next nesting, `$t(…) › $t(…)`).
 */
export function summaryLabelKey(path: readonly string[]): string {
  return path.length > 1 ? `admin.settings.summaryLabel.${path[0]}.${path[1]}` : labelKey(path);
}

function targetOf(schema: FormSchema, definitions: Record<string, FormSchema>): FormSchema {
  return schema.$ref ? definitions[schema.$ref.replace('#/definitions/', '')] ?? schema : schema;
}

function fieldUi(path: string[], schema: FormSchema): UiSchema {
  const ui: UiSchema = { 'ui:title': labelKey(path), 'ui:description': helpKey(path) };
  const name = path.join('.');
  const options: Record<string, unknown> = {};
  if (schema.enum) {
    if (OPTION_KEYS.has(name)) options.enumNames = Object.fromEntries(schema.enum.map((value) => [String(value), `admin.settings.option.${name}.${String(value)}`]));
    else options.enumIsText = true;
  }
  if (name === 'defaultLanguage') options.enumNames = LANGUAGE_NAMES;
  // The weather categories by the names members see them by.
  if (name === 'alertSubscriptions.weatherCategoryList') ui['ui:enumNames'] = WEATHER_CATEGORIES.map(weatherCategoryKey);
  if (schema.type === 'array') ui.items = LISTS_OF_SETTINGS.has(name) ? itemUi(path, schema.items as FormSchema) : ITEM_UI[name] ?? ITEM_UI.countryCodes!;
  if (path.length === 2 && SHARED_KIND[path[0]!] === 'pathSetting' && READ_ONLY_IN_PATH.has(path[1]!)) ui['ui:readonly'] = true;
  if (READ_ONLY_IN_LIST.has(name)) ui['ui:readonly'] = true;
  if (TEXT_AREAS.has(name)) Object.assign(ui, { 'ui:widget': 'textarea' });
  const widget = SETTING_WIDGETS[name];
  if (widget) Object.assign(ui, { 'ui:widget': widget });
  if (Object.keys(options).length > 0) ui['ui:options'] = options;
  return ui;
}

/** An item of a list of settings: its title and each of its fields, labelled as `{list}/{field}`. */
function itemUi(path: string[], items: FormSchema): UiSchema {
  const ui: UiSchema = { ...ITEM_UI[path.join('.')] };
  for (const [field, fieldSchema] of Object.entries(items.properties ?? {})) ui[field] = fieldUi([...path, field], fieldSchema as FormSchema);
  return ui;
}

/** Every setting's path: the top-level ones, the fields of the objects among them and the fields of the items of the lists of settings. */
export function settingPaths(): string[][] {
  const schema = orgSettingsSchema as unknown as FormSchema;
  const definitions = (schema.definitions ?? {}) as Record<string, FormSchema>;
  const paths: string[][] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    paths.push([name]);
    const target = targetOf(child as FormSchema, definitions);
    for (const field of Object.keys(target.properties ?? {})) paths.push([name, field]);
    if (LISTS_OF_SETTINGS.has(name)) for (const field of Object.keys((target.items as FormSchema).properties ?? {})) paths.push([name, field]);
  }
  return paths;
}

export function settingsForm(): BuiltForm {
  const schema = orgSettingsSchema as unknown as FormSchema;
  const definitions = (schema.definitions ?? {}) as Record<string, FormSchema>;
  const uiSchema: UiSchema = {};
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const target = targetOf(child as FormSchema, definitions);
    const ui = fieldUi([name], target);
    for (const [field, fieldSchema] of Object.entries(target.properties ?? {})) {
      ui[field] = fieldUi([name, field], targetOf(fieldSchema as FormSchema, definitions));
    }
    uiSchema[name] = ui;
  }
  // One control for who may sign up: isPublic follows userStatus (withPublicFollowingStatus).
  uiSchema.isPublic = { ...(uiSchema.isPublic as UiSchema), 'ui:options': { hidden: true } };
  uiSchema['ui:options'] = {
    errorSummary: true,
    sections: SETTINGS_SECTIONS.map((section) => ({ titleKey: `admin.settings.section.${section.id}`, fields: [...section.fields] })),
  };
  return { schema, uiSchema };
}

/**
 * §3 keeps both `userStatus` and `isPublic` (the portal reads `isPublic`); the editor shows one
 * control, userStatus, and sets isPublic to match whenever the administrator changes it.
 */
export function withPublicFollowingStatus(next: OrgSettingsInput, before: OrgSettingsInput): OrgSettingsInput {
  if (next.userStatus === before.userStatus) return next;
  return { ...next, isPublic: next.userStatus === 'public' };
}

/**
 * The settings' errors with the label the summary and the messages name them by. An error inside an
 * item of a list of settings is named by the list and the item's field ("Custom fields › Values"
 * for `/customFields/2/definedValues/0`); one in another list by the list.
 */
export function labelledErrors(errors: readonly FieldError[]): FieldError[] {
  return errors.map((error) => {
    const segments = error.pointer.split('/').slice(1).filter((segment) => segment !== '');
    const [list, index, field] = segments;
    const path = LISTS_OF_SETTINGS.has(list ?? '') && /^\d+$/.test(index ?? '') && field !== undefined ? [list!, field] : segments;
    if (path.length === 0 || path.length > 2 || /^\d+$/.test(path[1] ?? '')) {
      return path.length > 0 ? { ...error, params: { ...error.params, label: labelKey([path[0]!]) } } : error;
    }
    return { ...error, params: { ...error.params, label: summaryLabelKey(path) } };
  });
}
