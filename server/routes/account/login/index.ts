/**
 * §7 `POST /manage/login` (form orgId, username, password, keepSigned) and `GET /logout/{orgId}`.
 * Success signs the browser in on a new session (new cookie, new CSRF token) and answers
 * `{ status: '1', redirect, CSRF_TOKEN_FOR_SESSION }`; an expired password answers `status: '-1'`
 * with the reset-password page (nothing signed in). The rules are services/login.ts.
 */
import type { FastifyInstance } from 'fastify';
import { orgIdParams, orgIdSchema } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { answer } from '../../../http/answer.ts';
import { deleteSignIn } from '../../../repositories/sessions.ts';
import { login } from '../../../services/login.ts';

interface LoginBody {
  orgId: string;
  username?: string;
  password?: string;
  keepSigned?: string;
}

export default async function loginRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Body: LoginBody }>('/manage/login', {
    schema: {
      body: {
        type: 'object', required: ['orgId'],
        properties: {
          orgId: orgIdSchema, username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 },
          keepSigned: { type: 'string', maxLength: 10 },
        },
      },
    },
    // §7 login answers `status: 'failed'` on every refusal, the organisation's included.
    config: { org: 'body', selfService: true, orgRefusal: { status: 'failed' } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await login(db, request.org, request.body, request.ip);
    if (!result.ok) return answer(reply, result);
    const orgId = request.org.orgId;
    if (result.outcome === 'passwordExpired') return { status: '-1', redirect: `/${orgId}/reset-password` };
    const session = await request.session.signIn(reply, orgId, result.contactId);
    return { status: '1', redirect: `/${orgId}/home`, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  app.get<{ Params: { orgId: string } }>('/logout/:orgId', { schema: { params: orgIdParams } }, async (request, reply) => {
    const session = await request.session.current();
    if (session) await deleteSignIn(db, request.params.orgId, session.sessionHash);
    // A kept access key would sign the browser straight back in on the next page (§5 accessKey cookie).
    reply.clearCookie('accessKey', { path: `/${request.params.orgId}` });
    return reply.redirect(`/${encodeURIComponent(request.params.orgId)}/login`, 303);
  });
}
