/**
 * TRUST_PROXY as Fastify's `trustProxy` (issue 9 row 14). Fastify 5 refuses a bare hop count (it trusts
 * nothing then, since a count cannot tell a proxy from a client that reached the server directly), so
 * a count of hops becomes the function that trusts exactly that many: with `1`, X-Forwarded-For's last
 * entry (the one the proxy in front appended) is the client, whatever the client wrote before it. A
 * list of addresses/CIDR ranges is handed on as it is (proxy-addr checks each hop's address).
 */
import type { FastifyServerOptions } from 'fastify';

export function fastifyTrustProxy(trustProxy: boolean | number | string[] | undefined): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy ?? false;
  const hops = trustProxy;
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
}
