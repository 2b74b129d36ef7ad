/**
 * Issue 9 row 18: database trouble answers 503 `service.unavailable` with Retry-After, never 500 or
 * a hang, and /healthz answers within 2 s whatever the database does. The database is real sockets
 * on loopback: a port nobody listens on (PostgreSQL stopped) and a TCP server that accepts and never
 * says a word (PostgreSQL frozen), reached through the app's own pool with its default timeouts.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';

interface Down { app: FastifyInstance; database: Database }

async function appOn(port: number): Promise<Down> {
  const database = await openDatabase({ databaseUrl: `postgres://portal:secret@127.0.0.1:${port}/portal`, dataDir: null });
  const app = await buildApp({ db: database.db, client: null, demo: false, publicUrl: 'https://portal.example.org', serverVersion: '0.0.0-test' });
  await app.ready();
  return { app, database };
}

const listening = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));

let frozenServer: net.Server;
const frozenSockets: net.Socket[] = [];
let stopped: Down;
let frozen: Down;

beforeAll(async () => {
  // Stopped: a port that was just free again, so connecting is refused.
  const probe = net.createServer();
  const stoppedPort = await listening(probe);
  await new Promise((resolve) => probe.close(resolve));
  stopped = await appOn(stoppedPort);
  // Frozen: connections are accepted and then nothing ever comes back.
  frozenServer = net.createServer((socket) => {
    frozenSockets.push(socket);
    socket.on('error', () => {});
  });
  frozen = await appOn(await listening(frozenServer));
});

afterAll(async () => {
  await stopped?.app.close();
  await stopped?.database.close().catch(() => undefined);
  for (const socket of frozenSockets) socket.destroy();
  await frozen?.app.close();
  await frozen?.database.close().catch(() => undefined);
  await new Promise((resolve) => frozenServer?.close(resolve));
});

const calls = [
  ['GET /rest/init', { method: 'GET', url: '/rest/init?orgId=springfield' }],
  ['GET /rest/init/csrf', { method: 'GET', url: '/rest/init/csrf?orgId=springfield' }],
  ['POST /manage/login with a session cookie', {
    method: 'POST', url: '/manage/login', headers: { cookie: 'SSPSESSION=some-session', 'x-csrf-token': 'some-token' },
    payload: { orgId: 'springfield', username: 'demo.member', password: 'x' },
  }],
  ['GET /rest/registration/settings', { method: 'GET', url: '/rest/registration/settings?orgId=springfield' }],
] as const;

describe('PostgreSQL stopped (row 18)', () => {
  it.each(calls)('%s answers 503 service.unavailable with Retry-After', async (_name, request) => {
    const response = await stopped.app.inject(request);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errorCode: 'service.unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('/healthz answers 503 at once', async () => {
    const response = await stopped.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
  });
});

describe('PostgreSQL frozen (row 18)', () => {
  it('/healthz answers 503 within 2 s', async () => {
    const started = Date.now();
    const response = await frozen.app.inject({ url: '/healthz' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', errorCode: 'db.unavailable' });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('a call that needs the database answers 503 service.unavailable once the connection times out, not a hang', async () => {
    const started = Date.now();
    const response = await frozen.app.inject({ url: '/rest/init?orgId=springfield' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errorCode: 'service.unavailable' });
    expect(response.headers['retry-after']).toBeDefined();
  });
});
