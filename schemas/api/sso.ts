/**
 * Single sign-on (§1, §2 login/sso, §7 `POST /index/sso/info`, §8 SSO; issue 15): the discovery answer
 * the browser reads, and the addresses the browser and the identity providers are sent to
 * (`/sso/{orgId}/{providerId}/…`). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { OrgId, Text } from './common.ts';

/** A provider's id as the settings allow it (org-settings.schema.json `ssoProvider.id`). */
export const ProviderId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,29}$' });

/**
 * §3 SSO info and §7's answer: where a discovery service sends the browser back
 * (`idpDiscoReturnURL?{idpDiscoReturnParam}={provider id}`), the provider to use when there is one
 * (`idp`, empty when the member chooses), whether single sign-on is on; and the providers to choose
 * from, by their names.
 */
export const SsoInfoAnswer = Type.Object({
  idpDiscoReturnURL: Type.String(),
  idpDiscoReturnParam: Type.String(),
  idp: Type.String(),
  enabledSSO: Type.Boolean(),
  providers: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), protocol: Type.String() })),
});
export type SsoInfoAnswer = Static<typeof SsoInfoAnswer>;

/** `/sso/{orgId}/{providerId}/…`. */
export const SsoProviderParams = Type.Object({ orgId: OrgId, providerId: ProviderId });
export type SsoProviderParams = Static<typeof SsoProviderParams>;

/** The discovery return address (`idpDiscoReturnURL`): `?idp=` names the provider; `forceAuthn=true` asks it to authenticate anew (§8). */
export const SsoStartQuery = Type.Object({
  idp: Type.Optional(ProviderId),
  forceAuthn: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});
export type SsoStartQuery = Static<typeof SsoStartQuery>;

/** The service provider's SAML metadata (an EntityDescriptor). */
export const SamlMetadata = Type.String({ description: 'SAML 2.0 metadata: the portal as a service provider of this identity provider.' });

/** A SAML Response posted to the assertion consumer service (HTTP-POST binding). */
export const SamlResponseBody = Type.Object({
  SAMLResponse: Text(500_000),
  RelayState: Type.Optional(Text(200)),
});
export type SamlResponseBody = Static<typeof SamlResponseBody>;

/** A SAML LogoutResponse (or an identity provider's LogoutRequest) on the redirect binding. */
export const SamlLogoutQuery = Type.Object({
  SAMLResponse: Type.Optional(Text(100_000)),
  SAMLRequest: Type.Optional(Text(100_000)),
  RelayState: Type.Optional(Text(200)),
  SigAlg: Type.Optional(Text(200)),
  Signature: Type.Optional(Text(2000)),
});
export type SamlLogoutQuery = Static<typeof SamlLogoutQuery>;

/** The OpenID provider's answer to the authorization request (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const OidcCallbackQuery = Type.Object({
  code: Type.Optional(Text(2000)),
  state: Type.Optional(Text(200)),
  iss: Type.Optional(Text(500)),
  error: Type.Optional(Text(200)),
  error_description: Type.Optional(Text(1000)),
  session_state: Type.Optional(Text(500)),
});
export type OidcCallbackQuery = Static<typeof OidcCallbackQuery>;

/** The browser coming back for a sign-in a SAML answer proved: the request it started. */
export const SsoFinishQuery = Type.Object({ request: Text(100) });
export type SsoFinishQuery = Static<typeof SsoFinishQuery>;

/**
 * `GET /admin/api/orgs/{orgId}/sso`: each saved provider with the portal's addresses its identity
 * provider is told (SAML: metadata = entity id, assertion consumer and logout services; OpenID: the
 * redirect and post-logout URIs), and for OpenID whether (and when) its client secret was set, never the secret.
 */
export const SsoSetup = Type.Object({
  data: Type.Array(Type.Object({
    id: Type.String(),
    name: Type.String(),
    protocol: Type.String(),
    addresses: Type.Array(Type.Object({ kind: Type.String(), url: Type.String() })),
    secretSetAt: Type.Union([Type.String(), Type.Null()]),
  })),
});
export type SsoSetup = Static<typeof SsoSetup>;

/** `PUT /admin/api/orgs/{orgId}/sso/{providerId}/secret`: an OpenID Connect provider's client secret (kept apart from the settings). */
export const ClientSecretBody = Type.Object({ secret: Type.String({ minLength: 1, maxLength: 500 }) });
export type ClientSecretBody = Static<typeof ClientSecretBody>;
export const ClientSecretParams = Type.Object({ orgId: OrgId, providerId: ProviderId });
export type ClientSecretParams = Static<typeof ClientSecretParams>;

/**
 * What a single sign-on that did not end in a sign-in tells the login page (`?ssoError=`), §8 "SSO":
 * `invalid_assertion` is retried once with forceAuthn=true (a stale or expired answer, an expired
 * request); the others are shown in an alert.
 */
export const SSO_ERRORS = [
  'invalid_assertion', 'sso.signature', 'sso.audience', 'sso.issuer', 'sso.replay', 'sso.request', 'sso.denied',
  'sso.token', 'sso.unavailable', 'sso.provider', 'sso.disabled',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
