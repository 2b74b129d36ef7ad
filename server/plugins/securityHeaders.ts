/**
 * The protective headers of every answer, written once (issue 9 row 12) through @fastify/helmet:
 * the browser app's Content-Security-Policy, no framing by other sites, the referrer kept to this
 * origin, no MIME sniffing, a browsing-context group of its own (Cross-Origin-Opener-Policy), the
 * browser features the portal never uses switched off (Permissions-Policy), and
 * Strict-Transport-Security only on answers that went over TLS (`request.protocol` is `https`:
 * TLS at this server, or `X-Forwarded-Proto` from the proxy with TRUST_PROXY).
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const answer = await probe.inject({ url: '/' });
  await probe.close();
  const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !ownHeaders.has(name)).map(([name, value]) => [name, String(value)]));
}

export default fp(async function securityHeaders(app: FastifyInstance) {
  const headers = { ...(await helmetHeaders()), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}, { name: 'securityHeaders' });
