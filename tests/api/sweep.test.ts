/**
 * Issue 9 row 9, tables that only grow: a visitor's CSRF token stores nothing (a signed
 * double-submit value until a session is needed), and the sweep deletes what has expired and bounds
 * the mail outbox, one process at a time, on a schedule the app starts and stops.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  accessKeys, adminSessions, admins, contacts, loginThrottle, mailOutbox, passwordResets, publicProfiles, sessionLogins, sessions,
} from '../../server/db/schema.ts';
import { OUTBOX_PER_ORGANIZATION, sweep } from '../../server/services/sweep.ts';
import { newVisitorCookie, visitorCsrfToken } from '../../server/services/visitorCsrf.ts';
import { setCookie, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const HOUR = 3600_000;
const rows = async (table: Parameters<ReturnType<typeof t.database.db.select>['from']>[0]) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

async function demoMember(orgId = 'springfield') {
  const [row] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.username, 'demo.member')));
  return row!.contactId;
}

describe('a visitor\'s CSRF token stores nothing', () => {
  it('1,000 anonymous /rest/init/csrf calls store no session', async () => {
    const before = await rows(sessions);
    for (let i = 0; i < 1000; i++) {
      const response = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
      expect(response.statusCode).toBe(200);
    }
    expect(await rows(sessions)).toBe(before);
  });

  it('accepts the token with its own cookie, and a session is stored only when something needs it', async () => {
    const visit = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    const cookie = `SSPCSRF=${setCookie(visit, 'SSPCSRF')!.value}`;
    const before = await rows(sessions);
    // A refused login stores nothing on a session: still no row.
    const login = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { cookie, 'x-csrf-token': visit.json().csrfToken },
      payload: { orgId: 'springfield', username: 'nobody.here', password: 'Wrong!Password1', keepSigned: 'false' },
    });
    expect(login.json().status).toBe('failed');
    expect(await rows(sessions)).toBe(before);
    // A login signs in on a stored session.
    const signedIn = await t.app.inject({
      method: 'POST', url: '/manage/login', headers: { cookie, 'x-csrf-token': visit.json().csrfToken },
      payload: { orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' },
    });
    expect(signedIn.json().status).toBe('1');
    expect(await rows(sessions)).toBe(before + 1);
    // Storing a language does.
    const language = await t.app.inject({ method: 'POST', url: '/changeLanguage/fr_FR', headers: { cookie, 'x-csrf-token': visit.json().csrfToken } });
    expect(language.statusCode).toBe(200);
    expect(await rows(sessions)).toBe(before + 2);
    // The stored session keeps the token the page holds.
    const again = await t.app.inject({
      method: 'POST', url: '/changeLanguage/de_DE',
      headers: { cookie: `SSPSESSION=${setCookie(language, 'SSPSESSION')!.value}`, 'x-csrf-token': visit.json().csrfToken },
    });
    expect(again.statusCode).toBe(200);
    expect(setCookie(again, 'SSPSESSION')).toBeUndefined();
  });

  it.each([
    ['no cookie', async (token: string) => ({ cookie: undefined, token })],
    ['another visitor\'s cookie', async (token: string) => ({ cookie: newVisitorCookie(), token })],
    ['a token whose HMAC is changed', async (token: string, cookie: string) => ({ cookie, token: `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}` })],
    ['a token made without the server secret', async (_token: string, cookie: string) => (
      { cookie, token: `${cookie}.${Buffer.alloc(32).toString('base64url')}` })],
    ['a cookie and its own token issued 13 hours ago', async () => {
      const cookie = newVisitorCookie(Date.now() - 13 * HOUR);
      return { cookie, token: await visitorCsrfToken(t.database.db, cookie) };
    }],
    ['the cookie value as the token', async (_token: string, cookie: string) => ({ cookie, token: cookie })],
  ])('refuses a forged double-submit token: %s', async (_name, forge) => {
    const visit = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    const forged = await forge(visit.json().csrfToken as string, setCookie(visit, 'SSPCSRF')!.value);
    const before = await rows(sessions);
    const response = await t.app.inject({
      method: 'POST', url: '/changeLanguage/fr_FR',
      headers: { 'x-csrf-token': forged.token, ...(forged.cookie ? { cookie: `SSPCSRF=${forged.cookie}` } : {}) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('csrf.invalid');
    expect(setCookie(response, 'language')).toBeUndefined();
    expect(await rows(sessions)).toBe(before);
  });

  it('refuses a visitor\'s token once a session is stored (the session\'s own token counts then)', async () => {
    const a = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    const b = await t.app.inject({ url: '/rest/init/csrf?orgId=springfield' });
    const stored = await t.app.inject({
      method: 'POST', url: '/changeLanguage/fr_FR',
      headers: { cookie: `SSPCSRF=${setCookie(a, 'SSPCSRF')!.value}`, 'x-csrf-token': a.json().csrfToken },
    });
    const sessionCookie = `SSPSESSION=${setCookie(stored, 'SSPSESSION')!.value}`;
    const response = await t.app.inject({
      method: 'POST', url: '/changeLanguage/de_DE',
      headers: { cookie: `${sessionCookie}; SSPCSRF=${setCookie(b, 'SSPCSRF')!.value}`, 'x-csrf-token': b.json().csrfToken },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the sweep', () => {
  it('deletes what has expired, keeps what has not, and bounds the outbox per organisation', async () => {
    const { db } = t.database;
    const contactId = await demoMember();
    const past = new Date(Date.now() - HOUR);
    const future = new Date(Date.now() + HOUR);
    await db.insert(sessions).values([
      { sessionHash: 'expired-session', csrfToken: 'x', expiresAt: past },
      { sessionHash: 'live-session', csrfToken: 'x', expiresAt: future },
    ]);
    await db.insert(sessionLogins).values([
      { orgId: 'springfield', sessionHash: 'expired-session', contactId },
      { orgId: 'springfield', sessionHash: 'live-session', contactId },
    ]);
    await db.insert(admins).values({ username: 'sweep-admin', passwordHash: 'x' }).onConflictDoNothing();
    await db.insert(adminSessions).values([
      { sessionHash: 'expired-admin', username: 'sweep-admin', csrfToken: 'x', expiresAt: past },
      { sessionHash: 'live-admin', username: 'sweep-admin', csrfToken: 'x', expiresAt: future },
    ]);
    await db.insert(loginThrottle).values([
      { orgId: 'springfield', key: 'ip:stale', failures: 3, windowStart: new Date(Date.now() - 25 * HOUR) },
      { orgId: 'springfield', key: 'ip:current', failures: 3, windowStart: new Date() },
    ]);
    await db.insert(passwordResets).values([
      { orgId: 'springfield', tokenHash: 'expired-reset', contactId, expiresAt: past },
      { orgId: 'springfield', tokenHash: 'used-reset', contactId, expiresAt: future, usedAt: new Date() },
      { orgId: 'springfield', tokenHash: 'live-reset', contactId, expiresAt: future },
    ]);
    await db.insert(accessKeys).values([
      { orgId: 'springfield', keyHash: 'expired-key', contactId, expiresAt: past },
      { orgId: 'springfield', keyHash: 'live-key', contactId, expiresAt: future },
    ]);
    const profile = { orgId: 'springfield', firstName: 'P', lastName: 'Q' };
    await db.insert(publicProfiles).values([
      { ...profile, profileId: 'expired-profile', tokenHash: 'expired-profile', expiresAt: past },
      { ...profile, profileId: 'live-profile', tokenHash: 'live-profile', expiresAt: future },
    ]);
    const mail = { recipient: 'a@example.org', subject: 's', text: 't' };
    await db.delete(mailOutbox);
    await db.insert(mailOutbox).values({ orgId: 'acme', ...mail, subject: 'old', createdAt: new Date(Date.now() - 31 * 24 * HOUR), sentAt: new Date() });
    await db.insert(mailOutbox).values({ orgId: 'acme', ...mail, subject: 'recent' });
    await db.execute(sql`insert into mail_outbox (org_id, recipient, subject, text, created_at)
      select 'springfield', 'a@example.org', 'bulk ' || n, 't', now() - (n || ' seconds')::interval
      from generate_series(1, ${OUTBOX_PER_ORGANIZATION + 5}) as n`);

    expect(await sweep(db)).toBe(true);

    const keys = async <T>(query: Promise<T[]>, pick: (row: T) => string) => (await query).map(pick).sort();
    expect(await keys(db.select().from(sessions).where(sql`session_hash like '%-session'`), (r) => r.sessionHash)).toEqual(['live-session']);
    expect(await keys(db.select().from(sessionLogins).where(sql`session_hash like '%-session'`), (r) => r.sessionHash)).toEqual(['live-session']);
    expect(await keys(db.select().from(adminSessions), (r) => r.sessionHash)).toEqual(['live-admin']);
    expect(await keys(db.select().from(loginThrottle).where(sql`key in ('ip:stale', 'ip:current')`), (r) => r.key)).toEqual(['ip:current']);
    expect(await keys(db.select().from(passwordResets), (r) => r.tokenHash)).toEqual(['live-reset']);
    expect(await keys(db.select().from(accessKeys), (r) => r.keyHash)).toEqual(['live-key']);
    expect(await keys(db.select().from(publicProfiles).where(sql`profile_id like '%-profile'`), (r) => r.profileId)).toEqual(['live-profile']);
    expect(await keys(db.select().from(mailOutbox).where(eq(mailOutbox.orgId, 'acme')), (r) => r.subject)).toEqual(['recent']);
    const springfield = await db.select().from(mailOutbox).where(eq(mailOutbox.orgId, 'springfield'));
    expect(springfield).toHaveLength(OUTBOX_PER_ORGANIZATION);
    // The newest are kept: bulk 1 … bulk 1000 (bulk n was written n seconds ago).
    expect(springfield.map((m) => m.subject)).not.toContain(`bulk ${OUTBOX_PER_ORGANIZATION + 1}`);
    expect(springfield.map((m) => m.subject)).toContain('bulk 1');
  });

  it('runs in several processes at once without failing, one of them sweeping at a time', async () => {
    const { db } = t.database;
    await db.insert(sessions).values({ sessionHash: 'concurrent-expired', csrfToken: 'x', expiresAt: new Date(Date.now() - HOUR) });
    const results = await Promise.all([sweep(db), sweep(db), sweep(db), sweep(db)]);
    expect(results).toContain(true);
    expect(await db.select().from(sessions).where(eq(sessions.sessionHash, 'concurrent-expired'))).toHaveLength(0);
  });

  it('is started by the app on its schedule and stopped when the app closes', async () => {
    const { db } = t.database;
    const app = await buildApp({ db, client: null, demo: true, serverVersion: 'test', sweepIntervalMs: 50 });
    await app.ready();
    const expired = (name: string) => db.insert(sessions).values({ sessionHash: name, csrfToken: 'x', expiresAt: new Date(Date.now() - HOUR) });
    const exists = async (name: string) => (await db.select().from(sessions).where(eq(sessions.sessionHash, name))).length === 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expired('scheduled-expired');
      const deadline = Date.now() + 5000;
      while ((await exists('scheduled-expired')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await exists('scheduled-expired')).toBe(false);
    } finally {
      await app.close();
    }
    await expired('after-close');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await exists('after-close')).toBe(true);
  });
});
