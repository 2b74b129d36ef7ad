/**
 * Issue 9 row 14: `TRUST_PROXY=1` means one hop. Behind one reverse proxy (the socket's peer), only the
 * address that proxy appended to X-Forwarded-For is the client's: 70 wrong logins, each with a
 * different forged chain before it, are throttled by the real client address; another client behind
 * the same proxy is not. The configuration read by config.ts is what the app is given.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { THROTTLE_PER_ADDRESS } from '../../server/services/login.ts';
import { startSession, UNLIMITED_ADDRESSES, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const PROXY = '10.0.0.2';
const ATTEMPTS = 70;

async function wrongLogin(app: FastifyInstance, username: string, forwardedFor: string) {
  const session = await startSession(app, 'springfield');
  const response = await app.inject({
    method: 'POST', url: '/manage/login', remoteAddress: PROXY,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'x-forwarded-for': forwardedFor },
    payload: { orgId: 'springfield', username, password: 'Not-the-password-1', keepSigned: 'false' },
  });
  return response;
}

describe.each([
  ['TRUST_PROXY=1', '1', 'attacker'],
  ['TRUST_PROXY=10.0.0.0/8 (the proxy\'s range)', '10.0.0.0/8', 'listed'],
])('%s', (_name, value, tag) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const { trustProxy } = readConfig({ TRUST_PROXY: value });
    // The login throttle's count per address is under test, not the bucket before hashing (hashAdmission.test.ts).
    app = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: '0.0.0-test', trustProxy, hashLimits: UNLIMITED_ADDRESSES });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`throttles ${ATTEMPTS} wrong logins by the real client address, whatever chain each forged`, async () => {
    const client = tag === 'attacker' ? '203.0.113.7' : '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      // A different forged chain each time; the proxy appends the address it saw.
      const forged = `198.51.${i}.${(i * 7) % 250}, 192.0.2.${i}`;
      const response = await wrongLogin(app, `nobody.${tag}.${i}`, `${forged}, ${client}`);
      statuses.push(response.statusCode);
    }
    const throttled = statuses.filter((status) => status === 429).length;
    expect(statuses.slice(0, THROTTLE_PER_ADDRESS).every((status) => status !== 429), statuses.join(' ')).toBe(true);
    expect(throttled, statuses.join(' ')).toBe(ATTEMPTS - THROTTLE_PER_ADDRESS);

    // Another member behind the same proxy is not refused for it.
    const other = await wrongLogin(app, `somebody.${tag}`, `198.51.100.1, ${tag === 'attacker' ? '203.0.113.8' : '203.0.113.10'}`);
    expect(other.statusCode).not.toBe(429);
    expect(other.json().errorCode).toBe('login.failed');
  }, 120_000);
});

describe('TRUST_PROXY in the configuration', () => {
  it.each([
    [undefined, false], ['0', false], ['1', 1], ['2', 2],
    ['10.0.0.0/8, 192.168.1.5', ['10.0.0.0/8', '192.168.1.5']], ['::1, fd00::/8', ['::1', 'fd00::/8']], ['loopback', ['loopback']],
  ])('TRUST_PROXY=%s → %j', (value, expected) => {
    expect(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.1, nonsense', '-1', '1.5'])('refuses TRUST_PROXY=%s, naming the variable', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be a number of proxy hops/);
  });
});
