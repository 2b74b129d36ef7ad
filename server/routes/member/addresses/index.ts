/**
 * §7 static-location calls, the member's own (the member scope's hook has proven `contactId` to be
 * the session's contact and checked the CSRF token of the save):
 * - `GET /{orgId}/{contactId}/addresses`: §3 Address list response (the countries named in the page's
 *   language, the `language` cookie as `/rest/init/countries` reads it);
 * - `POST /{orgId}/{contactId}/addresses` (form `rs`, `update`; or `_method=DELETE` and `name`):
 *   `status: '1'`;
 * - `GET /{orgId}/{contactId}/addresses/validatelocname?locationName&updateLocationName`: a boolean;
 * - `POST …/addresses/expectedLocations` (a page), `…/expectedLocation/createOrUpdate` (form
 *   `expectedLocation`, `update`) and `…/expectedLocation/delete` (form `_method=DELETE`,
 *   `expectedLocationId`): the expected (travel) locations, services/expectedLocations.ts.
 * services/addresses.ts does the work; schemas/api/addresses.ts says every answer.
 */
import {
  AddressListAnswer, DeleteExpectedLocationBody, ExpectedLocationsAnswer, ExpectedLocationsBody, LocationNameAnswer, LocationNameQuery, MemberParams,
  SaveAddressAnswer, SaveAddressBody, SaveExpectedLocationAnswer, SaveExpectedLocationBody,
} from '../../../../schemas/api/addresses.ts';
import { answers } from '../../../../schemas/api/common.ts';
import { isLanguageCode } from '../../../../schemas/languages.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { readJsonFields, readRsForm } from '../../../http/rsForm.ts';
import { locationNameFree, readAddresses, saveAddress } from '../../../services/addresses.ts';
import { listExpectedLocations, removeExpectedLocation, saveExpectedLocation } from '../../../services/expectedLocations.ts';

export default memberDomain('addresses', async (app, { db }) => {
  app.get('/addresses', {
    schema: { params: MemberParams, response: answers(AddressListAnswer) },
    onRequest: noStore,
  }, async (request, reply) => {
    const language = request.cookies.language;
    return answer(reply, await readAddresses(db, request.org, request.memberContactId, isLanguageCode(language) ? language : 'en_US'));
  });

  app.post('/addresses', {
    schema: { params: MemberParams, body: SaveAddressBody, response: answers(SaveAddressAnswer) },
    onRequest: noStore,
    preValidation: readRsForm,
  }, async (request, reply) => answer(reply, await saveAddress(db, request.org, request.memberContactId, request.body)));

  app.get('/addresses/validatelocname', {
    schema: { params: MemberParams, querystring: LocationNameQuery, response: answers(LocationNameAnswer) },
    onRequest: noStore,
  }, async (request) => locationNameFree(db, request.org, request.memberContactId, request.query.locationName, request.query.updateLocationName));

  app.post('/addresses/expectedLocations', {
    schema: { params: MemberParams, body: ExpectedLocationsBody, response: answers(ExpectedLocationsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await listExpectedLocations(db, request.org, request.memberContactId, request.body ?? {})));

  app.post('/addresses/expectedLocation/createOrUpdate', {
    schema: { params: MemberParams, body: SaveExpectedLocationBody, response: answers(SaveExpectedLocationAnswer) },
    onRequest: noStore,
    preValidation: readJsonFields('expectedLocation'),
  }, async (request, reply) => answer(reply, await saveExpectedLocation(db, request.org, request.memberContactId, request.body)));

  app.post('/addresses/expectedLocation/delete', {
    schema: { params: MemberParams, body: DeleteExpectedLocationBody, response: answers(SaveAddressAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await removeExpectedLocation(db, request.org, request.memberContactId, request.body)));
});
