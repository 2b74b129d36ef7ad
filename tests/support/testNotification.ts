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

export interface SiteverifyRequest {
  contentType: string | null;
  form: Record<string, string>;
}

export interface TestSiteverifyServer {
  url: string;
  received: SiteverifyRequest[];
  close(): Promise<void>;
}

/**
 * `POST /recaptcha/api/siteverify` as Google answers it: form `secret`, `response`, `remoteip`;
 * `{success: true, challenge_ts, hostname}` for a token starting `good-` with the right secret, else
 * `{success: false, 'error-codes': [...]}` (`invalid-input-secret`, `timeout-or-duplicate` for a token
 * starting `stale-`, `invalid-input-response`). A token starting `down-` gets a 500.
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
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
