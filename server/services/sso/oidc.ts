/**
 * The portal as an OpenID Connect relying party (issue 15), through openid-client: discovery from the
 * issuer, the authorization code flow with PKCE (S256), state and nonce, the ID token checked by the
 * library (signature by the provider's keys, issuer, audience, time, nonce), the claims from the ID
 * token and the userinfo endpoint, and RP-initiated logout where the provider offers it.
 */
import * as client from 'openid-client';
import { providerAddresses, type SsoProvider } from './providers.ts';
import { SsoFailure } from './failures.ts';

/** How long a provider's discovered configuration (and its keys) is kept before it is read again. */
const CONFIGURATION_TTL_MS = 10 * 60_000;
/** At most this many providers' configurations are kept (an installation of many organisations). */
const MAX_CONFIGURATIONS = 200;
/** How long the portal waits for the provider (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_S = 10;

/** Plain http is allowed only for a provider on this machine (the demo's, the tests'). */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

const configurations = new Map<string, { config: client.Configuration; at: number }>();

/** The provider's configuration, discovered from its issuer (kept CONFIGURATION_TTL_MS, at most MAX_CONFIGURATIONS). */
async function configurationOf(provider: SsoProvider, clientSecret: string | null): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer ?? '');
  const key = JSON.stringify([issuer.href, provider.clientId, clientSecret]);
  const kept = configurations.get(key);
  if (kept && Date.now() - kept.at < CONFIGURATION_TTL_MS) return kept.config;
  const config = await client.discovery(
    issuer, provider.clientId ?? '', clientSecret ?? undefined, clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    { timeout: PROVIDER_TIMEOUT_S, ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}) },
  );
  configurations.delete(key);
  configurations.set(key, { config, at: Date.now() });
  while (configurations.size > MAX_CONFIGURATIONS) configurations.delete(configurations.keys().next().value!);
  return config;
}

/** Forgets every kept configuration (a provider's settings or secret changed; the tests). */
export const forgetOidcConfigurations = () => configurations.clear();

async function reach<T>(what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (error) {
    throw failureOf(error);
  }
}

/** openid-client's refusals by what they mean to the member (§8 SSO). */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof client.AuthorizationResponseError) {
    // The provider asks for a fresh sign-in, or refused it.
    return new SsoFailure(error.error === 'login_required' ? 'invalid_assertion' : 'sso.denied', `${error.error}: ${message}`);
  }
  if (error instanceof client.ResponseBodyError) return new SsoFailure('sso.token', `${error.error}: ${message}`);
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SsoFailure('invalid_assertion', message);
  if (typeof code === 'string' && /CLAIM|JWT|SIGNATURE|JWS/.test(code)) return new SsoFailure('sso.token', `${code}: ${message}`);
  if (code === 'OAUTH_INVALID_RESPONSE' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return new SsoFailure('sso.token', `${code}: ${message}`);
  return new SsoFailure('sso.unavailable', typeof code === 'string' ? `${code}: ${message}` : message);
}

interface OidcContext {
  base: string;
  orgId: string;
  provider: SsoProvider;
  clientSecret: string | null;
}

/** A request's secrets: the state names the request, the nonce binds the ID token to it, the verifier proves the code is ours (PKCE). */
export const newOidcSecrets = () => ({ state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() });

/** The provider's authorization address for one request. */
export async function oidcSignInUrl(context: OidcContext, secrets: { state: string; nonce: string; codeVerifier: string }, forceAuthn: boolean): Promise<string> {
  const config = await reach(() => configurationOf(context.provider, context.clientSecret));
  const scopes = new Set(['openid', ...(context.provider.scopes ?? '').split(' ').filter(Boolean)]);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: providerAddresses(context.base, context.orgId, context.provider.id).oidcCallback,
    scope: [...scopes].join(' '),
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
    // §8 forceAuthn: the OpenID equivalent of SAML's ForceAuthn.
    ...(forceAuthn ? { prompt: 'login', max_age: '0' } : {}),
  });
  return url.href;
}

export interface OidcIdentity {
  subject: string;
  claims: Record<string, unknown>;
  idToken: string | null;
}

/**
 * The provider's answer at the callback (`query` as received) for the request whose secrets are
 * given: the code exchanged with the PKCE verifier, the ID token checked (nonce included), the claims
 * completed from userinfo. Throws SsoFailure.
 */
export async function oidcIdentity(context: OidcContext, query: URLSearchParams, secrets: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
  const config = await reach(() => configurationOf(context.provider, context.clientSecret));
  const callback = new URL(providerAddresses(context.base, context.orgId, context.provider.id).oidcCallback);
  callback.search = query.toString();
  const tokens = await reach(() => client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: secrets.codeVerifier, expectedState: secrets.state, expectedNonce: secrets.nonce, idTokenExpected: true,
  }));
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoFailure('sso.token', 'no ID token');
  let userInfo: Record<string, unknown> = {};
  if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
    userInfo = await reach(() => client.fetchUserInfo(config, tokens.access_token, idClaims.sub)) as Record<string, unknown>;
  }
  return { subject: idClaims.sub, claims: { ...userInfo, ...idClaims }, idToken: tokens.id_token ?? null };
}

/** The provider's end-session address for a sign-in (RP-initiated logout), or null when it has none. */
export async function oidcLogoutUrl(context: OidcContext, idToken: string | null): Promise<string | null> {
  const config = await configurationOf(context.provider, context.clientSecret).catch(() => null);
  if (!config?.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, {
    post_logout_redirect_uri: providerAddresses(context.base, context.orgId, context.provider.id).loggedOut,
    client_id: context.provider.clientId ?? '',
    ...(idToken ? { id_token_hint: idToken } : {}),
  }).href;
}
