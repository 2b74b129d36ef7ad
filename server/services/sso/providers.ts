/**
 * An organisation's identity providers as its settings describe them (org-settings.schema.json
 * `ssoProviders`), the portal's addresses for each, and how their attributes or claims become a
 * member (issue 15).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { SsoProvider } from '../../../schemas/orgSettings.generated.ts';
import type { OrgSettings } from '../../../schemas/orgSettings.ts';
import type { SsoContactPath, SsoPerson } from '../../repositories/sso.ts';

export type { SsoProvider };

/** The provider `providerId` of an organisation with single sign-on on; null otherwise. */
export function ssoProviderOf(settings: OrgSettings, providerId: string): SsoProvider | null {
  if (!settings.enabledSSO) return null;
  return settings.ssoProviders.find((provider) => provider.id === providerId) ?? null;
}

/** The portal's addresses for one provider (`base` is the portal's public address). */
export function providerAddresses(base: string, orgId: string, providerId: string) {
  const root = `${base}/sso/${encodeURIComponent(orgId)}/${providerId}`;
  return {
    /** The discovery return address (idpDiscoReturnURL): starts a sign-in. */
    start: `${root}/start`,
    /** SAML: the service provider's entity id, which is also where its metadata is read. */
    samlEntityId: `${root}/saml/metadata`,
    samlAcs: `${root}/saml/acs`,
    samlSlo: `${root}/saml/slo`,
    /** The browser's way back after a SAML answer (a GET, where its cookies come along). */
    samlFinish: `${root}/saml/finish`,
    oidcCallback: `${root}/oidc/callback`,
    /** Where an OpenID provider sends the browser after its logout. */
    loggedOut: `${base}/${encodeURIComponent(orgId)}/login`,
  };
}

/** The PEM certificates in a provider's `certificate` setting (several during a rollover). */
export function certificatesOf(provider: SsoProvider): string[] {
  return (provider.certificate ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** The attribute names a provider's mapping falls back to, per field and protocol (the settings' descriptions). */
const STANDARD_NAMES = {
  oidc: {
    firstName: ['given_name'], lastName: ['family_name'], email: ['email'], externalId: [], phone: ['phone_number'],
  },
  saml: {
    firstName: ['givenName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'firstName'],
    lastName: ['sn', 'surname', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'lastName'],
    email: ['mail', 'email', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'],
    externalId: [],
    phone: ['mobile', 'urn:oid:0.9.2342.19200300.100.1.41', 'telephoneNumber', 'urn:oid:2.5.4.20'],
  },
} as const;

type Field = keyof (typeof STANDARD_NAMES)['oidc'];
const MAPPING_SETTING: Record<Field, keyof SsoProvider> = {
  firstName: 'firstNameAttribute', lastName: 'lastNameAttribute', email: 'emailAttribute', externalId: 'externalIdAttribute', phone: 'phoneAttribute',
};

/** §9 lengths of the fields a provider fills (contacts' limits): longer values are cut, never refused. */
const LIMITS: Record<Field, number> = { firstName: 50, lastName: 50, email: 100, externalId: 50, phone: 20 };

/** The first text value of the attributes named for `field` (the setting's, else the protocol's standard names). */
function attributeOf(provider: SsoProvider, attributes: Record<string, unknown>, field: Field): string | null {
  const configured = String(provider[MAPPING_SETTING[field]] ?? '').trim();
  const names = configured ? [configured] : STANDARD_NAMES[provider.protocol][field];
  for (const name of names) {
    const raw = attributes[name];
    const value = Array.isArray(raw) ? raw.find((item) => typeof item === 'string' || typeof item === 'number') : raw;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value).trim();
      if (text) return text.slice(0, LIMITS[field]);
    }
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who the provider says the member is, by the organisation's mapping. */
export function personOf(provider: SsoProvider, attributes: Record<string, unknown>): SsoPerson {
  const email = attributeOf(provider, attributes, 'email');
  return {
    firstName: attributeOf(provider, attributes, 'firstName') ?? '',
    lastName: attributeOf(provider, attributes, 'lastName') ?? '',
    email: email && EMAIL.test(email) ? email : null,
    externalId: attributeOf(provider, attributes, 'externalId'),
  };
}

/**
 * The contact paths a new member starts with: their e-mail as the e-mail path, and a valid mobile
 * number from the provider as the SMS path (national number and country, as the profile keeps them).
 */
export function startingPathsOf(provider: SsoProvider, attributes: Record<string, unknown>, settings: OrgSettings, person: SsoPerson): SsoContactPath[] {
  const paths: SsoContactPath[] = [];
  if (person.email) paths.push({ pathId: 1, pathType: 'EMAIL', value: person.email, countryCode: null });
  const phone = attributeOf(provider, attributes, 'phone');
  const parsed = phone ? parsePhoneNumberFromString(phone, (settings.defaultCountry || 'US') as CountryCode) : undefined;
  if (parsed?.isValid() && parsed.country && settings.SMSSetting.exposed) {
    paths.push({ pathId: settings.SMSSetting.pathId, pathType: 'SMS', value: parsed.nationalNumber, countryCode: parsed.country });
  }
  return paths;
}
