/**
 * §7 `POST /{org}/changePassword/validatePassword` (form userName, password; truthy when the
 * password may be used) and `POST /{org}/changePassword` (form loginId, oldPassword, newPassword;
 * status '1', errorCode). The rules are services/passwordChange.ts; a changed password starts a new
 * session (issue 4 "rotated on login and on password change").
 */
import type { FastifyInstance } from 'fastify';
import { answer } from '../../../http/answer.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { changePassword, isPasswordUsable } from '../../../services/passwordChange.ts';

const text = { type: 'string', maxLength: 200 } as const;

export default async function passwordRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Params: { orgId: string }; Body: { userName?: string; password?: string } }>('/:orgId/changePassword/validatePassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { userName: text, password: text } } },
    config: { org: 'path' },
    preHandler: app.requireCsrf,
  }, async (request) => isPasswordUsable(request.org, request.body.userName ?? '', request.body.password ?? ''));

  app.post<{ Params: { orgId: string }; Body: { loginId?: string; oldPassword?: string; newPassword?: string } }>('/:orgId/changePassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { loginId: text, oldPassword: text, newPassword: text } } },
    config: { org: 'path' },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const orgId = request.org.orgId;
    const signedIn = await request.session.contactId(orgId);
    const result = await changePassword(db, request.org, signedIn, request.body);
    if (!result.ok) return answer(reply, result);
    if (result.outcome === 'timeout') return { status: 'timeout' };
    if (signedIn === null) return { status: '1' };
    const session = await request.session.signIn(reply, orgId, signedIn);
    return { status: '1', CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });
}
