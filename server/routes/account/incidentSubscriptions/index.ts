/**
 * §7 incident-subscription calls (schemas/api/incidentSubscriptions.ts; services/incidentSubscriptions.ts
 * does the work), the signed-in member's own: the session names the member, `orgId` the organisation;
 * without a signed-in member of it (or with another `contact`) every call is 403 `member.notSelf`,
 * as the member scope answers. The search and the assignment change or reveal nothing of another's,
 * and both need the page's CSRF token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers } from '../../../../schemas/api/common.ts';
import {
  IncidentAssignAnswer, IncidentAssignBody, IncidentContactAnswer, IncidentOrgQuery, IncidentSearchAnswer, IncidentSearchBody,
  IncidentSearchParams, IncidentTopicsAnswer, IncidentTopicsQuery,
} from '../../../../schemas/api/incidentSubscriptions.ts';
import { answer } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { readJsonFields } from '../../../http/rsForm.ts';
import {
  assignIncidentTopics, readFollowedTopics, readIncidentContact, searchIncidentTopics,
} from '../../../services/incidentSubscriptions.ts';

const NOT_SELF = { errorCode: 'member.notSelf' } as const;

/** The session's member of the request's organisation, or null once a 403 is sent; `contact`, when given, must be that member. */
async function memberOf(request: FastifyRequest, reply: FastifyReply, contact?: string): Promise<number | null> {
  const contactId = await request.session.contactId(request.org.orgId);
  if (contactId === null || (contact !== undefined && Number(contact) !== contactId)) {
    await reply.code(403).send(NOT_SELF);
    return null;
  }
  return contactId;
}

export default async function incidentSubscriptionRoutes(app: RouteApp, { db }: RouteDeps) {
  app.get('/rest/incident/subscription/contactIdAndGroupIds', {
    schema: { querystring: IncidentOrgQuery, response: answers(IncidentContactAnswer) },
    config: { org: 'query' },
    onRequest: noStore,
  }, async (request, reply) => {
    const contactId = await memberOf(request, reply);
    return contactId === null ? reply : answer(reply, await readIncidentContact(db, request.org, contactId));
  });

  app.post('/member-portal-gateway/api/cmdb/lookup/:orgId/subscriptions/alerts/search', {
    schema: { params: IncidentSearchParams, body: IncidentSearchBody, response: answers(IncidentSearchAnswer) },
    config: { org: 'path' },
    onRequest: noStore,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const contactId = await memberOf(request, reply);
    return contactId === null ? reply : answer(reply, await searchIncidentTopics(db, request.org, request.body));
  });

  app.get('/rest/incident/subscription/topics', {
    schema: { querystring: IncidentTopicsQuery, response: answers(IncidentTopicsAnswer) },
    config: { org: 'query' },
    onRequest: noStore,
  }, async (request, reply) => {
    const contactId = await memberOf(request, reply, request.query.contact);
    return contactId === null ? reply : answer(reply, await readFollowedTopics(db, request.org, contactId), (result) => result.topics);
  });

  app.put('/rest/incident/subscription/assign', {
    schema: { querystring: IncidentOrgQuery, body: IncidentAssignBody, response: answers(IncidentAssignAnswer) },
    config: { org: 'query' },
    onRequest: noStore,
    preValidation: readJsonFields('topicIds'),
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const contactId = await memberOf(request, reply, request.body.contact);
    return contactId === null ? reply
      : answer(reply, await assignIncidentTopics(db, request.org, request.orgData.featureFlags, contactId, request.body.topicIds));
  });
}
