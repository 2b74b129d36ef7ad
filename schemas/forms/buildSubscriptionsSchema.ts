/**
 * §2 Subscriptions page (step `subscriptions`, `edit-subscriptions`, `my-subscription`); §3
 * Subscriptions (alert tree node, no-disturb, group opt-in); §4 subscription tree and no-disturb;
 * §5 "Weather time: time zone required ('ssp.controller.subscription.set.timezone'); start and end
 * differ ('alertSubscription.dialog.content.equal')"; §9 "weather times 01:00-12:00 hourly AM/PM".
 *
 * Reads the settings' `alertSubscriptions` (the organisation's alert topics) and `flags.optInGroups`.
 * Each part is in the form only when the organisation has it:
 * - `alerts`: the checked leaves of the Standard topics' tree (showAlertSubscription), drawn by the
 *   `subscriptionTree` widget, which applies §4's parent rules (schemas/rules/subscriptionTree.ts).
 *   A mandatory leaf is always in the list: the widget keeps it checked and the server adds it.
 * - `weather`: the categories chosen of the Weather topic (its `weatherCategoryList`), each named by
 *   `weather.category.<code>`; a member is subscribed to the Weather topic when they chose one. A
 *   mandatory Weather topic is read-only (the server keeps every category).
 * - `noDisturb`: with the Weather topic, §3 no-disturb. While `checked`, the start and end hour and
 *   AM/PM are required and differ (`differsFrom`), and, with showAlertSubscriptionTimeZone, a time
 *   zone is required. Unchecking asks §4's confirmation first.
 * - `groups`: the ids of the opt-in groups the member is in (showGroupSubscription), each a choice of
 *   its own, drawn as the groups' tree.
 * - `incidents`: the ids of the incident topics the member follows (showIncidentSub), among those
 *   offered to them (`flags.incidentTopics`), named by the organisation.
 * In review mode every part is read-only and nothing is required.
 */
import type { AlertTopicSetting, OrgSettings } from '../orgSettings.ts';
import { buildTree, leafKeys } from '../rules/subscriptionTree.ts';
import { weatherCategoryKey } from '../rules/weatherCategories.ts';
import { assembleForm } from './assembleForm.ts';
import { readOnlyUnless } from './readOnlyUnless.ts';
import type { FieldPiece, FormBuilder, FormMode, FormSchema, OptInGroup, UiSchema } from './types.ts';
import type { TimeZoneOption } from './widgetOptions.ts';

