/**
 * The protective headers of every answer, written once (issue 9 row 12) through @fastify/helmet, in
 * two sets chosen by what the answer is:
 *
 * - a document (the app's HTML, the /docs viewer, scripts, style sheets, images, files: anything
 *   but JSON) gets the browser app's Content-Security-Policy, no framing by other sites, the referrer
 *   kept to this origin, no MIME sniffing, a browsing-context group of its own
 *   (Cross-Origin-Opener-Policy), and the browser features the portal never uses switched off
 *   (Permissions-Policy);
 * - JSON (every API answer, refusals included) gets what OWASP's REST Security Cheat Sheet asks of an
 *   API, stricter where it differs: `Content-Security-Policy: default-src 'none'; frame-ancestors
 *   'none'` (nothing in it may load or run, and nothing may frame it), `X-Frame-Options: DENY`,
 *   `nosniff`, and `Cross-Origin-Resource-Policy: same-origin` (no other site may load it as a
 *   resource). The document-only headers (COOP, Permissions-Policy, Origin-Agent-Cluster and
 *   helmet's legacy ones) govern pages a browser renders, which JSON with nosniff never is; left off,
 *   a visitor's /rest/init answers about 600 bytes lighter and measurably faster (issue 10 item 4).
 *
 * Strict-Transport-Security is on every answer that went over TLS (`request.protocol` is `https`:
 * TLS at this server, or `X-Forwarded-Proto` from the proxy with TRUST_PROXY). A header a route set
 * itself (the banner's stricter policy, the reCAPTCHA pages' wider one) is kept.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Content-Security-Policy of the browser app: only its own scripts; images may come from tile and
 * file servers. No code from strings ('unsafe-eval'): the forms' validators come precompiled from the
 * server as modules of this origin (services/validatorModules.ts). No inline script is allowed.
 * Workers only from files of this origin, never `blob:`: the test notification's captcha (the
 * `altcha` widget's external build, src/components/testNotification/altchaWidget.ts) runs its
 * proof of work in a worker script the build emits as a file; `worker-src` would fall back to
 * `script-src 'self'` anyway, it is written out so that loosening script-src never admits blob: workers.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * The policy with more sources for scripts and frames: the pages of an organisation whose test
 * notification uses Google reCAPTCHA (services/captcha.ts `recaptchaSources`), and only those.
 */
export function contentSecurityPolicyWith(extra: { scriptSrc: readonly string[]; frameSrc: readonly string[] }): string {
  const directives: Record<string, readonly string[]> = {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...extra.scriptSrc],
    'frame-src': ["'self'", ...extra.frameSrc],
  };
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/** Browser features the portal never asks for: off for this page and every frame it may hold. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()', 'magnetometer=()',
  'microphone=()', 'midi=()', 'payment=()', 'usb=()',
].join(', ');

/** HSTS for a year, subdomains included: sent only over TLS, where the browser takes it into account. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: FastifyHelmetOptions = {
  // Exactly the directives above: helmet's defaults would add upgrade-insecure-requests, which breaks
  // the demo on a plain-HTTP address other than loopback.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'sameorigin' },
  // Only over TLS (below): on plain HTTP the header means nothing, and sending it from a
  // development server on a name that later serves TLS would pin browsers to it.
  strictTransportSecurity: false,
};

/**
 * The headers @fastify/helmet writes with HELMET_OPTIONS, asked of it once. Registered on the app,
 * it builds helmet's middleware anew for every request (parsing the CSP directives each time), a
 * sixth of a visitor's /rest/init (issue 10 item 4); the same headers, computed once, cost nothing.
 */
async function helmetHeaders(): Promise<Record<string, string> & { 'content-security-policy': string }> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const answer = await probe.inject({ url: '/' });
  await probe.close();
  const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection']);
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !ownHeaders.has(name)).map(([name, value]) => [name, String(value)]));
  return { ...headers, 'content-security-policy': String(headers['content-security-policy']) };
}

/** The headers of every JSON answer (see above). */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** Documents sent without the app's Content-Security-Policy: only the development server's pages (server/client.ts devClient). */
const withoutPolicy = new WeakSet<FastifyReply>();

/**
 * Sends this answer without a Content-Security-Policy: Vite's development client runs an inline
 * preamble and talks to its own WebSocket, which the app's policy forbids. Never for a built app.
 */
export function sendWithoutContentSecurityPolicy(reply: FastifyReply) {
  withoutPolicy.add(reply);
}

/** `headers` on `reply`, each unless the route set it already. */
function addMissing(reply: FastifyReply, headers: Readonly<Record<string, string>>) {
  for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
}

export default fp(async function securityHeaders(app: FastifyInstance) {
  const { 'content-security-policy': documentPolicy, ...documentRest } = { ...(await helmetHeaders()), 'permissions-policy': PERMISSIONS_POLICY };
  // On the answer as it goes out, when its type is known. A callback hook: an async one costs a
  // promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      addMissing(reply, API_HEADERS);
    } else {
      addMissing(reply, documentRest);
      if (!withoutPolicy.has(reply) && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', documentPolicy);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}, { name: 'securityHeaders' });
