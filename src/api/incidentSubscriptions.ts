/**
 * The incident-subscription calls of §7, typed (schemas/api/incidentSubscriptions.ts): the member and
 * their groups, the topics offered (the cmdb search, JSON with the CSRF header), the topics followed,
 * and the assignment (a form whose `topicIds` is JSON text; result 'true').
 */
import type {
  IncidentAssignAnswer, IncidentContactAnswer, IncidentSearchAnswer, IncidentSearchBody, IncidentTopicsAnswer,
} from '../../schemas/api/incidentSubscriptions.ts';
import type { Refusal, Reply } from '../../schemas/api/common.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export function getIncidentContact(orgId: string, signal?: AbortSignal) {
  return api.get<IncidentContactAnswer>(paths.incidentGroups, { query: { orgId }, signal });
}

export function searchIncidentTopics(orgId: string, body: IncidentSearchBody, signal?: AbortSignal) {
  return api.post<IncidentSearchAnswer>(paths.incidentAlertSearch(orgId), { json: body, signal });
}

export function getFollowedTopics(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<IncidentTopicsAnswer>(paths.incidentTopics, { query: { orgId, contact: contactId }, signal });
}

/** §7 assignment; `result: 'true'` when saved. */
export function assignIncidentTopics(orgId: string, contactId: number, topicIds: readonly string[]) {
  return api.put<Reply<IncidentAssignAnswer, Refusal> | null>(paths.incidentAssign, {
    query: { orgId }, form: { contact: String(contactId), topicIds: JSON.stringify(topicIds) },
  });
}
