import type { FastifyRequest } from 'fastify';

/** The portal's own address for links in mails: PUBLIC_URL, else the address the request came to. */
export function portalUrl(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
