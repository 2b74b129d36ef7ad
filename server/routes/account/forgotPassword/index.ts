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
 * - `POST /{orgId}/forgotPassword` (token, password, confirmPassword) → `{ status: '1' }`, and the
 *   member is mailed that their password changed (services/accountMails.ts);
 * - `GET /{orgId}/forgotPassword/resetLink?token` → `{ username }` while the link can be used.
 *
 * Every call is self-service (§2): refused while the organisation's enableSSP is false.
 */
import { answers, BooleanAnswer } from '../../../../schemas/api/common.ts';
import {
  ForgotPasswordAnswer, ForgotPasswordBody, ForgotPasswordParams, GetQuestionBody, ResetLinkAnswer, ResetLinkQuery, ResetPasswordBody,
  SecurityQuestionAnswer, ValidateQuestionAnswerBody, ValidateResetEmailQuery,
} from '../../../../schemas/api/forgotPassword.ts';
import { answer } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import {
  checkForgotForm, emailMatchesLogin, resetLinkAccount, resetPassword, securityAnswerMatchesLogin, securityQuestion, sendResetLink,
} from '../../../services/forgotPassword.ts';
import { notifyPasswordChanged } from '../../../services/accountMails.ts';

const config = { org: 'path', selfService: true } as const;
/** The calls that verify a security answer or hash a new password: admission first (plugins/hashAdmission.ts). */
const hashing = { ...config, hashes: true } as const;

export default async function forgotPasswordRoutes(app: RouteApp, { db, mailer, publicUrl }: RouteDeps) {
  app.post('/:orgId/forgotPassword/getQuestion', {
    schema: { params: ForgotPasswordParams, body: GetQuestionBody, response: answers(SecurityQuestionAnswer) },
    config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await securityQuestion(db, request.org, request.body)));

  app.post('/:orgId/forgotPassword/validateForgetPassword', {
    schema: { params: ForgotPasswordParams, body: ForgotPasswordBody, response: answers(BooleanAnswer) },
    config, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, checkForgotForm(request.org, request.body), () => true));

  app.post('/:orgId/forgotPassword/sendEmail', {
    schema: { params: ForgotPasswordParams, body: ForgotPasswordBody, response: answers(ForgotPasswordAnswer) },
    config: hashing, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(
    reply, await sendResetLink({ db, mailer, log: request.log }, request.org, request.body, portalUrl(request, publicUrl)), () => ({ status: '1' }),
  ));

  app.get('/:orgId/forgotPassword/validateEmail', {
    schema: { params: ForgotPasswordParams, querystring: ValidateResetEmailQuery, response: answers(BooleanAnswer) },
    config,
  }, async (request, reply) => answer(
    reply, await emailMatchesLogin(db, request.org, request.query.loginId, request.query.email, request.ip), (result) => result.matches,
  ));

  app.post('/:orgId/forgotPassword/validateQuestionAnswer', {
    schema: { params: ForgotPasswordParams, body: ValidateQuestionAnswerBody, response: answers(BooleanAnswer) },
    config: hashing, preHandler: app.requireCsrf,
  }, async (request, reply) => answer(
    reply, await securityAnswerMatchesLogin(db, request.org, request.body.loginId, request.body.securityAnswer, request.ip), (result) => result.matches,
  ));

  app.post('/:orgId/forgotPassword', {
    schema: { params: ForgotPasswordParams, body: ResetPasswordBody, response: answers(ForgotPasswordAnswer) },
    config: hashing, preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await resetPassword(db, request.org, request.body);
    if (result.ok) await notifyPasswordChanged({ db, mailer, log: request.log }, request.org, result.contactId, portalUrl(request, publicUrl));
    return answer(reply, result, () => ({ status: '1' }));
  });

  app.get('/:orgId/forgotPassword/resetLink', {
    schema: { params: ForgotPasswordParams, querystring: ResetLinkQuery, response: answers(ResetLinkAnswer) },
    config,
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await resetLinkAccount(db, request.org, request.query.token)));
}
