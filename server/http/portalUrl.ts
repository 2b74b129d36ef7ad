import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The portal's own address for links in mails (issue 9 row 5): PUBLIC_URL, which config.ts requires
 * outside demo mode; in demo mode without it, the address the server listens on. Never anything the
 * request sent (Host, X-Forwarded-Host): a link in a member's mail must not point where an attacker says.
 */
export function portalUrl(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? listeningUrl(request.server.server.address());
}

/** `http://host:port` of a listening socket; `http://localhost` before it listens (`inject` in tests). */
export function listeningUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
