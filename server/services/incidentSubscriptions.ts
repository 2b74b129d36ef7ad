/**
 * The incident-subscription domain (§7 `/rest/incident/subscription/…` and the cmdb topic search;
 * schemas/api/incidentSubscriptions.ts): the organisation's incident topics (settings
 * `incidentTopics`), those offered to a member (published, and either for everyone or for one of the
 * member's groups, by name), and the topics the member follows. An assignment is validated with the
 * subscriptions form's schema (its `incidents` part, the offered topics as its choices), so the
 * browser and the server refuse the same; a followed topic that is no longer published is kept
 * (the page does not offer it, so its absence from a save says nothing about it).
 */
import type { IncidentContactAnswer, IncidentSearchBody } from '../../schemas/api/incidentSubscriptions.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { IncidentTopicOption } from '../../schemas/forms/types.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { findGroupNames, findMemberGroups } from '../repositories/groups.ts';
import { findFollowedTopics, replaceFollowedTopics } from '../repositories/incidentSubscriptions.ts';
import type { Organization } from '../repositories/organizations.ts';
import { checkSubmission } from './formSubmissions.ts';
import { refuse, refuseValidation, type Refusal } from './results.ts';

const NOT_SHOWN = refuse(404, { errorCode: 'incidentSubscriptions.notShown' });
const NOT_FOUND = refuse(404, { errorCode: 'incidentSubscriptions.notFound' });

const option = ({ topicId, name }: IncidentTopicOption): IncidentTopicOption => ({ topicId, name });

/** The topics offered to members of the groups named `groupNames`. */
export function offeredTopics(settings: OrgSettings, groupNames: readonly string[]): IncidentTopicOption[] {
  return settings.incidentTopics
    .filter((topic) => topic.published && (topic.groups.length === 0 || topic.groups.some((group) => groupNames.includes(group))))
    .map(option);
}

/** The topics offered to the member (the subscriptions page's choices). */
export async function topicsOfferedTo(db: Db, org: Organization, contactId: number): Promise<IncidentTopicOption[]> {
  return offeredTopics(org.settings, (await findMemberGroups(db, org.orgId, contactId)).map((group) => group.name));
}

type Answer<T> = ({ ok: true } & T) | Refusal;

/** `GET /rest/incident/subscription/contactIdAndGroupIds`. */
export async function readIncidentContact(db: Db, org: Organization, contactId: number): Promise<Answer<IncidentContactAnswer>> {
  if (!org.settings.showIncidentSub) return NOT_SHOWN;
  const groups = await findMemberGroups(db, org.orgId, contactId);
  return { ok: true, message: 'OK', type: 'success', data: { contactId, groupInfo: { groupId: groups.map((group) => group.groupId) } } };
}

/** `POST /member-portal-gateway/api/cmdb/lookup/{orgId}/subscriptions/alerts/search`. */
export async function searchIncidentTopics(db: Db, org: Organization, body: IncidentSearchBody): Promise<Answer<{ data: IncidentTopicOption[] }>> {
  if (!org.settings.showIncidentSub) return NOT_SHOWN;
  const groupNames = body.groups ? await findGroupNames(db, org.orgId, body.groups) : null;
  const data = org.settings.incidentTopics
    .filter((topic) => body.published === undefined || topic.published === body.published)
    .filter((topic) => !body.ebTopics || body.ebTopics.includes(topic.topicId))
    .filter((topic) => !groupNames || topic.groups.length === 0 || topic.groups.some((group) => groupNames.includes(group)))
    .map(option);
  return { ok: true, data };
}

/** `GET /rest/incident/subscription/topics`. */
export async function readFollowedTopics(db: Db, org: Organization, contactId: number): Promise<Answer<{ topics: string[] }>> {
  if (!org.settings.showIncidentSub) return NOT_SHOWN;
  return { ok: true, topics: await findFollowedTopics(db, org.orgId, contactId) };
}

/** `PUT /rest/incident/subscription/assign`: the member follows the offered topics sent, and keeps the unpublished ones they followed. */
export async function assignIncidentTopics(
  db: Db, org: Organization, featureFlags: FeatureFlags, contactId: number, topicIds: readonly string[],
): Promise<Answer<{ result: string }>> {
  if (!org.settings.showIncidentSub) return NOT_SHOWN;
  const offered = await topicsOfferedTo(db, org, contactId);
  const checked = checkSubmission(org, 'subscriptions', 'edit', { featureFlags, incidentTopics: offered }, { incidents: [...topicIds] });
  if (!checked.ok) return refuseValidation(checked.errors);
  const unpublished = new Set(org.settings.incidentTopics.filter((topic) => !topic.published).map((topic) => topic.topicId));
  const kept = (await findFollowedTopics(db, org.orgId, contactId)).filter((topicId) => unpublished.has(topicId));
  const saved = await replaceFollowedTopics(db, org.orgId, contactId, [...new Set([...(checked.data.incidents ?? []), ...kept])]);
  return saved ? { ok: true, result: 'true' } : NOT_FOUND;
}
