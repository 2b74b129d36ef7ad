/**
 * Single sign-on (§1, §2 login/sso, §7 `POST /index/sso/info`, §8 SSO; issue 15). The rules are
 * services/sso/. Every way out of a sign-in is a redirect: to where §2 lands a member, or to the login
 * page with `?ssoError={errorCode}&idp=` (the page retries `invalid_assertion` once with forceAuthn,
 * §8, and shows the others in an alert). A provider's refusal never reaches the browser in detail.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers, media, OrgIdParams, OrgIdQuery, refusals } from '../../../../schemas/api/common.ts';
import {
  OidcCallbackQuery, SamlLogoutQuery, SamlMetadata, SamlResponseBody, SsoFinishQuery, SsoInfoAnswer, SsoProviderParams, SsoStartQuery,
} from '../../../../schemas/api/sso.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { storeSsoSignIn } from '../../../repositories/sso.ts';
import { acceptProviderLogout } from '../../../services/sso/logout.ts';
import { SsoFailure } from '../../../services/sso/failures.ts';
import { providerAddresses } from '../../../services/sso/providers.ts';
import { acceptSamlResponse, finishOidc, finishSaml, landingOf, samlMetadataOf, SSO_REQUEST_TTL_MS, startSso, type SsoSignedIn } from '../../../services/sso/signIn.ts';

/** The cookie binding a sign-in under way to the browser that started it (its SHA-256 is on the request). */
const BROWSER_COOKIE = 'SSPSSO';

