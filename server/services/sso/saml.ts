/**
 * The portal as a SAML 2.0 service provider (issue 15), through @node-saml/node-saml: the
 * AuthnRequest on the HTTP-Redirect binding, the Response on HTTP-POST (signed assertions required;
 * audience, issuer, time window and InResponseTo checked by the library; each assertion accepted
 * once, here), the service provider's metadata, and single logout on the redirect binding.
 */
import type * as NodeSaml from '@node-saml/node-saml';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type { Db } from '../../db/client.ts';
import { lazyRequire } from '../../lazyModules.ts';
import { findSsoRequest, isAssertionRecorded, recordAssertion } from '../../repositories/sso.ts';
import { certificatesOf, providerAddresses, type SsoProvider } from './providers.ts';
import { SsoFailure } from './failures.ts';
import { withIdpMetadata } from './idpMetadata.ts';
import { samlSigningKey, type SigningKey } from './signingKey.ts';

const nodeSaml = lazyRequire<typeof NodeSaml>('@node-saml/node-saml');

/** How far the provider's clock may be from ours. */
const CLOCK_SKEW_MS = 60_000;
/** An assertion is accepted at most this long after it was issued, whatever its NotOnOrAfter says. */
const MAX_ASSERTION_AGE_MS = 10 * 60_000;
/** How long an accepted assertion's id is kept when it names no end. */
const DEFAULT_REPLAY_WINDOW_MS = MAX_ASSERTION_AGE_MS + CLOCK_SKEW_MS;

const NAME_ID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/**
 * InResponseTo as node-saml checks it, against the sign-ins under way in the database (any app
 * process may receive the answer): an id is valid while its request is pending. The request is taken
 * by the caller once the answer passed (markSsoRequestAsserted), so nothing is removed here.
 */
function requestsOf(db: Db, orgId: string, providerId: string, seen: { status?: string }): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => {
      const row = await findSsoRequest(db, orgId, providerId, key);
      seen.status = row?.status;
      return row?.status === 'pending' ? row.createdAt.toISOString() : null;
    },
    removeAsync: async (key) => key,
  };
}

export interface SamlContext {
  db: Db;
  base: string;
  orgId: string;
  provider: SsoProvider;
  /** The portal's key, where the provider's requests are signed (`signRequests`). */
  signing: SigningKey | null;
}

/** The context of one provider's SAML calls: its metadata read in (where it names some), the portal's signing key loaded when its requests are signed. */
export async function samlContext(db: Db, base: string, orgId: string, provider: SsoProvider): Promise<SamlContext> {
  return { db, base, orgId, provider: await withIdpMetadata(provider), signing: provider.signRequests ? await samlSigningKey(db) : null };
}

function serviceProvider({ db, base, orgId, provider, signing }: SamlContext, extra: { requestId?: string; forceAuthn?: boolean; seen?: { status?: string } } = {}): SAML {
  const addresses = providerAddresses(base, orgId, provider.id);
  const certificates = certificatesOf(provider);
  // Nothing is sent to or taken from a provider whose certificate is not known (the settings refuse a
  // SAML provider without one or its metadata; metadata that names none is refused by withIdpMetadata).
  if (certificates.length === 0) throw new SsoFailure('sso.provider', `SAML provider ${provider.id} without a certificate`);
  const library = nodeSaml();
  return new library.SAML({
    issuer: addresses.samlEntityId,
    audience: addresses.samlEntityId,
    callbackUrl: addresses.samlAcs,
    entryPoint: provider.ssoUrl ?? '',
    logoutUrl: provider.sloUrl || provider.ssoUrl || '',
    logoutCallbackUrl: addresses.samlSlo,
    idpIssuer: provider.entityId || undefined,
    idpCert: certificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    validateInResponseTo: library.ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: MAX_ASSERTION_AGE_MS,
    cacheProvider: requestsOf(db, orgId, provider.id, extra.seen ?? {}),
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    forceAuthn: extra.forceAuthn ?? false,
    ...(signing ? { privateKey: signing.privateKey, publicCert: signing.certificate, signatureAlgorithm: 'sha256' as const } : {}),
    ...(extra.requestId ? { generateUniqueId: () => extra.requestId! } : {}),
  });
}

/** The provider's sign-in address for the request `requestId` (an AuthnRequest, deflated, on the redirect binding). */
export async function samlSignInUrl(context: SamlContext, requestId: string, forceAuthn: boolean): Promise<string> {
  if (!context.provider.ssoUrl) throw new SsoFailure('sso.provider', 'SAML provider without ssoUrl');
  return serviceProvider(context, { requestId, forceAuthn }).getAuthorizeUrlAsync(requestId, undefined, {});
}

/** What a SAML answer proved, kept on its request until the browser comes for it. */
export interface SamlIdentity {
  requestId: string;
  subject: string;
  nameIdFormat: string;
  sessionIndex: string | null;
  attributes: Record<string, unknown>;
}

/** node-saml's refusals by what they mean to the member (§8 SSO: `invalid_assertion` is worth one fresh authentication). */
function failureOf(error: unknown, seen: { status?: string }): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/InResponseTo/.test(message)) return seen.status === 'asserted' ? new SsoFailure('sso.replay', message) : new SsoFailure('invalid_assertion', message);
  if (/expired|not yet valid|too old/i.test(message)) return new SsoFailure('invalid_assertion', message);
  if (/audience/i.test(message)) return new SsoFailure('sso.audience', message);
  if (/issuer/i.test(message)) return new SsoFailure('sso.issuer', message);
  if (/signature|signed|No certificate|Cannot obtain assertion/i.test(message)) return new SsoFailure('sso.signature', message);
  if (/Bad status code|NoPassive|Responder|Requester/i.test(message)) return new SsoFailure('sso.denied', message);
  return new SsoFailure('invalid_assertion', message);
}

