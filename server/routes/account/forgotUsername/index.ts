/**
 * §7 forgot username: `GET /{orgId}/forgotUsername/validateEmail?email` (boolean: is the address
 * known) and `POST /{orgId}/forgotUsername/sendEmail` (form email; status 1, 2 or 3). The form is
 * the forgot-username builder's; an unknown address answers 'ssp.forgotUsername.email.invalid'
 * (§5 "known"), a mail that cannot be written 'ssp.forgotUsername.send.error'. The rules and the
 * throttle are services/forgotUsername.ts.
 */
import { answers, BooleanAnswer } from '../../../../schemas/api/common.ts';
import { ForgotUsernameParams, SendUsernameAnswer, SendUsernameBody, ValidateEmailQuery } from '../../../../schemas/api/forgotUsername.ts';
import { answer } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { isEmailKnown, sendUsernames } from '../../../services/forgotUsername.ts';

export default async function forgotUsernameRoutes(app: RouteApp, { db, mailer, publicUrl }: RouteDeps) {
  app.get('/:orgId/forgotUsername/validateEmail', {
    schema: { params: ForgotUsernameParams, querystring: ValidateEmailQuery, response: answers(BooleanAnswer) },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await isEmailKnown(db, request.org, request.query.email, request.ip), (result) => result.known));

  app.post('/:orgId/forgotUsername/sendEmail', {
    schema: { params: ForgotUsernameParams, body: SendUsernameBody, response: answers(SendUsernameAnswer) },
    config: { org: 'path', selfService: true },
    preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await sendUsernames(
    { db, mailer, log: request.log }, request.org, request.body, request.ip, portalUrl(request, publicUrl),
  )));
}