export default async function ssoRoutes(app: RouteApp, { db, publicUrl }: RouteDeps) {
  const baseOf = (request: FastifyRequest) => portalUrl(request, publicUrl);
  const loginPage = (orgId: string) => `/${encodeURIComponent(orgId)}/login`;
  const cookiePath = (orgId: string, providerId: string) => `/sso/${encodeURIComponent(orgId)}/${providerId}/`;

  /** A sign-in that did not happen: logged with its detail, the login page told its errorCode. */
  function failed(request: FastifyRequest, reply: FastifyReply, orgId: string, providerId: string, error: unknown) {
    if (!(error instanceof SsoFailure)) throw error;
    request.log.warn({ sso: { orgId, providerId, errorCode: error.code, detail: error.message } }, 'single sign-on refused');
    const query = new URLSearchParams({ ssoError: error.code, idp: providerId });
    return reply.redirect(`${loginPage(orgId)}?${query}`, 303);
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, orgId: string, providerId: string, signedIn: SsoSignedIn) {
    reply.clearCookie(BROWSER_COOKIE, { path: cookiePath(orgId, providerId) });
    // §4: a new session (new cookie, new CSRF token) for every sign-in.
    const session = await request.session.signIn(reply, orgId, signedIn.contactId);
    await storeSsoSignIn(db, { orgId, sessionHash: session.sessionHash, providerId, ...signedIn.providerSession });
    return reply.redirect(landingOf(orgId, signedIn), 303);
  }

  // §7: what the login/sso page needs to send the browser to a provider.
  app.post('/index/sso/info', {
    schema: { querystring: OrgIdQuery, response: answers(SsoInfoAnswer) },
    config: { org: 'query', selfService: true },
  }, async (request) => {
    const { orgId, settings } = request.org;
    const providers = settings.enabledSSO ? settings.ssoProviders : [];
    return {
      idpDiscoReturnURL: `${baseOf(request)}/sso/${encodeURIComponent(orgId)}/start`,
      idpDiscoReturnParam: 'idp',
      idp: providers.length === 1 ? providers[0]!.id : '',
      enabledSSO: settings.enabledSSO,
      providers: providers.map(({ id, name, protocol }) => ({ id, name, protocol })),
    };
  });

  // The discovery return address: `?idp=` starts a sign-in at that provider.
  app.get('/sso/:orgId/start', {
    schema: { params: OrgIdParams, querystring: SsoStartQuery, response: refusals() },
    config: { org: 'path', selfService: true },
  }, async (request, reply) => {
    const { orgId } = request.org;
    const providerId = request.query.idp ?? '';
    const base = baseOf(request);
    // The provider sends the browser back to `base`: the sign-in must start there, where the cookie is set.
    const here = `${request.protocol}://${request.host}`;
    if (here !== new URL(base).origin) return reply.redirect(`${base}${request.url}`, 302);
    const forceAuthn = request.query.forceAuthn === 'true';
    try {
      const { location, browserToken } = await startSso(db, base, request.org, providerId, forceAuthn);
      reply.setCookie(BROWSER_COOKIE, browserToken, {
        path: cookiePath(orgId, providerId), httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: SSO_REQUEST_TTL_MS / 1000,
      });
      return reply.redirect(location, 302);
    } catch (error) {
      return failed(request, reply, orgId, providerId, error);
    }
  });

  app.get('/sso/:orgId/:providerId/saml/metadata', {
    schema: { params: SsoProviderParams, response: { 200: media('application/samlmetadata+xml', SamlMetadata), ...refusals() } },
    config: { org: 'path' },
  }, async (request, reply) => {
    const xml = await samlMetadataOf(db, baseOf(request), request.org, request.params.providerId);
    if (xml === null) return reply.code(404).send({ errorCode: 'sso.provider' });
    return reply.type('application/samlmetadata+xml').send(Buffer.from(xml));
  });

  // The assertion consumer service (HTTP-POST binding), posted from the provider's page: no CSRF token
  // and no portal cookie can come with it; the Response's signature and InResponseTo stand for it.
  app.post('/sso/:orgId/:providerId/saml/acs', {
    schema: { params: SsoProviderParams, body: SamlResponseBody, response: refusals() },
    config: { org: 'path', selfService: true },
  }, async (request, reply) => {
    const { orgId } = request.org;
    const { providerId } = request.params;
    try {
      const requestId = await acceptSamlResponse(db, baseOf(request), request.org, providerId, request.body.SAMLResponse);
      return reply.redirect(`${providerAddresses('', orgId, providerId).samlFinish}?${new URLSearchParams({ request: requestId })}`, 303);
    } catch (error) {
      return failed(request, reply, orgId, providerId, error);
    }
  });

  app.get('/sso/:orgId/:providerId/saml/finish', {
    schema: { params: SsoProviderParams, querystring: SsoFinishQuery, response: refusals() },
    config: { org: 'path', selfService: true },
  }, async (request, reply) => {
    const { orgId } = request.org;
    const { providerId } = request.params;
    try {
      const signedIn = await finishSaml(db, request.org, providerId, request.query.request, request.cookies[BROWSER_COOKIE]);
      return await signIn(request, reply, orgId, providerId, signedIn);
    } catch (error) {
      return failed(request, reply, orgId, providerId, error);
    }
  });

  // Single logout on the redirect binding: the provider's LogoutResponse after the portal's own logout
  // (its session ended before), or the provider's LogoutRequest (its logout, started elsewhere): checked,
  // this browser's sign-in through it ended, the provider answered.
  app.get('/sso/:orgId/:providerId/saml/slo', {
    schema: { params: SsoProviderParams, querystring: SamlLogoutQuery, response: refusals() },
    config: { org: { from: 'path', disabled: 'allow' } },
  }, async (request, reply) => {
    const { orgId } = request.org;
    const { providerId } = request.params;
    if (!request.query.SAMLRequest) return reply.redirect(loginPage(orgId), 303);
    const query = Object.fromEntries(Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const session = await request.session.current();
    try {
      return reply.redirect(await acceptProviderLogout(db, baseOf(request), request.org, providerId, query, rawQuery, session?.sessionHash ?? null), 302);
    } catch (error) {
      return failed(request, reply, orgId, providerId, error);
    }
  });

  app.get('/sso/:orgId/:providerId/oidc/callback', {
    schema: { params: SsoProviderParams, querystring: OidcCallbackQuery, response: refusals() },
    config: { org: 'path', selfService: true },
  }, async (request, reply) => {
    const { orgId } = request.org;
    const { providerId } = request.params;
    const query = new URL(request.url, 'http://portal').searchParams;
    try {
      const signedIn = await finishOidc(db, baseOf(request), request.org, providerId, query, request.cookies[BROWSER_COOKIE]);
      return await signIn(request, reply, orgId, providerId, signedIn);
    } catch (error) {
      return failed(request, reply, orgId, providerId, error);
    }
  });
}
