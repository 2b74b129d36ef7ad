/**
 * Issue 10 item 5: passwords and security answers are argon2id at OWASP's parameters (m = 19456 KiB,
 * t = 2, p = 1); a stored hash with other parameters is replaced at the next right password, in the
 * transaction that gives the login's attempt back, and never over a password changed meanwhile.
 */
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admins, contacts } from '../../server/db/schema.ts';
import { completeLogin } from '../../server/repositories/logins.ts';
import { upsertAdmin } from '../../server/repositories/admins.ts';
import { hashPassword, hashSecurityAnswer, upgradedHash, verifyPassword } from '../../server/services/passwords.ts';
import { injectAdminLogin, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
const OWASP = /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/;
/** What the portal stored before issue 10: the argon2 package's defaults. */
const oldHash = (secret: string) => argon2.hash(secret, { type: argon2.argon2id });

const storedHash = async (username: string) =>
  (await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.username, username))))[0]!.passwordHash!;

async function login(username: string, password: string) {
  const s = await startSession(t.app);
  return t.app.inject({
    method: 'POST', url: '/manage/login', headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    payload: { orgId: 'springfield', username, password, keepSigned: 'false' },
  });
}

async function addMember(username: string, passwordHash: string) {
  await t.database.db.insert(contacts).values({ orgId: 'springfield', username, passwordHash, firstName: 'Old', lastName: 'Hash', email: `${username}@example.org` });
}

describe('argon2id at OWASP parameters', () => {
  it('hashes passwords and security answers with m=19456, t=2, p=1, and the demo members too', async () => {
    expect(await hashPassword('Correct#Horse2026')).toMatch(OWASP);
    expect(await hashSecurityAnswer('Blue')).toMatch(OWASP);
    expect(await storedHash('demo.member')).toMatch(OWASP);
  });

  it.each([
    ['the library defaults (64 MiB, t=3, p=4)', () => oldHash('Old#Password2026'), true],
    ['argon2i', () => argon2.hash('Old#Password2026', { type: argon2.argon2i, memoryCost: 19_456, timeCost: 2, parallelism: 1 }), true],
    ['today\'s parameters', () => hashPassword('Old#Password2026'), false],
  ])('upgrades a hash of %s: %s', async (_name, make, upgrades) => {
    const upgraded = await upgradedHash(await make(), 'Old#Password2026');
    expect(upgraded !== null).toBe(upgrades);
    if (upgraded) {
      expect(upgraded).toMatch(OWASP);
      expect(await verifyPassword(upgraded, 'Old#Password2026')).toBe(true);
    }
  });
});

describe('rehash at the next right password', () => {
  it('replaces an old hash at login, and the member signs in with the same password afterwards', async () => {
    await addMember('old.hash', await oldHash('Old#Password2026'));
    expect((await login('old.hash', 'Old#Password2026')).json().status).toBe('1');
    const upgraded = await storedHash('old.hash');
    expect(upgraded).toMatch(OWASP);
    expect((await login('old.hash', 'Old#Password2026')).json().status).toBe('1');
    // Already current: the next login leaves it as it is.
    expect(await storedHash('old.hash')).toBe(upgraded);
  });

  it('leaves the old hash after a wrong password', async () => {
    const before = await oldHash('Old#Password2026');
    await addMember('old.wrong', before);
    expect((await login('old.wrong', 'Not#ThePassword1')).statusCode).toBe(403);
    expect(await storedHash('old.wrong')).toBe(before);
  });

  it('never writes the upgrade over a password changed meanwhile', async () => {
    const stale = await oldHash('Old#Password2026');
    const changed = await hashPassword('New#Password2026');
    await addMember('old.changed', changed);
    const [row] = await t.database.db.select().from(contacts).where(and(eq(contacts.orgId, 'springfield'), eq(contacts.username, 'old.changed')));
    // The login's writes (repositories/logins.ts) with an upgrade of the hash it verified, now stale.
    const rehash = { contactId: row!.contactId, from: stale, to: await hashPassword('Old#Password2026') };
    await completeLogin(t.database.db, 'springfield', { clearKey: 'user:old.changed', refundKey: null, rehash, signIn: null });
    expect(await storedHash('old.changed')).toBe(changed);
  });

  it('upgrades an administrator\'s old hash at sign-in', async () => {
    await upsertAdmin(t.database.db, 'veteran', await oldHash('Veteran!Admin2026'));
    expect((await injectAdminLogin(t.app, { username: 'veteran', password: 'Veteran!Admin2026' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.username, 'veteran'));
    expect(row!.passwordHash).toMatch(OWASP);
    expect((await injectAdminLogin(t.app, { username: 'veteran', password: 'Veteran!Admin2026' })).statusCode).toBe(200);
  });
});
