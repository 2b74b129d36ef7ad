/**
 * §7 registration calls:
 * - `GET /{orgId}/signup/checkUsername?username`: `true` when the username is free in this
 *   organisation (§5: checked by the server only when at least 4 chars and valid; a username that
 *   breaks the §5 pattern or length is refused with 400 rather than looked up).
 * - `GET /rest/registration/settings?orgId`: what the sign-up page needs to know of the organisation.
 * - `POST /rest/registration/signUp?orgId[&contactId&strOrgId&strContactId&time&key]` (CSRF): body
 *   `{ userDetail: SignUpPayload }` as eb-base64 JSON, JSON, or the form field `userDetail` holding JSON
 *   text (services/signUp.ts); success signs the browser in on a new session.
 * - `GET /rest/registration/userInfo?orgId&contactId&strOrgId&strContactId&time&key`: what the
 *   organisation already knows of an invited contact, to fill the sign-up form.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers, BooleanAnswer } from '../../../../schemas/api/common.ts';
import {
  CheckUsernameParams, CheckUsernameQuery, PrivateUserInfo, RegistrationSettings, RegistrationSettingsQuery, SignUpAnswer, SignUpBody,
  SignUpQuery, UserInfoQuery,
} from '../../../../schemas/api/registration.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { invitedUserInfo, isUsernameFree, registrationSettings, USER_INFO_FAILED } from '../../../services/registration.ts';
import { sendWelcome } from '../../../services/accountMails.ts';
import { sendCodesToNewAccount } from '../../../services/pathConfirmation.ts';
import { signUp } from '../../../services/signUp.ts';

/**
 * §7 "form userDetail (encoded JSON)": the form field holds JSON text, which is parsed before the
 * body's schema is checked, so every way of sending the payload is validated alike.
 */
async function parseUserDetail(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as { userDetail?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.userDetail === 'string') {
    try {
      body.userDetail = JSON.parse(body.userDetail);
    } catch {
      return reply.code(400).send({ errorCode: 'request.invalidBody', message: 'userDetail is not JSON' });
    }
  }
}

export default async function registrationRoutes(app: RouteApp, { db, orgCache, mailer, delivery, publicUrl }: RouteDeps) {
  app.get('/:orgId/signup/checkUsername', {
    schema: { params: CheckUsernameParams, querystring: CheckUsernameQuery, response: answers(BooleanAnswer) },
    config: { org: 'path' },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return isUsernameFree(db, request.org, request.query.username);
  });

  app.get('/rest/registration/settings', {
    schema: { querystring: RegistrationSettingsQuery, response: answers(RegistrationSettings) },
    config: { org: 'query' },
    onRequest: noStore,
  }, async (request) => registrationSettings(request.org));

  app.post('/rest/registration/signUp', {
    schema: { querystring: SignUpQuery, body: SignUpBody, response: answers(SignUpAnswer) },
    config: { org: 'query', selfService: true, hashes: true },
    onRequest: noStore,
    preValidation: parseUserDetail,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const { orgId: _orgId, ...invitation } = request.query;
    const result = await signUp({ db, orgCache }, {
      variant: 'standard', org: request.org, featureFlags: request.orgData.featureFlags, invitation, payload: request.body.userDetail,
      sessionLanguage: (await request.session.current())?.language ?? null,
    });
    if (!result.ok) return refused(reply, result);
    const session = await request.session.signIn(reply, result.orgId, result.contactId);
    await sendWelcome({ db, mailer, log: request.log }, request.org, result.contactId, portalUrl(request, publicUrl));
    // Confirmed contact paths (issue 12): the new account's e-mail, SMS and voice paths get their codes.
    await sendCodesToNewAccount({ db, delivery, log: request.log }, request.org, result.contactId);
    return { contactId: result.contactId, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  app.get('/rest/registration/userInfo', {
    schema: { querystring: UserInfoQuery, response: answers(PrivateUserInfo) },
    // §7: every refusal says 'Failed to get specified user information', bad parameters and the organisation's included.
    attachValidation: true,
    config: { org: 'query', selfService: true, orgRefusal: { message: USER_INFO_FAILED } },
    onRequest: noStore,
  }, async (request, reply) => {
    if (request.validationError) return reply.code(400).send({ errorCode: 'request.invalid', message: USER_INFO_FAILED });
    return answer(reply, await invitedUserInfo(db, request.org, request.query));
  });
}
