/**
 * What the test-notification tests share: an ALTCHA challenge solved for real (altcha-lib's own
 * solver, the work the browser's widget does), and a loopback server speaking reCAPTCHA's siteverify.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { body } from './twilioServer.ts';

/** The widget's payload for `challenge`: base64 of `{challenge: {parameters, signature}, solution}`. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** The loopback `grecaptcha`: one checkbox per render, its tick a fresh `good-` token, its untick an expiry. */
const GRECAPTCHA = `(() => {
  const boxes = [];
  window.grecaptcha = {
    ready(callback) { callback(); },
    render(container, parameters) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.addEventListener('change', () => {
        if (box.checked) parameters.callback('good-' + parameters.sitekey + '-' + Math.random().toString(36).slice(2));
        else parameters['expired-callback']();
      });
      label.append(box, ' I am not a robot (test reCAPTCHA)');
      container.append(label);
      boxes.push(box);
      return boxes.length - 1;
    },
    reset(widgetId) {
      const box = boxes[widgetId ?? 0];
      if (box) box.checked = false;
    },
  };
})();
`;

export interface SiteverifyRequest {
  contentType: string | null;
  form: Record<string, string>;
}

export interface TestSiteverifyServer {
  url: string;
  /** The browser script's address (RECAPTCHA_SCRIPT_URL). */
  scriptUrl: string;
  received: SiteverifyRequest[];
  close(): Promise<void>;
}

/**
 * `POST /recaptcha/api/siteverify` as Google answers it: form `secret`, `response`, `remoteip`;
 * `{success: true, challenge_ts, hostname}` for a token starting `good-` with the right secret, else
 * `{success: false, 'error-codes': [...]}` (`invalid-input-secret`, `timeout-or-duplicate` for a token
 * starting `stale-`, `invalid-input-response`). A token starting `down-` gets a 500.
 * `GET /recaptcha/api.js` is the browser's side (RECAPTCHA_SCRIPT_URL): `grecaptcha` with Google's
 * explicit-render API (`ready`, `render(container, {sitekey, callback, 'expired-callback'})`,
 * `reset`), drawing a checkbox whose tick hands the callback a `good-…` token.
 */
export async function startSiteverifyServer(secret: string): Promise<TestSiteverifyServer> {
  const received: SiteverifyRequest[] = [];
  const server = createServer((request, response) => {
    void body(request).then((raw) => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      received.push({ contentType: request.headers['content-type'] ?? null, form });
      const json = (status: number, answer: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      const token = form.response ?? '';
      if (request.method === 'GET' && request.url?.split('?')[0] === '/recaptcha/api.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return response.end(GRECAPTCHA);
      }
      if (request.method !== 'POST' || request.url !== '/recaptcha/api/siteverify') return json(404, { success: false });
      if (token.startsWith('down-')) return json(500, { success: false });
      if (form.secret !== secret) return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token.startsWith('stale-')) return json(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
      if (!token.startsWith('good-')) return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
      return json(200, { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    scriptUrl: `http://127.0.0.1:${port}/recaptcha/api.js`,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
