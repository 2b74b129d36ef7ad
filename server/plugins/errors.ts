/**
 * §8 for the API: every refused call answers 4xx with an `errorCode` (a message key); an unexpected
 * failure answers 500 `{errorCode: "server.error"}` and is logged, never with a stack trace to the client.
 * Unknown addresses: HTML GETs get the app (it shows its own not-found page), API calls a JSON 404,
 * a known address with the wrong method a 405.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import fp from 'fastify-plugin';

/** Address prefixes that belong to the API (§7), never to the browser app. */
export const API_PREFIXES = [
  '/rest/', '/public/', '/featureFlags', '/changeLanguage/', '/manage/', '/mbr-portal/', '/member-portal-gateway/',
  '/download/', '/nixle/', '/getgeo/', '/index/', '/deleteAccount/', '/logout/', '/healthz', '/assets/', '/static_',
  '/admin/api/',
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
      return reply.code(400).send({ errorCode: 'request.invalid', message: `${error.validationContext ?? 'request'}${error.message.replace(/^[a-z]+/, '')}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errorCode: errorCodeOf(error), message: error.message });
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
