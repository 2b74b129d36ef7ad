/**
 * §7 subscription calls, the member's own (the member scope's hook has proven `contactId` to be the
 * session's contact and checked the CSRF token of a save):
 * - `GET /{orgId}/{contactId}/subscriptions`, `POST …/subscriptions` (form `rs`, `rsNodisturb`: JSON text);
 * - `GET /{orgId}/{contactId}/groupSubscriptions`, `PUT …/groupSubscriptions` (JSON).
 * schemas/api/subscriptions.ts names the answers; services/subscriptions.ts does the work.
 */
import { answers } from '../../../../schemas/api/common.ts';
import {
  GroupSubscriptionsAnswer, GroupSubscriptionsBody, GroupSubscriptionsSaved, MemberParams, SaveSubscriptionsAnswer, SaveSubscriptionsBody,
  SubscriptionsAnswer,
} from '../../../../schemas/api/subscriptions.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { readJsonFields } from '../../../http/rsForm.ts';
import { readGroupSubscriptions, readSubscriptions, saveGroupSubscriptions, saveSubscriptions } from '../../../services/subscriptions.ts';

export default memberDomain('subscriptions', async (app, { db }) => {
  app.get('/subscriptions', {
    schema: { params: MemberParams, response: answers(SubscriptionsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readSubscriptions(db, request.org, request.memberContactId)));

  app.post('/subscriptions', {
    schema: { params: MemberParams, body: SaveSubscriptionsBody, response: answers(SaveSubscriptionsAnswer) },
    onRequest: noStore,
    preValidation: readJsonFields('rs', 'rsNodisturb'),
  }, async (request, reply) =>
    answer(reply, await saveSubscriptions(db, request.org, request.orgData.featureFlags, request.memberContactId, request.body)));

  app.get('/groupSubscriptions', {
    schema: { params: MemberParams, response: answers(GroupSubscriptionsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readGroupSubscriptions(db, request.org, request.memberContactId)));

  app.put('/groupSubscriptions', {
    schema: { params: MemberParams, body: GroupSubscriptionsBody, response: answers(GroupSubscriptionsSaved) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await saveGroupSubscriptions(db, request.org, request.memberContactId, request.body)));
});
