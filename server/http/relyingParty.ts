/**
 * The WebAuthn relying party of the portal (issue 15, passkeys): its id is the portal's hostname and
 * the one origin a passkey's answer may come from is the portal's origin, both from PUBLIC_URL or, in
 * demo mode without it, from the address the server listens on (http/portalUrl.ts): never from a Host
 * or X-Forwarded-Host header, which whoever sends the request writes.
 *
 * A browser takes no IP address as a relying party id, so a portal listening on a loopback address
 * (the demo's 127.0.0.1:8080) is the relying party `localhost` at the same port: passkeys work at
 * http://localhost:8080 (a secure context for browsers, as the loopback addresses are). A portal
 * reached only by another IP address has no relying party: its passkey calls are refused
 * (403 `passkey.unavailable`).
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { RelyingParty } from '../services/webauthn.ts';
import { portalUrl } from './portalUrl.ts';

export function relyingParty(request: FastifyRequest, publicUrl: string | null): RelyingParty | null {
  return relyingPartyOf(portalUrl(request, publicUrl));
}

/** The relying party of a portal at `address` (an http(s) URL), or null when a browser would take none. */
export function relyingPartyOf(address: string): RelyingParty | null {
  const url = new URL(address);
  let host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '::1' || /^127\./.test(host)) host = 'localhost';
  if (isIP(host) !== 0 || host === '') return null;
  return { rpID: host, origin: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}` };
}
