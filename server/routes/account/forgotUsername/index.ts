/**
 * §7 forgot username: `GET /{orgId}/forgotUsername/validateEmail?email` (boolean: is the address
 * known) and `POST /{orgId}/forgotUsername/sendEmail` (form email; status 1, 2 or 3). The form is
 * the forgot-username builder's; an unknown address answers 'ssp.forgotUsername.email.invalid'
 * (§5 "known"), a mail that cannot be written 'ssp.forgotUsername.send.error'. The rules and the
 * throttle are services/forgotUsername.ts.
 */
import type { FastifyInstance } from 'fastify';
import { answer } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { isEmailKnown, sendUsernames } from '../../../services/forgotUsername.ts';

export default async function forgotUsernameRoutes(app: FastifyInstance, { db, mailer, publicUrl }: RouteDeps) {
  app.get<{ Params: { orgId: string }; Querystring: { email: string } }>('/:orgId/forgotUsername/validateEmail', {
    schema: {
      params: orgIdParams,
      querystring: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 80 } } },
    },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await isEmailKnown(db, request.org, request.query.email, request.ip), (result) => result.known));

  app.post<{ Params: { orgId: string }; Body: { email?: string } }>('/:orgId/forgotUsername/sendEmail', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { email: { type: 'string', maxLength: 200 } } } },
    config: { org: 'path', selfService: true },
    preHandler: app.requireCsrf,
  }, async (request, reply) => answer(reply, await sendUsernames(
    { db, mailer, log: request.log }, request.org, request.body, request.ip, portalUrl(request, publicUrl),
  )));
}
