/**
 * Issue 9 row 15: admission control before hashing. A per-address token bucket is charged before a
 * request that may hash does anything else; hashing goes through one bounded queue that answers 503
 * `service.busy` with Retry-After when full; a job whose client has gone is dropped unrun.
 */
import { describe, expect, it } from 'vitest';
import { bucketKey, ClientGone, createHashAdmission, DEFAULT_HASH_LIMITS, HashAdmissionRefused } from '../../server/services/hashAdmission.ts';
import { verificationsSoFar } from '../../server/services/passwords.ts';
import { createTestApp, startSession, useTestApp } from '../support/testApp.ts';

const limits = (over: Partial<typeof DEFAULT_HASH_LIMITS>) => ({ ...DEFAULT_HASH_LIMITS, ...over });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the per-address bucket', () => {
  it('lets a burst through, then refuses with 429 request.throttled and the seconds until the next token, and refills', async () => {
    const admission = createHashAdmission(limits({ addressBurst: 3, addressPerSecond: 10 }));
    expect([0, 1, 2].map(() => admission.admit('192.0.2.1'))).toEqual([null, null, null]);
    const refused = admission.admit('192.0.2.1');
    expect(refused).toBeInstanceOf(HashAdmissionRefused);
    expect(refused).toMatchObject({ status: 429, errorCode: 'request.throttled', retryAfterSeconds: 1 });
    expect(admission.admit('192.0.2.2')).toBeNull();
    await sleep(150);
    expect(admission.admit('192.0.2.1')).toBeNull();
  });

  it('keeps at most `addresses` buckets, forgetting the one seen longest ago', () => {
    const admission = createHashAdmission(limits({ addressBurst: 1, addressPerSecond: 0.001, addresses: 2 }));
    expect(admission.admit('192.0.2.1')).toBeNull();
    expect(admission.admit('192.0.2.2')).toBeNull();
    expect(admission.admit('192.0.2.1')?.status).toBe(429);
    // A third address pushes out the bucket of .2 (seen longest ago); .1, still empty, is kept.
    expect(admission.admit('192.0.2.3')).toBeNull();
    expect(admission.admit('192.0.2.1')?.status).toBe(429);
    expect(admission.admit('192.0.2.2')).toBeNull();
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s (IPv6 by its /64)', (address, key) => {
    expect(bucketKey(address)).toBe(key);
  });
});

describe('the hashing queue', () => {
  it(`runs at most concurrency jobs, holds queueLimit more, refuses the next with 503 service.busy, and serves the held ones in order`, async () => {
    const admission = createHashAdmission(limits({ concurrency: 1, queueLimit: 2 }));
    const order: number[] = [];
    let release!: () => void;
    const first = admission.run(() => new Promise<void>((resolve) => { release = resolve; }).then(() => order.push(1)));
    const held = [2, 3].map((n) => admission.run(async () => order.push(n)));
    expect(admission.load()).toEqual({ running: 1, waiting: 2 });
    expect(admission.admit('192.0.2.1')).toMatchObject({ status: 503, errorCode: 'service.busy', retryAfterSeconds: 2 });
    await expect(admission.run(async () => order.push(4))).rejects.toMatchObject({ status: 503, errorCode: 'service.busy' });
    release();
    await Promise.all([first, ...held]);
    expect(order).toEqual([1, 2, 3]);
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a job whose client went away while it waited, and hands its turn on', async () => {
    const admission = createHashAdmission(limits({ concurrency: 1 }));
    let release!: () => void;
    const first = admission.run(() => new Promise<void>((resolve) => { release = resolve; }));
    const gone = new AbortController();
    let ran = false;
    const dropped = admission.run(async () => { ran = true; }, gone.signal);
    const next = admission.run(async () => 'next');
    gone.abort();
    release();
    await first;
    await expect(dropped).rejects.toBeInstanceOf(ClientGone);
    await expect(next).resolves.toBe('next');
    expect(ran).toBe(false);
  });
});

