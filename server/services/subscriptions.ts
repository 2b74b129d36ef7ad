/**
 * The subscription domain (§7 `GET`/`POST /{orgId}/{contactId}/subscriptions`, `GET`/`PUT
 * …/groupSubscriptions`; §2 Subscriptions page; issue 13): the organisation's alert topics with the
 * member's choice, the save of it, and the opt-in groups.
 *
 * The topics are the organisation's settings (`alertSubscriptions`); the member's choice is kept as
 * checked leaves, the Weather topic's categories and no-disturb (repositories/subscriptions.ts). A
 * save is checked for its shape first (every serviceId and category one the organisation offers:
 * else 400 `request.invalid`), then applied to what is stored as the page's clicks would be
 * (schemas/rules/subscriptionTree.ts `applyChanges`; mandatory topics stay checked) and validated
 * with the subscriptions form's schema (checkSubmission: §5's weather-time keys under `/noDisturb`).
 * Only then is anything stored. Groups: only groups open to opting in can be joined or left.
 */
import type { AlertNode, GroupNode, GroupSubscriptionsBody, SaveSubscriptionsBody } from '../../schemas/api/subscriptions.ts';
import type { NoDisturb } from '../../schemas/entities.ts';
import { alertTreeOf, groupTreeOf, weatherTopicOf } from '../../schemas/forms/buildSubscriptionsSchema.ts';
import type { FormFlags } from '../../schemas/forms/types.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import { applyChanges, flatten, nodeState, withMandatory, type TreeNode } from '../../schemas/rules/subscriptionTree.ts';
import { NO_DISTURB_START, type NoDisturbFormData, type SubscriptionsFormData } from '../../schemas/subscriptions/formData.ts';
import { TIME_ZONES } from '../../schemas/timeZones.ts';
import type { Db } from '../db/client.ts';
import { findContact } from '../repositories/contacts.ts';
import { changeMemberGroups, findMemberGroupIds, findOptInGroups } from '../repositories/groups.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findSubscriptions, saveSubscriptions as storeSubscriptions, type StoredSubscriptions } from '../repositories/subscriptions.ts';
import { checkSubmission } from './formSubmissions.ts';
import { refuse, refuseValidation } from './results.ts';

const NOT_FOUND = refuse(404, { errorCode: 'subscriptions.notFound' });
const invalid = (message: string) => refuse(400, { errorCode: 'request.invalid', message });

/** The flags the subscriptions form is built with on the server (the zones of §3; groups are not part of the alert save). */
const formFlags = (featureFlags: FeatureFlags): FormFlags => ({ featureFlags, timeZones: [...TIME_ZONES] });

/** The Weather topic's categories the member has, all of them when it is mandatory, only those still offered. */
function weatherChoice(settings: OrgSettings, stored: readonly string[]): string[] {
  const weather = weatherTopicOf(settings);
  if (!weather) return [];
  return weather.mandatory ? [...weather.weatherCategoryList] : weather.weatherCategoryList.filter((category) => stored.includes(category));
}

/** §3 alert tree nodes with the member's states (mandatory leaves checked). */
function alertNodes(settings: OrgSettings, stored: StoredSubscriptions): AlertNode[] {
  const tree = alertTreeOf(settings);
  const checked = new Set(withMandatory(tree, stored.serviceIds));
  const node = (tree: TreeNode, level: number): AlertNode => ({
    serviceId: tree.key, name: tree.label, type: 'Standard', checked: nodeState(tree, checked) === 'checked',
    disabled: tree.mandatory, mandatory: tree.mandatory, leaf: tree.children.length === 0, level,
    nodes: tree.children.map((child) => node(child, level + 1)),
  });
  const nodes = tree.map((top) => node(top, 1));
  const weather = weatherTopicOf(settings);
  if (!weather) return nodes;
  const chosen = weatherChoice(settings, stored.weatherCategories);
  const weatherNode: AlertNode = {
    serviceId: weather.serviceId, name: weather.name, type: 'Weather', checked: chosen.length > 0, disabled: weather.mandatory,
    mandatory: weather.mandatory, leaf: true, level: 1, nodes: [],
    weatherCategoryList: weather.weatherCategoryList.map((category) => ({ category, checked: chosen.includes(category) })),
  };
  // The Weather topic keeps its place among the top-level topics of the settings.
  const topLevel = settings.alertSubscriptions.filter((topic) => topic.parentServiceId === undefined).map((topic) => topic.serviceId);
  return [...nodes, weatherNode].sort((a, b) => topLevel.indexOf(a.serviceId) - topLevel.indexOf(b.serviceId));
}

/** `GET /{orgId}/{contactId}/subscriptions`. */
export async function readSubscriptions(db: Db, org: Organization, contactId: number) {
  if (!org.settings.showAlertSubscription) return refuse(404, { errorCode: 'subscriptions.notShown' });
  if (!(await findContact(db, org.orgId, contactId))) return NOT_FOUND;
  const stored = await findSubscriptions(db, org.orgId, contactId);
  const showTimeZone = org.settings.showAlertSubscriptionTimeZone;
  return {
    ok: true as const,
    alertTree: alertNodes(org.settings, stored),
    nodisturb: stored.noDisturb,
    showTimeZone,
    timezones: showTimeZone ? [...TIME_ZONES] : [],
  };
}

/**
 * The no-disturb the save leads to: what was sent over what is stored (the times stay when it is
 * turned off); no zone where the organisation asks for none (the member's own zone applies).
 */
