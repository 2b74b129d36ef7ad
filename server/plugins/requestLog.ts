/**
 * Issue 10 item 9: structured JSON logs (Fastify's pino) with the request's id on every line of it,
 * and no secret in any line.
 *
 * - The id: a sane incoming `X-Request-Id` (a proxy's or a load balancer's) is kept, anything else is
 *   replaced by a new UUID; every answer returns it as `X-Request-Id`, and every line the request's
 *   logger writes carries it as `reqId` (Fastify's child logger).
 * - Secrets: Fastify logs neither headers nor bodies, and nothing here adds them; a request line
 *   names its address with the query's values blanked except `orgId` and `lang` (an access key, a
 *   reset token or an invitation's signature travel in query strings). Should a header or a body
 *   ever be logged, pino's `redact` blanks the cookies, the Authorization and CSRF headers and the
 *   fields that hold passwords, answers, tokens and keys.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id that is kept: short, and of characters that read safely in any log or header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query fields whose values a log line may show; every other value is blanked. */
const SHOWN_QUERY_FIELDS = new Set(['orgId', 'lang']);

/** `url` with the values of its query blanked but those of SHOWN_QUERY_FIELDS (`?orgId=x&accessKey=~`). */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const fields = [...new URLSearchParams(url.slice(mark + 1))].map(([name, value]) =>
    `${encodeURIComponent(name)}=${SHOWN_QUERY_FIELDS.has(name) ? encodeURIComponent(value) : '~'}`);
  return `${url.slice(0, mark)}?${fields.join('&')}`;
}

/** Body and header fields that hold a secret, wherever a log line might carry them. */
const SECRET_FIELDS = [
  'password', 'confirmPassword', 'currentPassword', 'newPassword', 'oldPassword', 'securityAnswer', 'answer', 'token', 'expiredToken',
  'accessKey', 'csrfToken', 'CSRF_TOKEN_FOR_SESSION', 'g-recaptcha-response', 'signature', 'sessionToken', 'userDetail',
];
const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'x-csrf-token'];
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/** pino's `redact` paths: the secret fields at the top of a line, one level down and in a body; the headers of a request or answer. */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((name) => [key(name).replace(/^\./, ''), `*${key(name)}`, `req.body${key(name)}`, `*.body${key(name)}`]),
  ...SECRET_HEADERS.flatMap((name) => [`req.headers${key(name)}`, `res.headers${key(name)}`, `headers${key(name)}`, `*.headers${key(name)}`]),
];

/**
 * What a line says of its `req` (Fastify's own fields, its address's query blanked): a Fastify request
 * on Fastify's lines, whatever else a caller logs as `req` (never its headers or body).
 */
function loggedRequest(request: Partial<FastifyRequest> | null | undefined) {
  if (!request || typeof request !== 'object') return {};
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggedUrl(request.url) : undefined,
    host: typeof request.host === 'string' ? request.host : undefined,
    remoteAddress: typeof request.ip === 'string' ? request.ip : undefined,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with redaction and the request serializer above (a test's stream and level kept). */
export function withRequestLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { ...options.serializers, req: loggedRequest },
  };
}

/** Fastify's options for the request id: the header is read by requestIdOf (lines label it `reqId`, Fastify's default). */
export const REQUEST_ID_OPTIONS = { requestIdHeader: false, genReqId: requestIdOf } as const;

/** Returns the request's id on every answer, refusals and not-found included. */
export default fp(async function requestLog(app: FastifyInstance) {
  // Callback hooks here and in the other plugins that run on every request: an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}, { name: 'request-log' });
