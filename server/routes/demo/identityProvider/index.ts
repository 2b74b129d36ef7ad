/**
 * The demo identity providers (issue 15; README "Single sign-on"), served under `/demo-idp/` by a
 * server in demo mode, so that campus's "Sign in with Campus SSO" works on a machine with no network:
 *
 * - SAML 2.0 (`/demo-idp/saml`, samlify): `GET …/sso` reads the portal's AuthnRequest and shows the
 *   sign-in form (or answers at once for a browser signed in there, unless ForceAuthn), `POST …/sso`
 *   checks the person and posts the signed Response to the portal; `GET …/slo` signs out;
 *   `GET …/metadata` is its metadata.
 * - OpenID Connect (`/demo-idp/oidc`, oidc-provider): its endpoints as the library serves them, and
 *   its sign-in form at `…/interaction/{uid}`.
 *
 * These are a provider's pages, not the portal's: each sends its own Content-Security-Policy.
 */
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { media, refusals } from '../../../../schemas/api/common.ts';
import {
  DemoIdpPage, DemoInteractionBody, DemoInteractionParams, DemoSamlRequestQuery, DemoSamlSignInBody,
} from '../../../../schemas/api/demo.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { errorPage, postResponsePage, signInPage, type DemoPage } from '../../../services/demoIdp/pages.ts';
import { DEMO_IDP_PATH, demoEntityId, demoIssuer, demoOidcClient, serviceProviderMetadata } from '../../../services/demoIdp/relyingParties.ts';
import type { DemoSamlIdp, serviceProviderOf } from '../../../services/demoIdp/samlIdp.ts';
import { DEMO_IDP_COOKIE, endIdpSession, idpSessionSubject, startIdpSession } from '../../../services/demoIdp/sessions.ts';
import { demoIdpUser, demoIdpUserBySubject, type DemoIdpUser } from '../../../services/demoIdp/users.ts';

const HTML = { 200: media('text/html', DemoIdpPage), ...refusals() };

/** oidc-provider's endpoints the demo uses (the library's default paths): discovery, keys, authorization and its resumption, token, userinfo, end session. */
const OIDC_ENDPOINTS: readonly ['GET' | 'POST', string][] = [
  ['GET', '/.well-known/openid-configuration'], ['GET', '/jwks'], ['GET', '/auth'], ['POST', '/auth'], ['GET', '/auth/:uid'],
  ['POST', '/token'], ['GET', '/me'], ['POST', '/me'], ['GET', '/session/end'], ['POST', '/session/end'], ['POST', '/session/end/confirm'],
  ['GET', '/session/end/success'],
];

function sendPage(reply: FastifyReply, page: DemoPage, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', page.policy).header('cache-control', 'no-store').send(page.html);
}

// The providers' libraries (samlify with its xmllint, oidc-provider) load with the first request
// that needs them, not at the server's start (server/lazyModules.ts).
const samlIdp = () => import('../../../services/demoIdp/samlIdp.ts');
const oidcProvider = () => import('../../../services/demoIdp/oidcProvider.ts');

