/**
 * A loopback HTTP server speaking Slack's formats (no mocked function): incoming webhooks at
 * `/services/{T}/{B}/{secret}` (200 `ok` for `webhookPath`, 404 `no_service` otherwise, 400
 * `invalid_payload` without a text) and the Web API at `/api`: `chat.postMessage` ({ok: true, ts}
 * for a channel in `channels`, {ok: false, error: 'channel_not_found'} otherwise, `invalid_auth`
 * without the bot token) and `users.lookupByEmail` (the ids of `users`, else `users_not_found`).
 * What arrived is in `received`.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { body } from './twilioServer.ts';

export interface SlackRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  /** The parsed JSON body (POST), or the query (GET). */
  payload: Record<string, unknown>;
}

export interface TestSlackServer {
  url: string;
  /** The webhook address that answers `ok`. */
  webhookUrl: string;
  /** SLACK_API_URL for this server. */
  apiUrl: string;
  received: SlackRequest[];
  close(): Promise<void>;
}

export async function startSlackServer(options: { botToken: string; channels: string[]; users?: Record<string, string> }): Promise<TestSlackServer> {
  const received: SlackRequest[] = [];
  const webhookPath = '/services/T0001/B0001/XXXXXXXXXXXXXXXXXXXXXXXX';
  const server = createServer((request, response) => {
    void body(request).then((raw) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      let payload: Record<string, unknown> = Object.fromEntries(url.searchParams);
      if (request.method === 'POST') {
        try {
          payload = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          payload = {};
        }
      }
      received.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization ?? null, contentType: request.headers['content-type'] ?? null, payload });
      if (url.pathname.startsWith('/services/')) {
        if (url.pathname !== webhookPath) return text(response, 404, 'no_service');
        if (typeof payload.text !== 'string' || !payload.text) return text(response, 400, 'invalid_payload');
        return text(response, 200, 'ok');
      }
      if (request.headers.authorization !== `Bearer ${options.botToken}`) return json(response, { ok: false, error: 'invalid_auth' });
      if (url.pathname === '/api/chat.postMessage' && request.method === 'POST') {
        if (!options.channels.includes(String(payload.channel))) return json(response, { ok: false, error: 'channel_not_found' });
        return json(response, { ok: true, channel: payload.channel, ts: '1700000000.000100', message: { text: payload.text } });
      }
      if (url.pathname === '/api/users.lookupByEmail' && request.method === 'GET') {
        const id = options.users?.[String(payload.email)];
        return json(response, id ? { ok: true, user: { id } } : { ok: false, error: 'users_not_found' });
      }
      return json(response, { ok: false, error: 'unknown_method' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url, webhookUrl: `${url}${webhookPath}`, apiUrl: `${url}/api`, received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function text(response: ServerResponse, status: number, value: string): void {
  response.writeHead(status, { 'content-type': 'text/html' }).end(value);
}

function json(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
}
