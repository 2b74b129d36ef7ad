/**
 * What the subscriptions page and the review page read of a member's subscriptions, each part only
 * where the organisation has it: the alert tree and no-disturb (§7 `GET …/subscriptions`), the opt-in
 * groups (`GET …/groupSubscriptions`) and the incident topics (the member's groups, the topics
 * offered to them by the cmdb search, and those followed; §2 "non-empty data shows incident
 * subscriptions"). Then the subscriptions form's flags and first data from them.
 */
import { useEffect, useState } from 'react';
import type { GroupSubscriptionsAnswer, SubscriptionsAnswer } from '../../../schemas/api/subscriptions.ts';
import type { FormFlags, IncidentTopicOption } from '../../../schemas/forms/types.ts';
import type { OrgSettings } from '../../../schemas/orgSettings.ts';
import { optInGroupsOf, subscriptionsFormData, type SubscriptionsFormData } from '../../../schemas/subscriptions/formData.ts';
import type { FeatureFlags } from '../../../schemas/featureFlags.ts';
import { getFollowedTopics, getIncidentContact, searchIncidentTopics } from '../../api/incidentSubscriptions.ts';
import { getGroupSubscriptions, getSubscriptions } from '../../api/subscriptions.ts';

export interface SubscriptionData {
  alerts: SubscriptionsAnswer | null;
  groups: GroupSubscriptionsAnswer | null;
  /** The topics offered and the ids followed; null when the organisation shows none. */
  incidents: { topics: IncidentTopicOption[]; followed: string[] } | null;
}

export type SubscriptionDataState = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & SubscriptionData);

const failed = Symbol('failed');

/** The incident part: the member's groups → the published topics for them → the ones followed. */
async function loadIncidents(orgId: string, contactId: number, signal: AbortSignal): Promise<SubscriptionData['incidents'] | typeof failed> {
  const contact = await getIncidentContact(orgId, signal);
  if (contact.hasError || !contact.data) return failed;
  const search = await searchIncidentTopics(orgId, { published: true, groups: contact.data.data.groupInfo.groupId }, signal);
  if (search.hasError || !search.data) return failed;
  if (search.data.data.length === 0) return null;
  const followed = await getFollowedTopics(orgId, contactId, signal);
  if (followed.hasError || !followed.data) return failed;
  return { topics: search.data.data, followed: followed.data };
}

export function useSubscriptionData(orgId: string, org: OrgSettings, contactId: number | null): SubscriptionDataState {
  const [state, setState] = useState<SubscriptionDataState>({ status: 'loading' });
  useEffect(() => {
    if (contactId === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([
      org.showAlertSubscription ? getSubscriptions(orgId, contactId, signal) : null,
      org.showGroupSubscription ? getGroupSubscriptions(orgId, contactId, signal) : null,
      org.showIncidentSub ? loadIncidents(orgId, contactId, signal) : null,
    ]).then(([alerts, groups, incidents]) => {
      if (signal.aborted) return;
      if (incidents === failed || [alerts, groups].some((result) => result !== null && (result.hasError || !result.data))) {
        setState({ status: 'failed' });
        return;
      }
      setState({ status: 'ready', alerts: alerts?.data ?? null, groups: groups?.data ?? null, incidents });
    });
    return () => controller.abort();
  }, [orgId, contactId, org.showAlertSubscription, org.showGroupSubscription, org.showIncidentSub]);
  return state;
}

/** The subscriptions form's flags from what was read. */
export function subscriptionFlags(data: SubscriptionData, featureFlags: FeatureFlags): FormFlags {
  return {
    featureFlags,
    ...(data.alerts?.showTimeZone ? { timeZones: data.alerts.timezones } : {}),
    ...(data.groups ? { optInGroups: optInGroupsOf(data.groups.groups) } : {}),
    ...(data.incidents ? { incidentTopics: data.incidents.topics } : {}),
  };
}

/** The form's first data from what was read: the followed topics among those offered. */
export function subscriptionStart(data: SubscriptionData): SubscriptionsFormData {
  const offered = new Set(data.incidents?.topics.map((topic) => topic.topicId) ?? []);
  return {
    ...subscriptionsFormData(data.alerts?.alertTree ?? [], data.alerts?.nodisturb ?? null, data.groups?.selectedGroupIds),
    ...(data.incidents ? { incidents: data.incidents.followed.filter((topicId) => offered.has(topicId)) } : {}),
  };
}