export default async function demoIdentityProviderRoutes(app: RouteApp, { db, orgCache, publicUrl }: RouteDeps) {
  const baseOf = (request: FastifyRequest) => portalUrl(request, publicUrl);
  const cookieOptions = (request: FastifyRequest) => ({ path: `${DEMO_IDP_PATH}/`, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' });

  /**
   * The request's service provider and AuthnRequest (`rawQuery`: the redirect binding's query as it
   * arrived, which a signature covers), or the page saying why not.
   */
  async function samlRequestOf(request: FastifyRequest, rawQuery: string) {
    const base = baseOf(request);
    const message = new URLSearchParams(rawQuery).get('SAMLRequest') ?? '';
    const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(inflatedRequest(message))?.[1]?.trim() ?? '';
    const metadata = await serviceProviderMetadata(db, orgCache, base, issuer);
    if (!metadata) return { error: errorPage('This service provider is not known to the demo identity provider.') };
    const { demoSamlIdp, readAuthnRequest, serviceProviderOf } = await samlIdp();
    const sp = serviceProviderOf(metadata);
    const idp = demoSamlIdp(demoEntityId(base), undefined, sp.entityMeta.isAuthnRequestSigned());
    try {
      return { idp, sp, authn: await readAuthnRequest(idp, sp, rawQuery) };
    } catch {
      return { error: errorPage('The sign-in request is not valid.') };
    }
  }

  async function answerSaml(reply: FastifyReply, idp: DemoSamlIdp, sp: ReturnType<typeof serviceProviderOf>, requestId: string, user: DemoIdpUser, relayState: string | undefined) {
    const { samlResponse, acs } = await (await samlIdp()).samlResponseFor(idp, sp, requestId, user);
    return sendPage(reply, postResponsePage({ acs, samlResponse, relayState }));
  }

  const rawQueryOf = (request: FastifyRequest) => (request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
  const relayStateOf = (rawQuery: string) => new URLSearchParams(rawQuery).get('RelayState') ?? undefined;

  app.get(`${DEMO_IDP_PATH}/saml/sso`, { schema: { querystring: DemoSamlRequestQuery, response: HTML } }, async (request, reply) => {
    const rawQuery = rawQueryOf(request);
    const found = await samlRequestOf(request, rawQuery);
    if ('error' in found) return sendPage(reply, found.error!, 400);
    const signedIn = idpSessionSubject(request.cookies[DEMO_IDP_COOKIE]);
    const user = signedIn ? demoIdpUserBySubject(signedIn) : null;
    if (user && !found.authn.forceAuthn) return answerSaml(reply, found.idp, found.sp, found.authn.id, user, relayStateOf(rawQuery));
    // The request rides along the form as it arrived, so its signature can be checked again.
    return sendPage(reply, signInPage({ provider: 'Campus SSO', action: `${DEMO_IDP_PATH}/saml/sso`, hidden: { request: rawQuery }, error: false }));
  });

  app.post(`${DEMO_IDP_PATH}/saml/sso`, { schema: { body: DemoSamlSignInBody, response: HTML } }, async (request, reply) => {
    const { username, password, request: rawQuery } = request.body;
    const found = await samlRequestOf(request, rawQuery);
    if ('error' in found) return sendPage(reply, found.error!, 400);
    const user = demoIdpUser(username, password);
    if (!user) return sendPage(reply, signInPage({ provider: 'Campus SSO', action: `${DEMO_IDP_PATH}/saml/sso`, hidden: { request: rawQuery }, error: true, username }), 401);
    reply.setCookie(DEMO_IDP_COOKIE, startIdpSession(user.subject), cookieOptions(request));
    return answerSaml(reply, found.idp, found.sp, found.authn.id, user, relayStateOf(rawQuery));
  });

  // Single logout: the provider's sign-in ends, the browser goes back to the portal's login page.
  app.get(`${DEMO_IDP_PATH}/saml/slo`, { schema: { querystring: DemoSamlRequestQuery, response: refusals() } }, async (request, reply) => {
    endIdpSession(request.cookies[DEMO_IDP_COOKIE]);
    reply.clearCookie(DEMO_IDP_COOKIE, cookieOptions(request));
    const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(inflatedRequest(request.query.SAMLRequest ?? ''))?.[1]?.trim() ?? '';
    const orgId = /\/sso\/([^/]+)\//.exec(issuer.startsWith(baseOf(request)) ? issuer : '')?.[1];
    return reply.redirect(orgId ? `/${orgId}/login` : '/', 303);
  });

  app.get(`${DEMO_IDP_PATH}/saml/metadata`, { schema: { response: { 200: media('application/samlmetadata+xml', DemoIdpPage), ...refusals() } } }, async (request, reply) => {
    const { demoSamlIdp } = await samlIdp();
    return reply.type('application/samlmetadata+xml').send(Buffer.from(demoSamlIdp(demoEntityId(baseOf(request))).getMetadata()));
  });

  // OpenID Connect: the provider for this address, made on first use (its issuer is the address).
  const providers = new Map<string, Promise<Provider>>();
  const providerFor = (request: FastifyRequest) => {
    const base = baseOf(request);
    let provider = providers.get(base);
    if (!provider) {
      // The promise is kept at once, so that requests arriving together share one provider.
      provider = oidcProvider().then(({ demoOidcProvider }) => demoOidcProvider(demoIssuer(base), (clientId) => demoOidcClient(db, base, clientId)));
      providers.set(base, provider);
    }
    return provider;
  };

  app.get(`${DEMO_IDP_PATH}/oidc/interaction/:uid`, { schema: { params: DemoInteractionParams, response: HTML } }, async (request, reply) => {
    const provider = await providerFor(request);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) throw new Error('another interaction');
    } catch {
      return sendPage(reply, errorPage('This sign-in has expired. Go back to the portal and start again.'), 400);
    }
    return sendPage(reply, signInPage({ provider: 'State University ID', action: `${DEMO_IDP_PATH}/oidc/interaction/${request.params.uid}`, hidden: {}, error: false }));
  });

  app.post(`${DEMO_IDP_PATH}/oidc/interaction/:uid`, { schema: { params: DemoInteractionParams, body: DemoInteractionBody, response: HTML } }, async (request, reply) => {
    const provider = await providerFor(request);
    const user = demoIdpUser(request.body.username, request.body.password);
    if (!user) {
      return sendPage(reply, signInPage({
        provider: 'State University ID', action: `${DEMO_IDP_PATH}/oidc/interaction/${request.params.uid}`, hidden: {}, error: true, username: request.body.username,
      }), 401);
    }
    try {
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.subject } }, { mergeWithLastSubmission: false });
      return reply.redirect(redirectTo, 303);
    } catch {
      return sendPage(reply, errorPage('This sign-in has expired. Go back to the portal and start again.'), 400);
    }
  });

  // The library's endpoints (oidc-provider's default routes), on the raw request: its body unread
  // (the parser below takes nothing), its answers its own.
  await app.register(async (library: FastifyInstance) => {
    library.removeAllContentTypeParsers();
    library.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const [method, path] of OIDC_ENDPOINTS) {
      library.route({
        method, url: `${DEMO_IDP_PATH}/oidc${path}`, schema: { response: refusals() },
        handler: async (request, reply) => {
          const provider = await providerFor(request);
          reply.hijack();
          const raw = request.raw as typeof request.raw & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = raw.url!.slice(`${DEMO_IDP_PATH}/oidc`.length) || '/';
          provider.callback()(raw, reply.raw);
        },
      });
    }
  });
}

/** The XML of a redirect-binding message (base64 of deflated XML), or '' when it is not one. */
function inflatedRequest(message: string): string {
  try {
    return inflateRawSync(Buffer.from(message, 'base64')).toString('utf8');
  } catch {
    return '';
  }
}
