/**
 * A loopback HTTP server speaking Twilio's REST format for Messages and Calls (no mocked function):
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` and `Calls.json`, form-encoded, HTTP Basic auth
 * sid:token. It answers 201 with a Twilio-like resource, 401 with Twilio's error JSON for wrong
 * credentials, 400 {code 21211, …} for a number in `badNumbers` or not in E.164 form, and 503 to the
 * first `failFirst` requests. What arrived is in `received`; `onRequest` hears of each as it arrives.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  method: string;
  path: string;
  resource: 'Messages' | 'Calls' | null;
  authorization: string | null;
  contentType: string | null;
  form: Record<string, string>;
}

export interface TestTwilioServer {
  url: string;
  received: TwilioRequest[];
  close(): Promise<void>;
}

export async function startTwilioServer(options: {
  accountSid: string; authToken: string; badNumbers?: string[]; failFirst?: number; onRequest?: (request: TwilioRequest) => void;
}): Promise<TestTwilioServer> {
  const received: TwilioRequest[] = [];
  let failures = options.failFirst ?? 0;
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  const server = createServer((request, response) => {
    void body(request).then((raw) => {
      const path = request.url ?? '';
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(path);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const arrived: TwilioRequest = {
        method: request.method ?? '', path, resource: (match?.[2] as 'Messages' | 'Calls' | undefined) ?? null,
        authorization: request.headers.authorization ?? null, contentType: request.headers['content-type'] ?? null, form,
      };
      received.push(arrived);
      options.onRequest?.(arrived);
      if (failures > 0) {
        failures--;
        return json(response, 503, { code: 20503, message: 'Service unavailable', more_info: 'https://www.twilio.com/docs/errors/20503', status: 503 });
      }
      if (request.method !== 'POST' || !match || match[1] !== options.accountSid) {
        return json(response, 404, { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 });
      }
      if (request.headers.authorization !== expectedAuth) {
        return json(response, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      }
      const to = form.To ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to) || options.badNumbers?.includes(to)) {
        return json(response, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
      }
      const resource = match[2] === 'Messages' ? 'SM' : 'CA';
      const sid = `${resource}${randomBytes(16).toString('hex')}`;
      return json(response, 201, {
        sid, account_sid: options.accountSid, to, from: form.From, status: 'queued', date_created: new Date().toUTCString(),
        ...(resource === 'SM' ? { body: form.Body, num_segments: String(Math.ceil((form.Body ?? '').length / 153) || 1) } : {}),
        uri: `/2010-04-01/Accounts/${options.accountSid}/${match[2]}/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A request's body as text. */
export function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
}
