/**
 * §7 forgot password (§4 forgot flows; the rules are services/forgotPassword.ts):
 *
 * - `POST /{orgId}/forgotPassword/getQuestion` (loginId) → `{ question }`;
 * - `POST /{orgId}/forgotPassword/validateForgetPassword` (email, loginId, securityAnswer?) → `true`
 *   when the form is well-formed;
 * - `POST /{orgId}/forgotPassword/sendEmail` (email, loginId, securityAnswer) → always `{ status: '1' }`
 *   for a well-formed form;
 * - `GET /{orgId}/forgotPassword/validateEmail?loginId&email`, `POST …/validateQuestionAnswer`
 *   (loginId, securityAnswer) → boolean, throttled per login and per address (429);
 * - `POST /{orgId}/forgotPassword` (token, password, confirmPassword) → `{ status: '1' }`.
 *
 * Every call is self-service (§2): refused while the organisation's enableSSP is false.
 */
import type { FastifyInstance } from 'fastify';
import { answer } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import {
  checkForgotForm, emailMatchesLogin, resetPassword, securityAnswerMatchesLogin, securityQuestion, sendResetLink, type ForgotForm,
} from '../../../services/forgotPassword.ts';

const text = { type: 'string', maxLength: 200 } as const;
const config = { org: 'path', selfService: true } as const;

export default async function forgotPasswordRoutes(app: FastifyInstance, { db, mailer, publicUrl }: RouteDeps) {
  app.post<{ Params: { orgId: string }; Body: { loginId?: string } }>('/:orgId/forgotPassword/getQuestion', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { loginId: text } } },
    config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await securityQuestion(db, request.org, request.body)));

  const forgotFormSchema = {
    params: orgIdParams,
    body: { type: 'object', properties: { loginId: text, email: text, securityAnswer: text, version: { type: 'string', maxLength: 20 } } },
  };

  app.post<{ Params: { orgId: string }; Body: ForgotForm }>('/:orgId/forgotPassword/validateForgetPassword', {
    schema: forgotFormSchema, config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, checkForgotForm(request.org, request.body), () => true));

  app.post<{ Params: { orgId: string }; Body: ForgotForm }>('/:orgId/forgotPassword/sendEmail', {
    schema: forgotFormSchema, config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(
    reply, await sendResetLink({ db, mailer, log: request.log }, request.org, request.body, portalUrl(request, publicUrl)), () => ({ status: '1' }),
  ));

  app.get<{ Params: { orgId: string }; Querystring: { loginId: string; email: string } }>('/:orgId/forgotPassword/validateEmail', {
    schema: {
      params: orgIdParams,
      querystring: {
        type: 'object', required: ['loginId', 'email'],
        properties: { loginId: { ...text, minLength: 1 }, email: { ...text, minLength: 1 } },
      },
    },
    config,
  }, async (request, reply) => answer(
    reply, await emailMatchesLogin(db, request.org, request.query.loginId, request.query.email, request.ip), (result) => result.matches,
  ));

  app.post<{ Params: { orgId: string }; Body: { loginId: string; securityAnswer: string } }>('/:orgId/forgotPassword/validateQuestionAnswer', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['loginId', 'securityAnswer'],
        properties: { loginId: { ...text, minLength: 1 }, securityAnswer: { ...text, minLength: 1 } },
      },
    },
    config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(
    reply, await securityAnswerMatchesLogin(db, request.org, request.body.loginId, request.body.securityAnswer, request.ip), (result) => result.matches,
  ));

  app.post<{ Params: { orgId: string }; Body: { token?: string; password?: string; confirmPassword?: string } }>('/:orgId/forgotPassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { token: text, password: text, confirmPassword: text } } },
    config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await resetPassword(db, request.org, request.body), () => ({ status: '1' })));
}