function noDisturbAfter(sent: SaveSubscriptionsBody['rsNodisturb'], stored: NoDisturb | null, withZone: boolean): NoDisturbFormData {
  const before: NoDisturbFormData = stored ?? NO_DISTURB_START;
  const after = !sent ? before : !sent.checked ? { ...before, checked: false } : ({ ...sent } as NoDisturbFormData);
  if (withZone) return after;
  const { timeZoneId: _zone, ...rest } = after;
  return rest;
}

/** `POST /{orgId}/{contactId}/subscriptions`: the member's alert topics and weather choice, all or nothing. */
export async function saveSubscriptions(db: Db, org: Organization, featureFlags: FeatureFlags, contactId: number, body: SaveSubscriptionsBody) {
  const { settings } = org;
  if (!settings.showAlertSubscription) return refuse(404, { errorCode: 'subscriptions.notShown' });
  const tree = alertTreeOf(settings);
  const keys = new Set(flatten(tree).map((node) => node.key));
  const weather = weatherTopicOf(settings);
  let weatherSent: string[] | undefined;
  const changes: { key: number; checked: boolean }[] = [];
  const named = new Set<number>();
  for (const sub of body.rs.subs) {
    if (named.has(sub.serviceId)) return invalid(`serviceId ${sub.serviceId} is named twice`);
    named.add(sub.serviceId);
    if (weather && sub.serviceId === weather.serviceId) {
      const categories = sub.checked ? sub.weatherCategoryList ?? [...weather.weatherCategoryList] : [];
      const unknown = categories.find((category) => !(weather.weatherCategoryList as readonly string[]).includes(category));
      if (unknown !== undefined) return invalid(`weather category ${unknown} is not offered`);
      weatherSent = [...new Set(categories)];
      continue;
    }
    if (!keys.has(sub.serviceId)) return invalid(`serviceId ${sub.serviceId} is not an alert topic of this organisation`);
    changes.push({ key: sub.serviceId, checked: sub.checked });
  }

  const stored = await findSubscriptions(db, org.orgId, contactId);
  const data: SubscriptionsFormData = {
    alerts: applyChanges(tree, stored.serviceIds.filter((id) => keys.has(id)), changes),
    ...(weather ? {
      weather: weather.mandatory ? [...weather.weatherCategoryList] : weatherSent ?? weatherChoice(settings, stored.weatherCategories),
      noDisturb: noDisturbAfter(body.rsNodisturb, stored.noDisturb, settings.showAlertSubscriptionTimeZone),
    } : {}),
  };
  // The form has `alerts` only when the organisation has Standard topics.
  const formData = tree.length > 0 ? data : { ...data, alerts: undefined };
  const checked = checkSubmission(org, 'subscriptions', 'edit', formFlags(featureFlags), formData);
  if (!checked.ok) return refuseValidation(checked.errors);

  const weatherCategories = data.weather ?? [];
  const noDisturb = data.noDisturb
    ? { startTime: '', startMeridiem: 'PM', endTime: '', endMeridiem: 'AM', timeZoneId: '', ...data.noDisturb } as NoDisturb
    : stored.noDisturb;
  const saved = await storeSubscriptions(db, org.orgId, contactId, {
    serviceIds: [...(data.alerts ?? []), ...(weather && weatherCategories.length > 0 ? [weather.serviceId] : [])],
    weatherCategories,
    noDisturb,
  });
  return saved ? { ok: true as const, status: 'yes' } : NOT_FOUND;
}

/** §3 Group opt-in nodes (id, name, level, groups). */
function groupNodes(groups: readonly { id: number; name: string; parentId: number | null }[]): GroupNode[] {
  const node = (tree: TreeNode, level: number): GroupNode => ({ id: tree.key, name: tree.label, level, groups: tree.children.map((child) => node(child, level + 1)) });
  return groupTreeOf(groups).map((top) => node(top, 1));
}

/** `GET /{orgId}/{contactId}/groupSubscriptions`. */
export async function readGroupSubscriptions(db: Db, org: Organization, contactId: number) {
  if (!org.settings.showGroupSubscription) return refuse(404, { errorCode: 'groupSubscriptions.notShown' });
  const groups = await findOptInGroups(db, org.orgId);
  const selectedGroupIds = await findMemberGroupIds(db, org.orgId, contactId, groups.map((group) => group.id));
  return { ok: true as const, groups: groupNodes(groups), selectedGroupIds };
}

/** `PUT /{orgId}/{contactId}/groupSubscriptions`: joins and leaves opt-in groups. */
export async function saveGroupSubscriptions(db: Db, org: Organization, contactId: number, body: GroupSubscriptionsBody) {
  if (!org.settings.showGroupSubscription) return refuse(404, { errorCode: 'groupSubscriptions.notShown' });
  const add = body.addGroups ?? [];
  const remove = body.removeGroups ?? [];
  const both = add.find((id) => remove.includes(id));
  if (both !== undefined) return invalid(`group ${both} is both added and removed`);
  const offered = new Set((await findOptInGroups(db, org.orgId)).map((group) => group.id));
  const closed = [...add, ...remove].find((id) => !offered.has(id));
  if (closed !== undefined) return invalid(`group ${closed} is not open to opting in`);
  if (!(await findContact(db, org.orgId, contactId))) return NOT_FOUND;
  await changeMemberGroups(db, org.orgId, contactId, add, remove);
  return { ok: true as const, result: true };
}
