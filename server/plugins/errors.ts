/**
 * §8 for the API: every refused call answers 4xx with an `errorCode` (a message key); an unexpected
 * failure answers 500 `{errorCode: "server.error"}` and is logged, never with a stack trace to the client.
 * Unknown addresses: HTML GETs get the app (it shows its own not-found page), API calls a JSON 404,
 * a known address with the wrong method a 405.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import fp from 'fastify-plugin';
import { WELL_FORMED_KEYWORD } from './requestValidation.ts';
import { ClientGone, HashAdmissionRefused } from '../services/hashAdmission.ts';
import { sendAdmissionRefusal } from './hashAdmission.ts';

/** Address prefixes that belong to the API (§7), never to the browser app. */
export const API_PREFIXES = [
  '/rest/', '/public/', '/featureFlags', '/changeLanguage/', '/manage/', '/mbr-portal/', '/member-portal-gateway/',
  '/download/', '/nixle/', '/getgeo/', '/index/', '/deleteAccount/', '/logout/', '/healthz', '/assets/', '/static_',
  '/admin/api/', '/docs/', '/api/',
];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export interface ErrorsOptions {
  /** Answers an HTML GET for an address the API does not know (the browser app). */
  sendApp: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export default fp<ErrorsOptions>(async function errors(app: FastifyInstance, options: ErrorsOptions) {
  // A second router that knows every registered address under any method, to tell 405 from 404.
  const known = FindMyWay({ ignoreTrailingSlash: true });
  const methodsOf = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const seen = methodsOf.get(route.url) ?? new Set<string>();
      if (seen.size === 0) known.on('GET', route.url, () => {}, { url: route.url });
      seen.add(method);
      methodsOf.set(route.url, seen);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ errorCode: 'request.invalid', message: validationMessage(error.validationContext ?? 'request', error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errorCode: errorCodeOf(error), message: error.message });
    }
    if (error instanceof HashAdmissionRefused) return sendAdmissionRefusal(reply, error);
    if (error instanceof ClientGone) {
      // Nobody reads this answer: the connection is closed.
      request.log.info('client gone before its hash was computed');
      return reply.code(503).send({ errorCode: 'service.busy' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ errorCode: 'service.unavailable' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errorCode: 'server.error' });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const match = known.find('GET', path);
    const allowed = match ? methodsOf.get((match.store as { url: string }).url) : undefined;
    if (allowed && !allowed.has(request.method)) {
      return reply.code(405).header('allow', [...allowed].join(', ')).send({ errorCode: 'request.methodNotAllowed' });
    }
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(path)) {
      return options.sendApp(request, reply);
    }
    return reply.code(404).send({ errorCode: 'request.notFound' });
  });
}, { name: 'errors' });

function errorCodeOf(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'request.unsupportedMediaType';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return 'request.invalidBody';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'request.tooLarge';
    default: return 'request.invalid';
  }
}

/**
 * The message of a refused request part (issue 9 row 19): the field and the rule it broke, e.g.
 * "body/username: does not match the allowed characters", never the schema's internals (a regular
 * expression, a schema path). Only the first error is reported (ajv stops at it).
 */
export function validationMessage(context: string, errors: readonly FastifySchemaValidationError[]): string {
  const error = errors[0];
  if (!error) return `${context}: is not valid`;
  const params = error.params as Record<string, unknown>;
  const field = `${context}${error.instancePath}${error.keyword === 'required' ? `/${String(params.missingProperty)}` : ''}`;
  return `${field}: ${ruleOf(error.keyword, params)}`;
}

function ruleOf(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'required': return 'is required';
    case 'type': return `must be ${[params.type].flat().join(' or ')}`;
    case 'pattern': return 'does not match the allowed characters';
    case 'format': return `must be a valid ${String(params.format)}`;
    case 'minLength': return `must be at least ${String(params.limit)} characters long`;
    case 'maxLength': return `must be at most ${String(params.limit)} characters long`;
    case 'minimum': return `must be at least ${String(params.limit)}`;
    case 'maximum': return `must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum': return `must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum': return `must be less than ${String(params.limit)}`;
    case 'minItems': return `must have at least ${String(params.limit)} items`;
    case 'maxItems': return `must have at most ${String(params.limit)} items`;
    case 'enum': case 'const': return 'is not one of the allowed values';
    case 'additionalProperties': return `does not allow ${String(params.additionalProperty)}`;
    case WELL_FORMED_KEYWORD: return 'must not contain NUL or unpaired surrogates';
    default: return 'is not valid';
  }
}

/**
 * How the log writes an error (issue 9 row 6), the `err` serializer of the app's logger: its type,
 * message, stack, code, the failed query's text and PostgreSQL's code and names (table, constraint),
 * its cause the same way; never the query's bound parameters (a sign-up's password and answer
 * hashes, e-mail, username) nor PostgreSQL's `detail` (the refused row's values). Drizzle repeats
 * the parameters in its message ("params: …"), so that line is cut from message and stack.
 */
export function serializeLoggedError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) return { type: typeof value, message: withoutParams(String(value)), stack: '' };
  const error = value as Error & Record<string, unknown>;
  const logged: LoggedError = { type: error.constructor?.name ?? error.name, message: withoutParams(error.message), stack: withoutParams(error.stack ?? '') };
  for (const key of LOGGED_FIELDS) {
    const field = error[key];
    if (typeof field === 'string' || typeof field === 'number') logged[key] = field;
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeLoggedError(error.cause, depth + 1);
  return logged;
}

export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** What an error may carry into the log: codes and names, never values. */
const LOGGED_FIELDS = ['code', 'statusCode', 'query', 'severity', 'table', 'column', 'constraint', 'routine'] as const;

/** Drizzle's "Failed query: …\nparams: a,b,c" without the parameters (up to the stack's first frame). */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');

/** The app's logger options with the error serializer above (a test's stream and level kept). */
export function withSafeErrorLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeLoggedError } };
}

/** How long a client is asked to wait (Retry-After) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/** Node's codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** PostgreSQL's codes of a server that cannot serve now: class 08 (connection), shutdown, too many connections, a cancelled (timed-out) statement. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|53300|57014)$/;
/** node-postgres's own messages when it gave up on a connection or a query (they carry no code). */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether `error` (or an error it wraps, such as the driver's under Drizzle's DrizzleQueryError)
 * says the database cannot be reached or did not answer in time (issue 9 row 18): the request is
 * then answered 503 `service.unavailable` with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause;
  }
  return false;
}
