/**
 * Single sign-on from start to sign-in (§1, §2 login/sso, §8 SSO; issue 15), for SAML and OpenID
 * Connect alike:
 *
 * 1. `start`: a request is stored (10 minutes, used once) with the SHA-256 of a cookie only this
 *    browser holds, and the browser is sent to the provider (ForceAuthn / prompt=login on §8's retry).
 * 2. The provider answers. SAML posts its Response to the assertion consumer service from the
 *    provider's page (a cross-site POST: the portal's SameSite cookies stay behind), where it is
 *    checked and its identity kept on the request; the browser is then sent back to `finish` with a
 *    GET, which carries the cookies. OpenID Connect comes back with a GET to its callback.
 * 3. Where the cookies are, the request must be this browser's; it is taken (never again), the
 *    identity becomes a contact (linked before, an invited contact with the same e-mail, or a new one:
 *    just-in-time) and the caller signs the browser in on a new session.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Organization } from '../../repositories/organizations.ts';
import { contactForSubject, findClientSecret, findSsoRequest, insertSsoRequest, markSsoRequestAsserted, takeSsoRequest } from '../../repositories/sso.ts';
import { hashToken, newToken, sameToken } from '../tokens.ts';
import { SsoFailure } from './failures.ts';
import { newOidcSecrets, oidcIdentity, oidcSignInUrl } from './oidc.ts';
import { personOf, ssoProviderOf, startingPathsOf, type SsoProvider } from './providers.ts';
import { samlContext, samlMetadata, samlSignInUrl, validateSamlResponse, type SamlIdentity } from './saml.ts';
import { samlSigningKey } from './signingKey.ts';

/** How long a sign-in may take at the provider. */
export const SSO_REQUEST_TTL_MS = 10 * 60_000;

/** Where the browser starts, and the cookie that binds the answer to it. */
export interface SsoStart {
  location: string;
  browserToken: string;
}

/** The provider `providerId` of `org`, or the refusal of a sign-in through it. */
export function providerFor(org: Organization, providerId: string): SsoProvider {
  if (!org.settings.enabledSSO) throw new SsoFailure('sso.disabled', 'single sign-on is off');
  const provider = ssoProviderOf(org.settings, providerId);
  if (!provider) throw new SsoFailure('sso.provider', `no provider ${providerId}`);
  return provider;
}

export async function startSso(db: Db, base: string, org: Organization, providerId: string, forceAuthn: boolean): Promise<SsoStart> {
  const provider = providerFor(org, providerId);
  const browserToken = newToken();
  const row = { orgId: org.orgId, providerId, browserHash: hashToken(browserToken), forceAuthn, expiresAt: new Date(Date.now() + SSO_REQUEST_TTL_MS) };
  let location: string;
  let requestId: string;
  if (provider.protocol === 'saml') {
    // An xs:ID must not start with a digit.
    requestId = `_${randomBytes(20).toString('hex')}`;
    location = await samlSignInUrl(await samlContext(db, base, org.orgId, provider), requestId, forceAuthn);
    if (!(await insertSsoRequest(db, { ...row, requestId }))) throw new SsoFailure('sso.unavailable', 'too many sign-ins under way');
  } else {
    const secrets = newOidcSecrets();
    requestId = secrets.state;
    const clientSecret = await findClientSecret(db, org.orgId, providerId);
    location = await oidcSignInUrl({ base, orgId: org.orgId, provider, clientSecret }, secrets, forceAuthn);
    if (!(await insertSsoRequest(db, { ...row, requestId, nonce: secrets.nonce, codeVerifier: secrets.codeVerifier }))) {
      throw new SsoFailure('sso.unavailable', 'too many sign-ins under way');
    }
  }
  return { location, browserToken };
}

/** The service provider's metadata for the SAML provider `providerId` (its identity provider is given it), or null when there is no such provider. */
export async function samlMetadataOf(db: Db, base: string, org: Organization, providerId: string): Promise<string | null> {
  // Whether or not single sign-on is on yet: the identity provider is given the metadata first.
  const provider = org.settings.ssoProviders.find((candidate) => candidate.id === providerId);
  if (provider?.protocol !== 'saml') return null;
  // The portal's side only: its identity provider's metadata is not read for it.
  return samlMetadata({ base, orgId: org.orgId, provider, signing: provider.signRequests ? await samlSigningKey(db) : null });
}

