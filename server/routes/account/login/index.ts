/**
 * §7 `POST /manage/login` (form orgId, username, password, keepSigned), `GET /logout/{orgId}` and the
 * app's `POST /logout/{orgId}`.
 * Success signs the browser in on a new session (new cookie, new CSRF token) and answers
 * `{ status: '1', redirect, CSRF_TOKEN_FOR_SESSION }`; an expired password answers `status: '-1'`
 * with the reset-password page and the `expiredToken` the change must carry (nothing signed in).
 * A member who has a second factor, or must have one, answers `status: '2'` with the second-step page
 * (issue 15): nothing is signed in, and the pending sign-in is named by the HttpOnly SSPPENDING
 * cookie (services/secondStep.ts, routes/account/secondStep).
 * The rules are services/login.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginAnswer, LoginBody, LoginRefusal, LogoutAnswer, LogoutParams } from '../../../../schemas/api/accounts.ts';
import { answers, refusals } from '../../../../schemas/api/common.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { refused } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { deleteSignIn } from '../../../repositories/sessions.ts';
import { login, loginOutcomeOf } from '../../../services/login.ts';
import { PENDING_COOKIE, pendingCookiePath } from '../../../services/secondStep.ts';
import { providerLogoutUrl } from '../../../services/sso/logout.ts';

export default async function loginRoutes(app: RouteApp, { db, metrics, orgCache, publicUrl }: RouteDeps) {
  /**
   * Ends the browser's sign-in in `orgId` (its sign-ins elsewhere stay) and forgets its kept access key.
   * Answers where the browser goes next: the identity provider's logout for a single sign-on's sign-in
   * (issue 15, single logout), else the login page.
   */
  async function endSignIn(request: FastifyRequest, reply: FastifyReply, orgId: string): Promise<string> {
    const session = await request.session.current();
    let next = loginPage(orgId);
    if (session) {
      const org = (await orgCache.get(orgId))?.organization;
      const providerLogout = org ? await providerLogoutUrl(db, portalUrl(request, publicUrl), org, session.sessionHash) : null;
      await deleteSignIn(db, orgId, session.sessionHash);
      if (providerLogout) next = providerLogout;
    }
    // A kept access key would sign the browser straight back in on the next page (§5 accessKey cookie).
    reply.clearCookie('accessKey', { path: `/${orgId}` });
    return next;
  }

  app.post('/manage/login', {
    schema: { body: LoginBody, response: answers(LoginAnswer, LoginRefusal) },
    // §7 login answers `status: 'failed'` on every refusal, the organisation's included.
    config: { org: 'body', selfService: true, orgRefusal: { status: 'failed' }, hashes: true },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const orgId = request.org.orgId;
    const result = await login(db, request.org, request.body, request.ip, (contactId) => request.session.newSignIn(orgId, contactId));
    metrics.loginOutcome(loginOutcomeOf(result));
    if (!result.ok) return refused(reply, result);
    if (result.outcome === 'passwordExpired') return { status: '-1', redirect: `/${orgId}/reset-password`, expiredToken: result.expiredToken };
    if (result.outcome === 'secondStep') {
      reply.setCookie(PENDING_COOKIE, result.pendingToken, {
        path: pendingCookiePath(orgId), httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', expires: result.expiresAt,
      });
      return { status: '2', redirect: `/${orgId}/login/verify` };
    }
    const session = request.session.adoptSignIn(reply, result.signIn, result.createdAt);
    return { status: '1', redirect: `/${orgId}/home`, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  // The app's logout (issue 9 row 11): a POST carrying the session's CSRF token, so no other site can
  // sign a member out; answers where to go next.
  app.post('/logout/:orgId', {
    schema: { params: LogoutParams, response: answers(LogoutAnswer) },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    return { status: 'ok', redirect: await endSignIn(request, reply, request.params.orgId) };
  });

  // §2's address, for links and bookmarks: a redirect (303, no body) to the login page; only a refusal
  // is JSON. A request another site started (Sec-Fetch-Site cross-site or same-site) signs nobody out:
  // it goes to the login page, which sends a signed-in member home. Typed-in addresses and bookmarks
  // (none), the portal's own pages (same-origin) and clients that send no Sec-Fetch-Site log out.
  app.get('/logout/:orgId', { schema: { params: LogoutParams, response: refusals() } }, async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    const next = site === undefined || site === 'same-origin' || site === 'none' ? await endSignIn(request, reply, request.params.orgId) : loginPage(request.params.orgId);
    return reply.redirect(next, 303);
  });
}

const loginPage = (orgId: string) => `/${encodeURIComponent(orgId)}/login`;
