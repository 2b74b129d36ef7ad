/**
 * §7 `POST /manage/login` (form orgId, username, password, keepSigned) and `GET /logout/{orgId}`.
 * Success signs the browser in on a new session (new cookie, new CSRF token) and answers
 * `{ status: '1', redirect, CSRF_TOKEN_FOR_SESSION }`; an expired password answers `status: '-1'`
 * with the reset-password page and the `expiredToken` the change must carry (nothing signed in).
 * The rules are services/login.ts.
 */
import { LoginAnswer, LoginBody, LoginRefusal, LogoutParams } from '../../../../schemas/api/accounts.ts';
import { answers, refusals } from '../../../../schemas/api/common.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { refused } from '../../../http/answer.ts';
import { deleteSignIn } from '../../../repositories/sessions.ts';
import { login } from '../../../services/login.ts';

export default async function loginRoutes(app: RouteApp, { db }: RouteDeps) {
  app.post('/manage/login', {
    schema: { body: LoginBody, response: answers(LoginAnswer, LoginRefusal) },
    // §7 login answers `status: 'failed'` on every refusal, the organisation's included.
    config: { org: 'body', selfService: true, orgRefusal: { status: 'failed' } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const result = await login(db, request.org, request.body, request.ip);
    if (!result.ok) return refused(reply, result);
    const orgId = request.org.orgId;
    if (result.outcome === 'passwordExpired') return { status: '-1', redirect: `/${orgId}/reset-password`, expiredToken: result.expiredToken };
    const session = await request.session.signIn(reply, orgId, result.contactId);
    return { status: '1', redirect: `/${orgId}/home`, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  // A redirect (303, no body) to the login page; only a refusal is JSON.
  app.get('/logout/:orgId', { schema: { params: LogoutParams, response: refusals() } }, async (request, reply) => {
    const session = await request.session.current();
    if (session) await deleteSignIn(db, request.params.orgId, session.sessionHash);
    // A kept access key would sign the browser straight back in on the next page (§5 accessKey cookie).
    reply.clearCookie('accessKey', { path: `/${request.params.orgId}` });
    return reply.redirect(`/${encodeURIComponent(request.params.orgId)}/login`, 303);
  });
}
