/**
 * The demo SAML 2.0 identity provider (issue 15), through samlify's identity-provider role: it reads
 * the portal's AuthnRequest (redirect binding, checked against the XML schema), and answers a signed
 * assertion (the portal's metadata says WantAssertionsSigned) with the person's attributes and a
 * SessionIndex, posted back on the HTTP-POST binding. Its key and certificate are the demo's
 * (server/db/demo/sso/, public on purpose); the campus settings name that certificate.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as validator from '@authenio/samlify-node-xmllint';
import * as samlify from 'samlify';
import type { DemoIdpUser } from './users.ts';

samlify.setSchemaValidator(validator);

const demoDir = new URL('../../db/demo/sso/', import.meta.url);
export const DEMO_IDP_KEY = readFileSync(new URL('demo-idp-key.pem', demoDir), 'utf8');
export const DEMO_IDP_CERTIFICATE = readFileSync(new URL('demo-idp-cert.pem', demoDir), 'utf8');

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/**
 * The identity provider at `entityId` (its SSO and SLO services under it); another key only in the
 * tests' forgeries. `wantAuthnRequestsSigned`: the service provider's metadata says it signs them.
 */
export function demoSamlIdp(
  entityId: string, signing: { key: string; certificate: string } = { key: DEMO_IDP_KEY, certificate: DEMO_IDP_CERTIFICATE }, wantAuthnRequestsSigned = false,
) {
  return samlify.IdentityProvider({
    entityID: entityId,
    wantAuthnRequestsSigned,
    privateKey: signing.key,
    signingCert: signing.certificate,
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${entityId}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${entityId}/slo` }],
  });
}

export type DemoSamlIdp = ReturnType<typeof demoSamlIdp>;

/** The service provider as its metadata describes it (the portal's, per organisation and provider). */
export const serviceProviderOf = (metadata: string) => samlify.ServiceProvider({ metadata });

/**
 * The AuthnRequest of a redirect-binding query (`rawQuery` as it arrived: a signature covers its
 * encoded text): its ID, issuer and whether it asks for a fresh authentication. Throws when malformed,
 * or when the service provider signs its requests and this one's signature does not verify.
 */
export async function readAuthnRequest(idp: DemoSamlIdp, sp: ReturnType<typeof serviceProviderOf>, rawQuery: string) {
  const query = Object.fromEntries(new URLSearchParams(rawQuery));
  const pairs = rawQuery.split('&');
  const octetString = ['SAMLRequest', 'RelayState', 'SigAlg'].flatMap((name) => pairs.filter((pair) => pair.startsWith(`${name}=`))).join('&');
  const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString } as never);
  const extract = parsed.extract as { request?: { id?: string }; issuer?: string };
  const xml = String(parsed.samlContent ?? '');
  return { parsed, id: extract.request?.id ?? '', issuer: extract.issuer ?? '', forceAuthn: /\bForceAuthn="(?:true|1)"/.test(xml) };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The response's values a test may change (a forged or stale answer); the rest follow the request. */
export interface ResponseOverrides {
  audience?: string;
  inResponseTo?: string;
  issuedAt?: Date;
  notOnOrAfter?: Date;
}

function attribute(name: string, value: string): string {
  return `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
}

/** A signed SAML Response for `user` answering the request `requestId` (base64, for the POST binding), and the session index it names. */
export async function samlResponseFor(
  idp: DemoSamlIdp, sp: ReturnType<typeof serviceProviderOf>, requestId: string, user: DemoIdpUser, overrides: ResponseOverrides = {},
): Promise<{ samlResponse: string; acs: string; sessionIndex: string }> {
  const sessionIndex = `_${randomUUID()}`;
  const issuedAt = overrides.issuedAt ?? new Date();
  const notOnOrAfter = overrides.notOnOrAfter ?? new Date(issuedAt.getTime() + 5 * 60_000);
  const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post) as string;
  const values = {
    ID: `_${randomUUID()}`, AssertionID: `_${randomUUID()}`, Destination: acs, Audience: overrides.audience ?? sp.entityMeta.getEntityID(),
    SubjectRecipient: acs, Issuer: idp.entityMeta.getEntityID(), IssueInstant: issuedAt.toISOString(), StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    ConditionsNotBefore: issuedAt.toISOString(), ConditionsNotOnOrAfter: notOnOrAfter.toISOString(), SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
    NameIDFormat: PERSISTENT, NameID: user.subject, InResponseTo: overrides.inResponseTo ?? requestId,
  };
  // The statements are XML of their own (samlify escapes every value it puts in).
  const statements = {
    AuthnStatement: `<saml:AuthnStatement AuthnInstant="${issuedAt.toISOString()}" SessionIndex="${sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
    AttributeStatement: `<saml:AttributeStatement>${[
      attribute('givenName', user.givenName), attribute('sn', user.familyName), attribute('mail', user.email), attribute('mobile', user.phone), attribute('studentId', user.studentId),
    ].join('')}</saml:AttributeStatement>`,
  };
  const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: values.InResponseTo } } }, 'post', { email: user.email }, (template: string) => ({
    id: values.ID,
    context: samlify.SamlLib.replaceTagsByValue(template.replace('{AuthnStatement}', statements.AuthnStatement).replace('{AttributeStatement}', statements.AttributeStatement), values),
  }));
  return { samlResponse: context, acs, sessionIndex };
}
