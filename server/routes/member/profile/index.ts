/**
 * §7 profile calls, the member's own (the member scope's hook has proven `contactId` to be the
 * session's contact and checked the CSRF token of the save):
 * - `GET /{orgId}/{contactId}/profile`: §3 Profile with its flags, time zones, languages and `profileVersion`;
 * - `GET /{orgId}/{contactId}/contactPaths`: the organisation's paths with the member's values;
 * - `POST /{orgId}/{contactId}/profile` (form `profile`, `contactPath`: JSON text; `profileVersion`):
 *   `status: 'yes'` and the paths a confirmation code went to; 400 `validation` with §5's keys, 409 `profile.conflict`;
 * - `GET /{orgId}/{contactId}/profile/checkexternalId/json?externalId`: true when the id is free.
 * services/profile.ts does the work.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers, BooleanAnswer } from '../../../../schemas/api/common.ts';
import {
  CheckExternalIdQuery, ContactPathsAnswer, MemberParams, ProfileAnswer, SaveProfileAnswer, SaveProfileBody, SaveProfileRefusal,
} from '../../../../schemas/api/profile.ts';
import { answer } from '../../../http/answer.ts';
import { memberDomain } from '../../../http/memberDomain.ts';
import { noStore } from '../../../http/noStore.ts';
import { isExternalIdFree, readContactPaths, readProfile, saveProfile } from '../../../services/profile.ts';

/** The form fields that hold JSON text (§7 "profile JSON list …, contactPath JSON"). */
const JSON_FIELDS = ['profile', 'contactPath'] as const;

/**
 * §7 sends the save as a form: its lists are JSON text and its version digits. They are read before
 * the body's schema is checked, so a form and a JSON body are validated alike; text that is not JSON
 * is refused with 400 `request.invalidBody`, before anything is looked up.
 */
async function readSaveForm(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const field of JSON_FIELDS) {
    if (typeof body[field] !== 'string') continue;
    try {
      body[field] = JSON.parse(body[field]);
    } catch {
      return reply.code(400).send({ errorCode: 'request.invalidBody', message: `${field} is not JSON` });
    }
  }
  if (typeof body.profileVersion === 'string' && /^[0-9]{1,10}$/.test(body.profileVersion)) body.profileVersion = Number(body.profileVersion);
}

export default memberDomain('profile', async (app, { db, captcha, delivery }) => {
  app.get('/profile', {
    schema: { params: MemberParams, response: answers(ProfileAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readProfile(db, captcha, request.org, request.memberContactId)));

  app.get('/contactPaths', {
    schema: { params: MemberParams, response: answers(ContactPathsAnswer) },
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await readContactPaths(db, request.org, request.memberContactId)));

  app.post('/profile', {
    schema: { params: MemberParams, body: SaveProfileBody, response: answers(SaveProfileAnswer, SaveProfileRefusal) },
    onRequest: noStore,
    preValidation: readSaveForm,
  }, async (request, reply) =>
    answer(reply, await saveProfile({ db, delivery, log: request.log }, request.org, request.orgData.featureFlags, request.memberContactId, request.body)));

  app.get('/profile/checkexternalId/json', {
    schema: { params: MemberParams, querystring: CheckExternalIdQuery, response: answers(BooleanAnswer) },
    onRequest: noStore,
  }, async (request) => isExternalIdFree(db, request.org, request.memberContactId, request.query.externalId));
});
