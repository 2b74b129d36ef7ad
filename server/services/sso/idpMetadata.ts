/**
 * A SAML identity provider described by its metadata (issue 15: "IdP metadata URL or XML"): the
 * provider's `metadataXml`, or its `metadataUrl` read over HTTP(S) (10 s, at most 1 MB, kept an hour,
 * at most 100 kept), gives the entity id, the single sign-on and logout addresses (HTTP-Redirect) and
 * the signing certificates, parsed by samlify. What the settings say explicitly wins over it.
 */
import type * as Samlify from 'samlify';
import { lazyRequire } from '../../lazyModules.ts';
import { SsoFailure } from './failures.ts';
import type { SsoProvider } from './providers.ts';

const samlifyLibrary = lazyRequire<typeof Samlify>('samlify');

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 1024 * 1024;
const KEPT_MS = 60 * 60_000;
const MAX_KEPT = 100;

export interface IdpDescription {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  /** PEM. */
  certificates: string[];
}

/** samlify answers a service address as a string, `{ [binding]: url }` or `{ binding, location }`. */
function addressOf(service: unknown): string {
  if (typeof service === 'string') return service;
  if (!service || typeof service !== 'object') return '';
  const record = service as Record<string, unknown>;
  const url = record[REDIRECT] ?? record.location;
  return typeof url === 'string' ? url : '';
}

const asPem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, '').match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;

/** What metadata XML says of its identity provider; null when it is not an identity provider's metadata. */
export function describeIdp(xml: string): IdpDescription | null {
  if (!/<(?:\w+:)?IDPSSODescriptor\b/.test(xml)) return null;
  try {
    const metadata = samlifyLibrary().IdPMetadata(xml);
    const entityId = metadata.getEntityID();
    const certificates = [metadata.getX509Certificate('signing')].flat().filter((c): c is string => typeof c === 'string' && c.trim() !== '').map(asPem);
    const ssoUrl = addressOf(metadata.getSingleSignOnService(REDIRECT));
    if (typeof entityId !== 'string' || !entityId || !ssoUrl || certificates.length === 0) return null;
    return { entityId, ssoUrl, sloUrl: addressOf(metadata.getSingleLogoutService(REDIRECT)), certificates };
  } catch {
    return null;
  }
}

const kept = new Map<string, { xml: string; at: number }>();

async function fetchMetadata(url: string): Promise<string> {
  const cached = kept.get(url);
  if (cached && Date.now() - cached.at < KEPT_MS) return cached.xml;
  let xml: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
    if (!response.ok || !response.body) throw new Error(`metadata answered ${response.status}`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > MAX_BYTES) {
        await reader.cancel();
        throw new Error('metadata larger than 1 MB');
      }
      chunks.push(part.value);
    }
    xml = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    throw new SsoFailure('sso.unavailable', `metadata ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  kept.delete(url);
  kept.set(url, { xml, at: Date.now() });
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return xml;
}

/** Forgets the metadata read (the tests). */
export const forgetIdpMetadata = () => kept.clear();

/**
 * The provider with what its metadata says filled in where the settings leave a field empty; the
 * provider as it is when it names no metadata. Throws SsoFailure when the metadata cannot be read or
 * is not an identity provider's.
 */
export async function withIdpMetadata(provider: SsoProvider): Promise<SsoProvider> {
  const xml = provider.metadataXml?.trim() || (provider.metadataUrl ? await fetchMetadata(provider.metadataUrl) : '');
  if (!xml) return provider;
  const described = describeIdp(xml);
  if (!described) throw new SsoFailure('sso.provider', 'metadata without an identity provider');
  return {
    ...provider,
    entityId: provider.entityId || described.entityId,
    ssoUrl: provider.ssoUrl || described.ssoUrl,
    sloUrl: provider.sloUrl || described.sloUrl,
    certificate: provider.certificate?.trim() ? provider.certificate : described.certificates.join('\n'),
  };
}