/**
 * A SAML Response posted by the provider: checked, and its identity kept on its request for the
 * browser to collect. Answers the request's id (the browser is sent to `finish?request=`).
 */
export async function acceptSamlResponse(db: Db, base: string, org: Organization, providerId: string, samlResponse: string): Promise<string> {
  const provider = providerFor(org, providerId);
  if (provider.protocol !== 'saml') throw new SsoFailure('sso.provider', `${providerId} is not a SAML provider`);
  const identity = await validateSamlResponse(await samlContext(db, base, org.orgId, provider), samlResponse);
  if (!(await markSsoRequestAsserted(db, org.orgId, identity.requestId, identity))) throw new SsoFailure('sso.replay', 'request answered before');
  return identity.requestId;
}

/** Who signed in: the contact, whether it was made (or linked) just now, and the provider's session for single logout. */
export interface SsoSignedIn {
  contactId: number;
  created: boolean;
  providerSession: { nameId: string | null; nameIdFormat: string | null; sessionIndex: string | null; idToken: string | null };
}

/** Takes the request `requestId` if it is this browser's (else it stays for its own browser). */
async function takeOwnRequest(db: Db, orgId: string, providerId: string, requestId: string, browserToken: string | undefined) {
  const row = await findSsoRequest(db, orgId, providerId, requestId);
  // Unknown or expired: a fresh sign-in (§8's one retry) starts a new one.
  if (!row) throw new SsoFailure('invalid_assertion', 'request unknown or expired');
  if (!browserToken || !sameToken(hashToken(browserToken), row.browserHash)) throw new SsoFailure('sso.request', 'request of another browser');
  const taken = await takeSsoRequest(db, orgId, requestId);
  if (!taken) throw new SsoFailure('sso.replay', 'request taken before');
  return taken;
}

async function contactOf(db: Db, org: Organization, provider: SsoProvider, subject: string, attributes: Record<string, unknown>) {
  const person = personOf(provider, attributes);
  return contactForSubject(db, org.orgId, provider.id, subject, person, {
    linkByEmail: org.settings.ssoLinkInvitedByEmail, paths: startingPathsOf(provider, attributes, org.settings, person),
  });
}

/** The browser back from a SAML sign-in (`finish?request=`): the identity its Response proved becomes the contact signing in. */
export async function finishSaml(db: Db, org: Organization, providerId: string, requestId: string, browserToken: string | undefined): Promise<SsoSignedIn> {
  const provider = providerFor(org, providerId);
  const row = await takeOwnRequest(db, org.orgId, providerId, requestId, browserToken);
  if (row.status !== 'asserted' || !row.identity) throw new SsoFailure('sso.request', 'no answer for this request');
  const identity = row.identity as SamlIdentity;
  const { contactId, created } = await contactOf(db, org, provider, identity.subject, identity.attributes);
  return { contactId, created, providerSession: { nameId: identity.subject, nameIdFormat: identity.nameIdFormat, sessionIndex: identity.sessionIndex, idToken: null } };
}

/** The browser back from an OpenID provider (`callback?code&state`): the code exchanged, the ID token checked, the contact found or made. */
export async function finishOidc(db: Db, base: string, org: Organization, providerId: string, query: URLSearchParams, browserToken: string | undefined): Promise<SsoSignedIn> {
  const provider = providerFor(org, providerId);
  if (provider.protocol !== 'oidc') throw new SsoFailure('sso.provider', `${providerId} is not an OpenID provider`);
  const state = query.get('state');
  if (!state) throw new SsoFailure('sso.request', 'no state');
  const row = await takeOwnRequest(db, org.orgId, providerId, state, browserToken);
  if (!row.nonce || !row.codeVerifier) throw new SsoFailure('sso.request', 'not an OpenID request');
  const clientSecret = await findClientSecret(db, org.orgId, providerId);
  const identity = await oidcIdentity({ base, orgId: org.orgId, provider, clientSecret }, query, { state, nonce: row.nonce, codeVerifier: row.codeVerifier });
  const { contactId, created } = await contactOf(db, org, provider, identity.subject, identity.claims);
  return { contactId, created, providerSession: { nameId: null, nameIdFormat: null, sessionIndex: null, idToken: identity.idToken } };
}

/** §2: a member signed in for the first time goes through the sign-up steps for what is still missing; others go home. */
export const landingOf = (orgId: string, signedIn: SsoSignedIn) =>
  `/${encodeURIComponent(orgId)}/${signedIn.created ? 'new/account/profile' : 'home'}`;