/** §9 "weather times 01:00-12:00 hourly". */
export const NO_DISTURB_HOURS = Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, '0')}:00`);
export const MERIDIEMS = ['AM', 'PM'] as const;

/** §2 review "weather counted 'N Weather Alert(s)'": a plural key (`_one`, `_other`, …). */
export const WEATHER_COUNT_KEY = 'subscriptions.weather.count';

/** §5 "Weather time: time zone required". */
export const TIME_ZONE_REQUIRED = 'ssp.controller.subscription.set.timezone';
/** §4 "Unchecking weather no-disturb asks confirmation". */
export const NO_DISTURB_UNCHECK_CONFIRM = 'ssp.location.remove.confirm';

/** The organisation's Weather topic, if it has one (the settings allow at most one, at the top level). */
export const weatherTopicOf = (settings: OrgSettings): AlertTopicSetting | undefined =>
  settings.alertSubscriptions.find((topic) => topic.type === 'Weather');

/** The tree of the organisation's Standard topics (the Weather topic is the `weather` part). */
export const alertTreeOf = (settings: OrgSettings) => buildTree(
  settings.alertSubscriptions.filter((topic) => topic.type !== 'Weather'),
  (topic) => topic.serviceId, (topic) => topic.parentServiceId, (topic) => ({ label: topic.name, mandatory: topic.mandatory }),
);

/** The opt-in groups as a tree; none is mandatory. */
export const groupTreeOf = (groups: readonly OptInGroup[]) =>
  buildTree(groups, (group) => group.id, (group) => group.parentId, (group) => ({ label: group.name, mandatory: false }));

function noDisturbPiece(settings: OrgSettings, timeZones: readonly TimeZoneOption[] | undefined, mode: FormMode): FieldPiece {
  const editable = mode !== 'review';
  const hour = (title: string): FormSchema => ({ type: 'string', title, enum: NO_DISTURB_HOURS });
  const meridiem = (title: string): FormSchema => ({ type: 'string', title, enum: [...MERIDIEMS] });
  const withZone = settings.showAlertSubscriptionTimeZone;
  const times: Record<string, FormSchema> = {
    startTime: hour('subscriptions.noDisturb.startTime'),
    startMeridiem: meridiem('subscriptions.noDisturb.startMeridiem'),
    endTime: { ...hour('subscriptions.noDisturb.endTime'), messages: { differsFrom: 'alertSubscription.dialog.content.equal' } },
    endMeridiem: meridiem('subscriptions.noDisturb.endMeridiem'),
    ...(withZone ? {
      // One of the zones offered (§3 Time zone option), when the form is given them.
      timeZoneId: {
        type: 'string', title: 'subscriptions.noDisturb.timeZone', maxLength: 64,
        ...(editable ? { minLength: 1 } : {}), ...(editable && timeZones?.length ? { enum: ['', ...timeZones.map((zone) => zone.id)] } : {}),
        messages: { required: TIME_ZONE_REQUIRED, minLength: TIME_ZONE_REQUIRED },
      },
    } : {}),
  };
  const meridiemUi: UiSchema = { 'ui:widget': 'select', 'ui:enumNames': MERIDIEMS.map((m) => `subscriptions.noDisturb.${m}`) };
  const hourUi: UiSchema = { 'ui:widget': 'select', 'ui:options': { enumIsText: true } };
  return readOnlyUnless(editable, {
    schema: {
      type: 'object',
      title: 'subscriptions.noDisturb.title',
      description: 'subscriptions.noDisturb.help',
      properties: { checked: { type: 'boolean', title: 'subscriptions.noDisturb.checked', default: false } },
      // The times are asked for, and checked, only while do-not-disturb is on (rjsf draws `then`'s fields then).
      if: { properties: { checked: { const: true } }, required: ['checked'] },
      then: {
        properties: times,
        ...(editable ? { required: Object.keys(times) } : {}),
        differsFrom: [{ fields: ['endTime', 'endMeridiem'], from: ['startTime', 'startMeridiem'] }],
      },
    },
    ui: {
      checked: { 'ui:widget': 'checkbox', 'ui:options': { confirmUncheckKey: NO_DISTURB_UNCHECK_CONFIRM } },
      startTime: hourUi,
      startMeridiem: meridiemUi,
      endTime: hourUi,
      endMeridiem: meridiemUi,
      ...(withZone ? { timeZoneId: { 'ui:widget': 'timeZone', 'ui:options': { timeZones: [...(timeZones ?? [])] } } } : {}),
    },
  }, 'ui');
}

export const buildSubscriptionsSchema: FormBuilder = (settings, flags, mode) => {
  const editable = mode !== 'review';
  const alertTree = settings.showAlertSubscription ? alertTreeOf(settings) : [];
  const weather = settings.showAlertSubscription ? weatherTopicOf(settings) : undefined;
  const groupTree = settings.showGroupSubscription ? groupTreeOf(flags.optInGroups ?? []) : [];
  const alertLeaves = leafKeys(alertTree);
  const groupIds = (flags.optInGroups ?? []).map((group) => group.id);

  const alerts: FieldPiece | undefined = alertLeaves.length === 0 ? undefined : readOnlyUnless(editable, {
    schema: { type: 'array', title: 'subscriptions.alerts.title', uniqueItems: true, maxItems: alertLeaves.length, items: { type: 'integer', enum: alertLeaves } },
    ui: { 'ui:widget': 'subscriptionTree', 'ui:options': { nodes: alertTree } },
  }, 'ui');
  const categories = weather?.weatherCategoryList ?? [];
  const weatherPiece: FieldPiece | undefined = !weather || categories.length === 0 ? undefined : readOnlyUnless(editable && !weather.mandatory, {
    schema: { type: 'array', title: weather.name, uniqueItems: true, maxItems: categories.length, items: { type: 'string', enum: categories } },
    ui: {
      'ui:widget': 'multiSelect', 'ui:enumNames': categories.map(weatherCategoryKey),
      'ui:options': { titleIsText: true, ...(editable ? {} : { reviewCountKey: WEATHER_COUNT_KEY }) },
    },
  }, 'ui');
  const topics = settings.showIncidentSub ? flags.incidentTopics ?? [] : [];
  const incidents: FieldPiece | undefined = topics.length === 0 ? undefined : readOnlyUnless(editable, {
    schema: {
      type: 'array', title: 'subscriptions.incidents.title', uniqueItems: true, maxItems: topics.length,
      items: { type: 'string', enum: topics.map((topic) => topic.topicId) },
    },
    ui: { 'ui:widget': 'multiSelect', 'ui:enumNames': topics.map((topic) => topic.name), 'ui:options': { enumIsText: true } },
  }, 'ui');
  const groups: FieldPiece | undefined = groupTree.length === 0 ? undefined : readOnlyUnless(editable, {
    schema: { type: 'array', title: 'subscriptions.groups.title', uniqueItems: true, maxItems: groupIds.length, items: { type: 'integer', enum: groupIds } },
    ui: { 'ui:widget': 'subscriptionTree', 'ui:options': { nodes: groupTree, independent: true } },
  }, 'ui');

  return assembleForm({
    alerts,
    weather: weatherPiece,
    noDisturb: weatherPiece ? noDisturbPiece(settings, flags.timeZones, mode) : undefined,
    groups,
    incidents,
  }, {
    ui: { 'ui:options': { editable: [alerts, weatherPiece, groups, incidents].some((piece) => piece !== undefined), errorSummary: true } },
    json: { required: 'whenAny' },
  });
};
