/**
 * §2 home's group-membership list, the member's own (the member scope's hook has proven `contactId`
 * to be the session's contact): `GET /{orgId}/{contactId}/groupMemberships?pageNo&pageSize`
 * (schemas/api/groupMemberships.ts; services/groupMemberships.ts does the work).
 */
import { answers } from '../../../../schemas/api/common.ts';
import { GroupMembershipsAnswer, GroupMembershipsQuery } from '../../../../schemas/api/groupMemberships.ts';
import { MemberParams } from '../../../../schemas/api/profile.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { readGroupMemberships } from '../../../services/groupMemberships.ts';

export default memberDomain('groupMemberships', async (app, { db }) => {
  app.get('/groupMemberships', {
    schema: { params: MemberParams, querystring: GroupMembershipsQuery, response: answers(GroupMembershipsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readGroupMemberships(db, request.org, request.memberContactId, request.query)));
});