/**
 * Whether the assertion in an answer that did not pass was accepted before (a replay). Its ID is read
 * from the unchecked XML only to name the refusal: nothing is accepted on it.
 */
async function wasAccepted(context: SamlContext, samlResponse: string): Promise<boolean> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]{1,200})"/.exec(xml)?.[1];
  return assertionId ? isAssertionRecorded(context.db, context.orgId, context.provider.id, assertionId) : false;
}

/**
 * Checks a posted SAML Response (signature of the assertion by the provider's certificate, audience,
 * issuer, time window, InResponseTo of a pending request) and records its assertion, so that it is
 * accepted once. Throws SsoFailure.
 */
export async function validateSamlResponse(context: SamlContext, samlResponse: string): Promise<SamlIdentity> {
  const seen: { status?: string } = {};
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(context, { seen }).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const failure = failureOf(error, seen);
    // An answer to a request already used up may be an assertion accepted before: said as what it is.
    if (failure.code === 'invalid_assertion' && (await wasAccepted(context, samlResponse))) throw new SsoFailure('sso.replay', failure.message);
    throw failure;
  }
  if (!profile?.nameID || typeof profile.inResponseTo !== 'string') throw new SsoFailure('invalid_assertion', 'no subject or InResponseTo');
  // node-saml checks the Issuer of logout messages only: the (signed) assertion's must be the provider's.
  if (profile.issuer !== context.provider.entityId) throw new SsoFailure('sso.issuer', `issuer ${profile.issuer}`);
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } } | undefined;
  const assertionId = assertion?.Assertion?.$?.ID;
  if (!assertionId) throw new SsoFailure('invalid_assertion', 'assertion without ID');
  const notOnOrAfter = Date.parse(assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  const keepUntil = new Date(Math.max(Number.isNaN(notOnOrAfter) ? 0 : notOnOrAfter + CLOCK_SKEW_MS, Date.now() + DEFAULT_REPLAY_WINDOW_MS));
  if (!(await recordAssertion(context.db, context.orgId, context.provider.id, assertionId, keepUntil))) throw new SsoFailure('sso.replay', `assertion ${assertionId} seen before`);
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  return {
    requestId: profile.inResponseTo,
    subject: profile.nameID,
    nameIdFormat: profile.nameIDFormat || NAME_ID_UNSPECIFIED,
    sessionIndex: profile.sessionIndex ?? null,
    // The NameID is an attribute too: an e-mail-format NameID is the e-mail when no attribute says one.
    attributes: profile.nameIDFormat?.endsWith(':emailAddress') ? { email: profile.nameID, mail: profile.nameID, ...attributes } : attributes,
  };
}

/** The service provider's metadata for this provider: entity id, assertion consumer and logout services, its signing certificate when it signs; assertions must be signed. */
export function samlMetadata(context: Pick<SamlContext, 'base' | 'orgId' | 'provider' | 'signing'>): string {
  const addresses = providerAddresses(context.base, context.orgId, context.provider.id);
  // The portal's side alone (node-saml's generator, no identity provider needed). node-saml names
  // HTTP-POST for single logout; the portal's logout service takes the redirect binding.
  return nodeSaml().generateServiceProviderMetadata({
    issuer: addresses.samlEntityId, callbackUrl: addresses.samlAcs, logoutCallbackUrl: addresses.samlSlo, identifierFormat: null, wantAssertionsSigned: true,
    ...(context.signing ? { privateKey: context.signing.privateKey, signatureAlgorithm: 'sha256' as const, publicCerts: context.signing.certificate } : {}),
  }).replace('<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"', '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"');
}

/** The provider's logout address ending its session of `signIn` (a LogoutRequest on the redirect binding). */
export async function samlLogoutUrl(context: SamlContext, signIn: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null }): Promise<string> {
  const profile = {
    issuer: context.provider.entityId ?? '', nameID: signIn.nameId, nameIDFormat: signIn.nameIdFormat ?? NAME_ID_UNSPECIFIED,
    ...(signIn.sessionIndex ? { sessionIndex: signIn.sessionIndex } : {}),
  } as Profile;
  return serviceProvider(context).getLogoutUrlAsync(profile, '', {});
}

/** A LogoutRequest the identity provider sent (its single logout, HTTP-Redirect), checked: whom it signs out. */
export interface ProviderLogout {
  nameId: string;
  sessionIndex: string | null;
  /** Where the browser goes next: the provider's single logout service with this portal's LogoutResponse. */
  responseUrl: string;
}

/**
 * Checks an identity provider's LogoutRequest on the redirect binding (`rawQuery` as it arrived: its
 * signature covers that text). It must be signed by the provider's certificate (node-saml would take an
 * unsigned one, with which any site could sign members out) and name this provider as its issuer.
 * Throws SsoFailure.
 */
export async function validateProviderLogout(context: SamlContext, query: Record<string, string>, rawQuery: string): Promise<ProviderLogout> {
  if (!query.Signature || !query.SigAlg) throw new SsoFailure('sso.signature', 'unsigned LogoutRequest');
  const sp = serviceProvider(context);
  let profile: Profile | null;
  try {
    ({ profile } = await sp.validateRedirectAsync(query, rawQuery));
  } catch (error) {
    throw failureOf(error, {});
  }
  if (!profile?.nameID) throw new SsoFailure('sso.request', 'LogoutRequest without a NameID');
  if (profile.issuer !== context.provider.entityId) throw new SsoFailure('sso.issuer', `issuer ${profile.issuer}`);
  const responseUrl = await sp.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
  return { nameId: profile.nameID, sessionIndex: profile.sessionIndex ?? null, responseUrl };
}
