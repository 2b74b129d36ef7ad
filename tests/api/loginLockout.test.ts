/**
 * Issue 9 row 1: the lock-out and the throttle hold under concurrency. An attempt is claimed before
 * its password is verified, so of any number of concurrent attempts at most the limit is verified
 * (counted through services/passwords.ts), and a shut account signs in with nothing, even the
 * right password. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottle } from '../../server/db/schema.ts';
import { FEDRAMP_MAX_ATTEMPTS, THROTTLE_PER_ACCOUNT } from '../../server/services/login.ts';
import { verificationsSoFar } from '../../server/services/passwords.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

/**
 * fedagency as it was before it required a second factor (issue 15): this file is about its FedRAMP
 * password lock-out, with the password alone; the second step's own counting is tests/api/secondFactors.test.ts.
 */
const t = useTestApp({ orgSettings: { fedagency: { requireSecondFactor: false } } });
const RIGHT = 'Demo!Member2026';

async function login(orgId: string, username: string, password: string) {
  const s = await startSession(t.app, orgId);
  const response = await t.app.inject({
    method: 'POST', url: '/manage/login', headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: { orgId, username, password, keepSigned: 'false' },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const failures = async (orgId: string, key: string) =>
  (await t.database.db.select().from(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), eq(loginThrottle.key, key))))[0]?.failures ?? 0;

/** `wrong` concurrent wrong passwords; the right one sent while they are under way, once `limit` are counted. */
async function storm(orgId: string, username: string, wrong: number, limit: number) {
  const before = verificationsSoFar();
  const wrongOnes = Array.from({ length: wrong }, (_, i) => login(orgId, username, `wrong-${i}`));
  for (let waited = 0; waited < 5000 && (await failures(orgId, `user:${username}`)) < limit; waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const right = await login(orgId, username, RIGHT);
  const answers = await Promise.all(wrongOnes);
  return { right, answers, verified: verificationsSoFar() - before };
}

describe('FedRAMP lock-out under concurrency (fedagency, limit 3)', () => {
  it('verifies at most 3 of 19 concurrent wrong passwords, and the right one then signs in with nothing', async () => {
    const { right, answers, verified } = await storm('fedagency', 'demo.member', 19, FEDRAMP_MAX_ATTEMPTS);
    expect(verified).toBeLessThanOrEqual(FEDRAMP_MAX_ATTEMPTS);
    expect(right).toEqual({ status: 403, body: { status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: 30 } });
    expect(answers.filter((a) => a.body.status === 'failed').length).toBeLessThanOrEqual(FEDRAMP_MAX_ATTEMPTS - 1);
    expect(answers.every((a) => a.status === 403)).toBe(true);
    // Still locked, and nothing more verified.
    const before = verificationsSoFar();
    expect((await login('fedagency', 'demo.member', RIGHT)).body.status).toBe('locked');
    expect(verificationsSoFar()).toBe(before);
  });

  it('counts an unknown account\'s lock down exactly as a known one\'s', async () => {
    for (const username of ['ghost.user', 'demo.member']) {
      for (let i = 0; i < FEDRAMP_MAX_ATTEMPTS; i++) await login('fedagency', username, 'wrong');
    }
    // A minute and a bit later for both accounts:
    await t.database.db.update(loginThrottle).set({ windowStart: new Date(Date.now() - 61_000) }).where(eq(loginThrottle.orgId, 'fedagency'));
    const known = await login('fedagency', 'demo.member', RIGHT);
    const unknown = await login('fedagency', 'ghost.user', RIGHT);
    expect(known).toEqual(unknown);
    expect(known.body).toEqual({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: 29 });
  });

  it('a right password within the budget signs in and clears the count', async () => {
    await t.database.db.delete(loginThrottle).where(eq(loginThrottle.orgId, 'fedagency'));
    await login('fedagency', 'demo.member', 'wrong');
    await login('fedagency', 'demo.member', 'wrong');
    expect((await login('fedagency', 'demo.member', RIGHT)).body.status).toBe('1');
    expect((await login('fedagency', 'demo.member', 'wrong')).body).toMatchObject({ remainCount: 2 });
  });
});

describe('throttle under concurrency (springfield, limit 10)', () => {
  it('verifies at most 10 of 40 concurrent wrong passwords, and then answers the right one 429', async () => {
    const { right, answers, verified } = await storm('springfield', 'demo.member', 40, THROTTLE_PER_ACCOUNT);
    expect(verified).toBeLessThanOrEqual(THROTTLE_PER_ACCOUNT);
    expect(right).toEqual({ status: 429, body: { status: 'failed', errorCode: 'login.throttled' } });
    expect(answers.filter((a) => a.status === 403)).toHaveLength(verified);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - verified);
  });

  it('a right password does not use up the address\'s budget', async () => {
    const before = await failures('acme', 'ip:127.0.0.1');
    for (let i = 0; i < 3; i++) expect((await login('acme', 'demo.member', RIGHT)).body.status).toBe('1');
    expect(await failures('acme', 'ip:127.0.0.1')).toBe(before);
  });
});
