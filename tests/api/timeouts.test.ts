/**
 * Issue 9 row 8: bodies that never end. Real sockets to a listening app (port 0 on loopback): a body
 * held open, a body or headers trickled a byte at a time, are closed within the request timeouts
 * (set low here through buildApp's `timeouts`; the defaults, seconds not minutes, are
 * server/http/timeouts.ts). A prompt request is served as before.
 */
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { REQUEST_TIMEOUTS } from '../../server/http/timeouts.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const TIMEOUTS = { headersMs: 600, requestMs: 1_200, idleMs: 1_000, checkEveryMs: 100 };
/** Within this a socket must be closed: the longest timeout plus room for a loaded machine. */
const BOUND_MS = 4_000;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: '0.0.0-test', timeouts: TIMEOUTS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
});

interface Outcome { closedAfterMs: number | null; received: string }

/** Opens a socket, lets `drive` write to it, and reports when (if within BOUND_MS) the server closed it. */
async function hold(drive: (socket: Socket, stopped: () => boolean) => Promise<void> | void): Promise<Outcome> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => {
    closed = true;
    resolve(Date.now() - started);
  }));
  void drive(socket, () => closed);
  const closedAfterMs = await Promise.race([closedAt, new Promise<null>((resolve) => setTimeout(() => resolve(null), BOUND_MS))]);
  socket.destroy();
  return { closedAfterMs, received };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LOGIN_HEAD = 'POST /manage/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n';

describe('request timeouts on a listening server', () => {
  it('has defaults of seconds, not minutes', () => {
    expect(REQUEST_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    expect(REQUEST_TIMEOUTS.idleMs).toBeLessThanOrEqual(30_000);
    expect(REQUEST_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(1_000);
  });

  it('closes a socket that sent its headers and part of a body, then nothing', async () => {
    const outcome = await hold((socket) => {
      socket.write(`${LOGIN_HEAD}{"orgId":"springfield",`);
    });
    expect(outcome.closedAfterMs, 'still open').not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(BOUND_MS);
  });

  it('closes a socket that trickles its body a byte at a time (never idle), answering 408', async () => {
    const outcome = await hold(async (socket, stopped) => {
      socket.write(LOGIN_HEAD);
      for (let i = 0; i < 200 && !stopped(); i++) {
        socket.write(' ');
        await sleep(200);
      }
    });
    expect(outcome.closedAfterMs, 'still open').not.toBeNull();
    expect(outcome.closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a socket that trickles its headers, answering 408', async () => {
    const outcome = await hold(async (socket, stopped) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      for (let i = 0; i < 200 && !stopped(); i++) {
        socket.write(`X-Slow-${i}: a\r\n`);
        await sleep(150);
      }
    });
    expect(outcome.closedAfterMs, 'still open').not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(BOUND_MS);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still serves a prompt request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