describe('the portal with its own limits', () => {
  const t = useTestApp({ hashLimits: DEFAULT_HASH_LIMITS });

  /** Answered after the password was verified (a wrong one: 403 failed), not refused before. */
  const WRONG_PASSWORD = 403;

  async function login(remoteAddress: string, username: string, session?: Awaited<ReturnType<typeof startSession>>) {
    const s = session ?? await startSession(t.app);
    return t.app.inject({
      method: 'POST', url: '/manage/login', remoteAddress, headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
      payload: { orgId: 'springfield', username, password: 'not-the-password', keepSigned: 'false' },
    });
  }

  it(`lets one address start ${DEFAULT_HASH_LIMITS.addressBurst} logins at once, refuses the rest before any hash, and no other address`, async () => {
    const before = verificationsSoFar();
    // The sessions first, so the 40 logins reach the bucket together (it refills 2 per second).
    const sessions = await Promise.all(Array.from({ length: 40 }, () => startSession(t.app)));
    const answers = await Promise.all(sessions.map((session, i) => login('198.51.100.1', `flood.${i}`, session)));
    const throttled = answers.filter((a) => a.statusCode === 429);
    expect(throttled).toHaveLength(40 - DEFAULT_HASH_LIMITS.addressBurst);
    expect(throttled.every((a) => a.json().errorCode === 'request.throttled' && Number(a.headers['retry-after']) >= 1)).toBe(true);
    expect(verificationsSoFar() - before).toBe(DEFAULT_HASH_LIMITS.addressBurst);
    expect((await login('198.51.100.2', 'someone')).statusCode).toBe(WRONG_PASSWORD);
  });

  it('answers 503 service.busy with Retry-After once the queue is full, then serves again', async () => {
    // Every running slot is held by a job of the test's own, so the queue fills however fast argon2
    // is on this machine: exactly queueLimit logins wait, the rest are refused.
    const releases: (() => void)[] = [];
    const holders = Array.from({ length: DEFAULT_HASH_LIMITS.concurrency }, () =>
      t.app.hashAdmission.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    const before = verificationsSoFar();
    let answered = 0;
    const pending = Promise.all(Array.from({ length: 60 }, (_, i) => login(`192.0.2.${i + 1}`, `crowd.${i}`).finally(() => answered++)));
    // Until every login either waits in the queue or was refused (the slower ones are still starting their sessions).
    for (let i = 0; i < 2000 && answered + t.app.hashAdmission.load().waiting < 60; i++) await sleep(5);
    expect(t.app.hashAdmission.load()).toEqual({ running: DEFAULT_HASH_LIMITS.concurrency, waiting: DEFAULT_HASH_LIMITS.queueLimit });
    for (const release of releases) release();
    await Promise.all(holders);
    const answers = await pending;
    const busy = answers.filter((a) => a.statusCode === 503);
    const served = answers.filter((a) => a.statusCode === WRONG_PASSWORD);
    expect(busy).toHaveLength(60 - DEFAULT_HASH_LIMITS.queueLimit);
    expect(busy.every((a) => a.json().errorCode === 'service.busy' && a.headers['retry-after'] === '2')).toBe(true);
    expect(served).toHaveLength(DEFAULT_HASH_LIMITS.queueLimit);
    expect(verificationsSoFar() - before).toBe(served.length);
    expect(t.app.hashAdmission.load()).toEqual({ running: 0, waiting: 0 });
    expect((await login('192.0.2.200', 'after.the.crowd')).statusCode).toBe(WRONG_PASSWORD);
  });
});

describe('a client that hangs up', () => {
  it('is not hashed for: its waiting job is dropped when its connection closes', async () => {
    const testApp = await createTestApp({ hashLimits: { concurrency: 1 } });
    const base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const s = await startSession(testApp.app);
      const post = (username: string, signal?: AbortSignal) => fetch(`${base}/manage/login`, {
        method: 'POST', signal,
        headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrfToken },
        body: JSON.stringify({ orgId: 'springfield', username, password: 'not-the-password', keepSigned: 'false' }),
      });
      // The one running slot is held by a job of the test's own, so the caller below waits its turn
      // however fast argon2 is on this machine.
      let releaseSlot!: () => void;
      const holder = testApp.app.hashAdmission.run(() => new Promise<void>((resolve) => { releaseSlot = resolve; }));
      const before = verificationsSoFar();
      const hangingUp = new AbortController();
      const second = post('hangs.up', hangingUp.signal).catch((err: unknown) => err);
      for (let i = 0; i < 400 && testApp.app.hashAdmission.load().waiting === 0; i++) await sleep(5);
      expect(testApp.app.hashAdmission.load()).toEqual({ running: 1, waiting: 1 });
      hangingUp.abort();
      expect(await second).toBeInstanceOf(Error);
      // The server has seen the connection close before the turn comes.
      const connections = () => new Promise<number>((resolve) => testApp.app.server.getConnections((_err, n) => resolve(n)));
      for (let i = 0; i < 200 && (await connections()) > 0; i++) await sleep(5);
      expect(await connections()).toBe(0);
      releaseSlot();
      await holder;
      for (let i = 0; i < 200 && testApp.app.hashAdmission.load().running > 0; i++) await sleep(5);
      expect(testApp.app.hashAdmission.load()).toEqual({ running: 0, waiting: 0 });
      expect(verificationsSoFar() - before).toBe(0);
      expect((await post('third.caller')).status).toBe(403);
      expect(verificationsSoFar() - before).toBe(1);
    } finally {
      await testApp.close();
    }
  });
});
