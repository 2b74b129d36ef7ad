/**
 * §3 Subscriptions as the calls carry them and the subscriptions form's data
 * (schemas/forms/buildSubscriptionsSchema.ts: `alerts`, `weather`, `noDisturb`, `groups`, `incidents`), both ways.
 * The browser fills its form and makes the saves' bodies (§7 `rs`, `rsNodisturb`, `addGroups` /
 * `removeGroups`) with these; the server rebuilds the form's data from a save with them, so both
 * read one mapping.
 */
import type { AlertNode, GroupNode, GroupSubscriptionsBody, NoDisturbInput, SaveSubscriptionsBody } from '../api/subscriptions.ts';
import type { NoDisturb } from '../entities.ts';
import type { OptInGroup } from '../forms/types.ts';

/** The no-disturb part of the form: `checked`, and the times and zone while it is on. */
export type NoDisturbFormData = Partial<Omit<NoDisturb, 'checked'>> & { checked: boolean };

export interface SubscriptionsFormData {
  alerts?: number[];
  weather?: string[];
  noDisturb?: NoDisturbFormData;
  groups?: number[];
  incidents?: string[];
}

/** A no-disturb never set: off, 10 PM to 6 AM ready for when it is turned on. */
export const NO_DISTURB_START: NoDisturbFormData = { checked: false, startTime: '10:00', startMeridiem: 'PM', endTime: '06:00', endMeridiem: 'AM' };

/** Every node of the answered alert tree, each before its children. */
export const alertNodesOf = (nodes: readonly AlertNode[]): AlertNode[] => nodes.flatMap((node) => [node, ...alertNodesOf(node.nodes)]);

/** The Weather node of the answered tree, if any. */
export const weatherNodeOf = (tree: readonly AlertNode[]) => alertNodesOf(tree).find((node) => node.type === 'Weather');

/** The form's first data from the two answers (`groups` only when the group answer is there). */
export function subscriptionsFormData(
  tree: readonly AlertNode[], nodisturb: NoDisturb | null, selectedGroupIds?: readonly number[],
): SubscriptionsFormData {
  const nodes = alertNodesOf(tree);
  const weather = nodes.find((node) => node.type === 'Weather');
  return {
    alerts: nodes.filter((node) => node.leaf && node.type !== 'Weather' && node.checked).map((node) => node.serviceId),
    ...(weather ? {
      weather: (weather.weatherCategoryList ?? []).filter((category) => category.checked).map((category) => category.category),
      noDisturb: nodisturb ? { ...nodisturb, timeZoneId: nodisturb.timeZoneId || undefined } : NO_DISTURB_START,
    } : {}),
    ...(selectedGroupIds ? { groups: [...selectedGroupIds] } : {}),
  };
}

/**
 * §7 `rs` and `rsNodisturb` of the alert save: every leaf of the tree with its state in the form (the
 * server applies them as clicks, so naming every leaf says the whole choice), and the Weather node
 * with the chosen categories.
 */
export function saveSubscriptionsBody(tree: readonly AlertNode[], data: SubscriptionsFormData, contactId: number): SaveSubscriptionsBody {
  const chosen = new Set(data.alerts ?? []);
  const subs = alertNodesOf(tree).flatMap((node) => {
    if (node.type === 'Weather') {
      const categories = data.weather ?? [];
      return [{ serviceId: node.serviceId, checked: categories.length > 0, type: 'Weather', weatherCategoryList: categories }];
    }
    return node.leaf ? [{ serviceId: node.serviceId, checked: chosen.has(node.serviceId) }] : [];
  });
  return { rs: { contactId, subs }, ...(data.noDisturb ? { rsNodisturb: noDisturbInput(data.noDisturb) } : {}) };
}

/** The no-disturb part as sent: the times only while it is on. */
function noDisturbInput(noDisturb: NoDisturbFormData): NoDisturbInput {
  if (!noDisturb.checked) return { checked: false };
  const { checked, startTime, startMeridiem, endTime, endMeridiem, timeZoneId } = noDisturb;
  return { checked, startTime, startMeridiem, endTime, endMeridiem, ...(timeZoneId ? { timeZoneId } : {}) };
}

/** §7 `PUT …/groupSubscriptions`: the groups joined and left since `before`. */
export function groupChanges(before: readonly number[], after: readonly number[]): Required<GroupSubscriptionsBody> {
  return { addGroups: after.filter((id) => !before.includes(id)), removeGroups: before.filter((id) => !after.includes(id)) };
}

/** The answered group tree as the builder's flat list (`FormFlags.optInGroups`). */
export function optInGroupsOf(nodes: readonly GroupNode[], parentId: number | null = null): OptInGroup[] {
  return nodes.flatMap((node) => [{ id: node.id, name: node.name, parentId }, ...optInGroupsOf(node.groups, node.id)]);
}
