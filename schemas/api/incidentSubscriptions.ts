/**
 * The incident-subscription calls of §7 (issue 13 "incident subscriptions"), the signed-in member's
 * own (no contact in the path: the session names the member; `orgId` names the organisation):
 * - `GET /rest/incident/subscription/contactIdAndGroupIds?orgId` → `{ message, type, data: { contactId,
 *   groupInfo: { groupId: [...] } } }`: the member and the groups they are in (what the topics are offered by);
 * - `POST /member-portal-gateway/api/cmdb/lookup/{orgId}/subscriptions/alerts/search` (JSON `published`,
 *   `ebTopics`, `groups`; the X-CSRF-TOKEN header) → `{ data: [{ topicId, name }] }`: the organisation's
 *   incident topics (settings `incidentTopics`) that match; `groups` keeps those offered to one of
 *   these groups (or to everyone); "non-empty data shows incident subscriptions";
 * - `GET /rest/incident/subscription/topics?orgId&contact` → the topicIds the member follows;
 * - `PUT /rest/incident/subscription/assign?orgId` (form `contact`, `topicIds`: JSON text of the list)
 *   → `{ result: 'true' }`: the member now follows exactly these; 400 `validation` for a topic not
 *   offered to them (`/incidents/<i>`), 400 `request.invalidBody` for topicIds that are not JSON.
 * Every call: 403 `member.notSelf` without a signed-in member of the organisation (or for another
 * `contact`), 404 `incidentSubscriptions.notShown` when the organisation does not show them (showIncidentSub).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { OrgId, OrgIdParams, Text } from './common.ts';

/** The most topics an organisation has (org-settings.schema.json `incidentTopics` maxItems). */
const MAX_TOPICS = 100;
const TopicId = Type.String({ minLength: 1, maxLength: 64 });
const ContactId = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });

export const IncidentOrgQuery = Type.Object({ orgId: OrgId });
export type IncidentOrgQuery = Static<typeof IncidentOrgQuery>;

export const IncidentContactAnswer = Type.Object({
  message: Type.String(),
  type: Type.String(),
  data: Type.Object({
    contactId: Type.Integer(),
    groupInfo: Type.Object({ groupId: Type.Array(Type.Integer()) }),
  }),
});
export type IncidentContactAnswer = Static<typeof IncidentContactAnswer>;

export { OrgIdParams as IncidentSearchParams };

export const IncidentSearchBody = Type.Object({
  published: Type.Optional(Type.Boolean()),
  ebTopics: Type.Optional(Type.Array(TopicId, { maxItems: MAX_TOPICS })),
  groups: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500 })),
}, { additionalProperties: false });
export type IncidentSearchBody = Static<typeof IncidentSearchBody>;

export const IncidentTopicAnswer = Type.Object({ topicId: Type.String(), name: Type.String() });

export const IncidentSearchAnswer = Type.Object({ data: Type.Array(IncidentTopicAnswer) });
export type IncidentSearchAnswer = Static<typeof IncidentSearchAnswer>;

export const IncidentTopicsQuery = Type.Object({ orgId: OrgId, contact: ContactId });
export type IncidentTopicsQuery = Static<typeof IncidentTopicsQuery>;

/** §7 "topicId list". */
export const IncidentTopicsAnswer = Type.Array(Type.String());
export type IncidentTopicsAnswer = Static<typeof IncidentTopicsAnswer>;

/** The assign's body as validated: `topicIds` holds JSON text in the form; the route reads it first. */
export const IncidentAssignBody = Type.Object({
  contact: ContactId,
  topicIds: Type.Array(Text(64), { maxItems: MAX_TOPICS }),
});
export type IncidentAssignBody = Static<typeof IncidentAssignBody>;

/** What the browser sends (a form). */
export interface IncidentAssignForm {
  contact: string;
  topicIds: string;
}

/** §7 "result 'true'". */
export const IncidentAssignAnswer = Type.Object({ result: Type.String() });
export type IncidentAssignAnswer = Static<typeof IncidentAssignAnswer>;
