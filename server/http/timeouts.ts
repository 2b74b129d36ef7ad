/**
 * How long a client may take to send a request (issue 9 row 8): seconds, not Node's minutes, so
 * sockets that send headers slowly or hold a body open are closed instead of piling up. Measured
 * before: sockets trickling headers were answered 408 after about 62 s, sockets holding an incomplete
 * body were still open after 130 s (Fastify turns Node's request timeout off by default).
 */
import type { ServerOptions } from 'node:http';

export interface RequestTimeouts {
  /** Until the request's headers are complete (Node's `headersTimeout`). */
  headersMs: number;
  /** Until the whole request, body included, has arrived (Node's `requestTimeout`): then 408 and closed. */
  requestMs: number;
  /** A socket that sends or receives nothing for this long is closed (Fastify's `connectionTimeout`). */
  idleMs: number;
  /** How often Node checks the two deadlines above (`connectionsCheckingInterval`, 30 s by default). */
  checkEveryMs: number;
}

export const REQUEST_TIMEOUTS: RequestTimeouts = { headersMs: 10_000, requestMs: 30_000, idleMs: 30_000, checkEveryMs: 1_000 };

/** The Fastify (and through it Node http.Server) options for `timeouts`, the defaults filling in. */
export function timeoutOptions(timeouts: Partial<RequestTimeouts> = {}): { connectionTimeout: number; requestTimeout: number; http: ServerOptions } {
  const { headersMs, requestMs, idleMs, checkEveryMs } = { ...REQUEST_TIMEOUTS, ...timeouts };
  return {
    connectionTimeout: idleMs,
    requestTimeout: requestMs,
    http: { headersTimeout: Math.min(headersMs, requestMs), requestTimeout: requestMs, connectionsCheckingInterval: checkEveryMs },
  };
}
