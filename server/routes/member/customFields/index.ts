/**
 * §7 custom-field calls, the member's own (the member scope's hook has proven `contactId` to be the
 * session's contact and checked the CSRF token of the save):
 * - `GET /{orgId}/{contactId}/customFields`: §3 Custom field of every field shown, with savedValues;
 * - `POST /{orgId}/{contactId}/customFields` (form `rs`: JSON text): `status: 'yes'`; 400
 *   `validation` with §5's keys, 400 `request.invalid` for a field the organisation does not show.
 * services/customFields.ts does the work.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers } from '../../../../schemas/api/common.ts';
import { CustomFieldsAnswer, MemberParams, SaveCustomFieldsAnswer, SaveCustomFieldsBody } from '../../../../schemas/api/customFields.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { readCustomFields, saveCustomFields } from '../../../services/customFields.ts';

/**
 * §7 sends the save as a form whose `rs` is JSON text: it is read before the body's schema is
 * checked, so a form and a JSON body are validated alike; text that is not JSON is refused with 400
 * `request.invalidBody`, before anything is looked up.
 */
async function readSaveForm(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.rs !== 'string') return;
  try {
    body.rs = JSON.parse(body.rs);
  } catch {
    return reply.code(400).send({ errorCode: 'request.invalidBody', message: 'rs is not JSON' });
  }
}

export default memberDomain('customFields', async (app, { db }) => {
  app.get('/customFields', {
    schema: { params: MemberParams, response: answers(CustomFieldsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readCustomFields(db, request.org, request.memberContactId)));

  app.post('/customFields', {
    schema: { params: MemberParams, body: SaveCustomFieldsBody, response: answers(SaveCustomFieldsAnswer) },
    onRequest: noStore,
    preValidation: readSaveForm,
  }, async (request, reply) =>
    answer(reply, await saveCustomFields(db, request.org, request.orgData.featureFlags, request.memberContactId, request.body)));
});
