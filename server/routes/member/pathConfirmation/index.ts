/**
 * Confirmed contact paths (issue 12), the member's own (the member scope's hook has proven `contactId`
 * to be the session's contact and checked the CSRF token of each call):
 * - `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmationCode?language`: a new code through the path;
 * - `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmation` (`code`): confirms the path.
 * schemas/api/pathConfirmation.ts names the answers; services/pathConfirmation.ts does the work.
 */
import { answers } from '../../../../schemas/api/common.ts';
import {
  PathConfirmationAnswer, PathConfirmationBody, PathConfirmationCodeAnswer, PathConfirmationCodeQuery, PathConfirmationParams, PathConfirmationRefusal,
} from '../../../../schemas/api/pathConfirmation.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { confirmPath, sendConfirmationCode } from '../../../services/pathConfirmation.ts';

export default memberDomain('pathConfirmation', async (app, deps) => {
  app.post('/contactPaths/:pathId/confirmationCode', {
    schema: { params: PathConfirmationParams, querystring: PathConfirmationCodeQuery, response: answers(PathConfirmationCodeAnswer, PathConfirmationRefusal) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await sendConfirmationCode({ ...deps, log: request.log }, request.org, request.memberContactId, Number(request.params.pathId), request.query.language)));

  app.post('/contactPaths/:pathId/confirmation', {
    schema: { params: PathConfirmationParams, body: PathConfirmationBody, response: answers(PathConfirmationAnswer, PathConfirmationRefusal) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await confirmPath({ ...deps, log: request.log }, request.org, request.memberContactId, Number(request.params.pathId), request.body.code)));
});
