/**
 * §7 custom-field calls, the member's own (the member scope's hook has proven `contactId` to be the
 * session's contact and checked the CSRF token of the save):
 * - `GET /{orgId}/{contactId}/customFields`: §3 Custom field of every field shown, with savedValues;
 * - `POST /{orgId}/{contactId}/customFields` (form `rs`: JSON text): `status: 'yes'`; 400
 *   `validation` with §5's keys, 400 `request.invalid` for a field the organisation does not show.
 * services/customFields.ts does the work.
 */
import { answers } from '../../../../schemas/api/common.ts';
import { CustomFieldsAnswer, MemberParams, SaveCustomFieldsAnswer, SaveCustomFieldsBody } from '../../../../schemas/api/customFields.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { readRsForm } from '../../../http/rsForm.ts';
import { readCustomFields, saveCustomFields } from '../../../services/customFields.ts';

export default memberDomain('customFields', async (app, { db }) => {
  app.get('/customFields', {
    schema: { params: MemberParams, response: answers(CustomFieldsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readCustomFields(db, request.org, request.memberContactId)));

  app.post('/customFields', {
    schema: { params: MemberParams, body: SaveCustomFieldsBody, response: answers(SaveCustomFieldsAnswer) },
    onRequest: noStore,
    preValidation: readRsForm,
  }, async (request, reply) =>
    answer(reply, await saveCustomFields(db, request.org, request.orgData.featureFlags, request.memberContactId, request.body)));
});
