/**
 * The repositories (server/repositories/) on a real database: in-memory PGlite, and PostgreSQL when
 * DATABASE_URL is set (tests/support/testDatabase.ts; .ci/run runs the api project both ways). Each
 * function takes the organisation first and sees only that organisation's rows.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccessKeyHolder, insertAccessKey, listLiveAccessKeys, revokeAccessKey } from '../../../server/repositories/accessKeys.ts';
import { createAccount } from '../../../server/repositories/accounts.ts';
import { findContact, findContactByUsername, findUsernamesByEmail, upsertInvitedContact } from '../../../server/repositories/contacts.ts';
import { findCustomValues, saveCustomValues } from '../../../server/repositories/customValues.ts';
import { findFeatureFlags } from '../../../server/repositories/featureFlags.ts';
import { findOrganization, findStoredSettings, updateSettings } from '../../../server/repositories/organizations.ts';
import { findMemberProfile, isExternalIdTaken, saveMemberProfile } from '../../../server/repositories/profiles.ts';
import { completePasswordReset, findUsableReset, insertPasswordReset } from '../../../server/repositories/passwordResets.ts';
import { findSession, findSignedInContact, findSignIn, storeSignIn } from '../../../server/repositories/sessions.ts';
import {
  claimAttempt, clearFailures, countFailure, countedFailures, refundAttempt, windowOpenedAt,
} from '../../../server/repositories/throttle.ts';
import { seedDemo } from '../../../server/services/demoSeed.ts';
import { createTestDatabase, type TestDatabase } from '../../support/testDatabase.ts';

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => database?.drop());

const account = (username: string) => ({
  contact: {
    username, passwordHash: 'hash', firstName: 'Repo', lastName: 'Test', email: `${username}@example.org`,
    preferredLanguage: 'en_US', securityQuestion: null, securityAnswerHash: null,
  },
  contactPaths: [],
  address: null,
});

describe('contacts', () => {
  it('finds a username without regard to case, only in its own organisation', async () => {
    const inSpringfield = await findContactByUsername(db(), 'springfield', 'DEMO.Member');
    expect(inSpringfield?.username).toBe('demo.member');
    const inAcme = await findContactByUsername(db(), 'acme', 'demo.member');
    expect(inAcme?.contactId).toBeDefined();
    expect(inAcme?.orgId).toBe('acme');
    expect(await findContactByUsername(db(), 'springfield', 'nobody.here')).toBeNull();
    expect(await findContact(db(), 'acme', inSpringfield!.contactId)).toBeNull();
  });

  it('finds the usernames of an e-mail address without regard to case', async () => {
    const contact = (await findContactByUsername(db(), 'springfield', 'demo.member'))!;
    expect(await findUsernamesByEmail(db(), 'springfield', contact.email!.toUpperCase())).toContain('demo.member');
    expect(await findUsernamesByEmail(db(), 'nowhere', contact.email!)).toEqual([]);
  });

  it('re-invites the pending contact of an address instead of making a second one', async () => {
    const first = await upsertInvitedContact(db(), 'acme', { firstName: 'In', lastName: 'Vited', email: 'invited.repo@example.org' });
    const again = await upsertInvitedContact(db(), 'acme', { firstName: 'Re', lastName: 'Vited', email: 'INVITED.repo@example.org' });
    expect(again).toBe(first);
    expect((await findContact(db(), 'acme', first))?.firstName).toBe('Re');
  });
});

describe('accounts', () => {
  it('refuses a username taken in any case through the unique index, and stores nothing', async () => {
    const created = await createAccount(db(), 'springfield', account('Repo.Unique'));
    expect(created.ok).toBe(true);
    expect(await createAccount(db(), 'springfield', account('repo.UNIQUE'))).toEqual({ ok: false, refusal: 'username.taken' });
    // Another organisation has its own usernames.
    expect((await createAccount(db(), 'acme', account('repo.unique'))).ok).toBe(true);
  });

  it('refuses to complete an invitation twice', async () => {
    const invitedContactId = await upsertInvitedContact(db(), 'acme', { firstName: 'Once', lastName: 'Only', email: 'once.repo@example.org' });
    expect((await createAccount(db(), 'acme', { ...account('once.repo'), invitedContactId })).ok).toBe(true);
    expect(await createAccount(db(), 'acme', { ...account('twice.repo'), invitedContactId })).toEqual({ ok: false, refusal: 'invitation.used' });
  });
});

describe('organizations and feature flags', () => {
  it('resolve settings and flags of one organisation; a settings write needs the version it read', async () => {
    expect((await findOrganization(db(), 'springfield'))?.settings.isPublic).toBe(true);
    expect(await findOrganization(db(), 'nowhere')).toBeNull();
    expect(typeof (await findFeatureFlags(db(), 'springfield')).cme_mbr_delelteButton).toBe('boolean');
    const stored = (await findStoredSettings(db(), 'campus'))!;
    expect(await updateSettings(db(), 'campus', stored.settings, stored.settingsVersion + 5)).toBeNull();
    expect(await updateSettings(db(), 'campus', stored.settings, stored.settingsVersion)).toBe(stored.settingsVersion + 1);
  });
});

describe('throttle', () => {
  it('counts per organisation and key, and clears', async () => {
    expect(await countFailure(db(), 'springfield', 'repo:key')).toBe(1);
    expect(await countFailure(db(), 'springfield', 'repo:key')).toBe(2);
    expect(await countedFailures(db(), 'acme', 'repo:key')).toBe(0);
    await clearFailures(db(), 'springfield', 'repo:key');
    expect(await countedFailures(db(), 'springfield', 'repo:key')).toBe(0);
  });

  it('claims at most the limit of concurrent attempts, shuts the window at the limit, and refunds one', async () => {
    const claims = await Promise.all(Array.from({ length: 12 }, () => claimAttempt(db(), 'springfield', 'repo:claim', 3, 60_000)));
    expect(claims.filter((c) => c !== null).sort()).toEqual([1, 2, 3]);
    expect(claims.filter((c) => c === null)).toHaveLength(9);
    expect(await claimAttempt(db(), 'acme', 'repo:claim', 3, 60_000)).toBe(1);
    const shut = (await windowOpenedAt(db(), 'springfield', 'repo:claim'))!;
    expect(Date.now() - shut.getTime()).toBeLessThan(10_000);
    await refundAttempt(db(), 'springfield', 'repo:claim');
    expect(await claimAttempt(db(), 'springfield', 'repo:claim', 3, 60_000)).toBe(3);
    expect(await claimAttempt(db(), 'springfield', 'repo:claim', 3, 60_000)).toBeNull();
    // A window over starts afresh.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await claimAttempt(db(), 'springfield', 'repo:claim', 3, 0)).toBe(1);
  });
});

describe('sessions and password resets', () => {
  it('moves sign-ins elsewhere to a new session at sign-in, and a reset ends every sign-in once', async () => {
    const springfield = (await findContactByUsername(db(), 'springfield', 'demo.member'))!.contactId;
    const acme = (await findContactByUsername(db(), 'acme', 'demo.member'))!.contactId;
    const expiresAt = new Date(Date.now() + 60_000);
    await storeSignIn(db(), { orgId: 'acme', contactId: acme, sessionHash: 'old-repo', csrfToken: 'c1', language: null, expiresAt, replaces: null });
    await storeSignIn(db(), { orgId: 'springfield', contactId: springfield, sessionHash: 'new-repo', csrfToken: 'c2', language: null, expiresAt, replaces: 'old-repo' });
    expect(await findSession(db(), 'old-repo')).toBeNull();
    expect(await findSignedInContact(db(), 'acme', 'new-repo')).toBe(acme);
    expect(await findSignedInContact(db(), 'springfield', 'new-repo')).toBe(springfield);

    await insertPasswordReset(db(), 'springfield', { tokenHash: 'reset-repo', contactId: springfield, expiresAt });
    expect(await findUsableReset(db(), 'acme', 'reset-repo')).toBeNull();
    expect(await completePasswordReset(db(), 'springfield', 'reset-repo', 'new-hash', [])).toBe(true);
    expect(await completePasswordReset(db(), 'springfield', 'reset-repo', 'other-hash', [])).toBe(false);
    expect((await findContact(db(), 'springfield', springfield))?.passwordHash).toBe('new-hash');
    expect(await findSignedInContact(db(), 'springfield', 'new-repo')).toBeNull();
    expect(await findSignedInContact(db(), 'acme', 'new-repo')).toBe(acme);
  });

  it('tells when a session signed in, in one organisation only; a move keeps the time', async () => {
    const acme = (await findContactByUsername(db(), 'acme', 'demo.member'))!.contactId;
    const springfield = (await findContactByUsername(db(), 'springfield', 'demo.member'))!.contactId;
    const expiresAt = new Date(Date.now() + 60_000);
    await storeSignIn(db(), { orgId: 'acme', contactId: acme, sessionHash: 'signin-a', csrfToken: 'c1', language: null, expiresAt, replaces: null });
    const first = await findSignIn(db(), 'acme', 'signin-a');
    expect(first?.contactId).toBe(acme);
    expect(Math.abs(first!.signedInAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await findSignIn(db(), 'springfield', 'signin-a')).toBeNull();
    await storeSignIn(db(), { orgId: 'springfield', contactId: springfield, sessionHash: 'signin-b', csrfToken: 'c2', language: null, expiresAt, replaces: 'signin-a' });
    expect((await findSignIn(db(), 'acme', 'signin-b'))?.signedInAt).toEqual(first!.signedInAt);
  });
});

describe('access keys', () => {
  it('lists the live keys of one organisation with an id that is not the hash, and revokes by that id there only', async () => {
    const springfield = (await findContactByUsername(db(), 'springfield', 'demo.member'))!.contactId;
    const acme = (await findContactByUsername(db(), 'acme', 'demo.member'))!.contactId;
    const live = new Date(Date.now() + 60_000);
    await insertAccessKey(db(), 'springfield', { keyHash: 'repo-key-1', contactId: springfield, expiresAt: live });
    await insertAccessKey(db(), 'springfield', { keyHash: 'repo-key-2', contactId: springfield, expiresAt: new Date(Date.now() - 1000) });
    await insertAccessKey(db(), 'acme', { keyHash: 'repo-key-3', contactId: acme, expiresAt: live });

    const listed = await listLiveAccessKeys(db(), 'springfield', { username: 'DEMO.member', limit: 10, offset: 0 });
    expect(listed.total).toBe(1);
    expect(listed.keys[0]).toMatchObject({ contactId: springfield, username: 'demo.member', firstName: 'Dana', lastName: 'Member' });
    // The id is SHA-256('access-key-id:' + stored hash), computed by the database.
    expect(listed.keys[0]!.keyId).toBe(createHash('sha256').update('access-key-id:repo-key-1').digest('hex'));
    const [acmeKey] = (await listLiveAccessKeys(db(), 'acme', { username: null, limit: 10, offset: 0 })).keys;

    expect(await revokeAccessKey(db(), 'springfield', acmeKey!.keyId)).toBe(false);
    expect(await findAccessKeyHolder(db(), 'acme', 'repo-key-3')).toBe(acme);
    expect(await revokeAccessKey(db(), 'springfield', listed.keys[0]!.keyId)).toBe(true);
    expect(await findAccessKeyHolder(db(), 'springfield', 'repo-key-1')).toBeNull();
    expect(await revokeAccessKey(db(), 'springfield', listed.keys[0]!.keyId)).toBe(false);
  });
});

describe('profiles', () => {
  const sms = (value: string, quiet: string) => ({
    pathId: 2, type: 'SMS' as const, value, countryCode: 'US', noValidate: false, phoneExt: null, pin: null, systemRequirement: null, waitTime: null,
    pathEnable: true, quietTimeFrames: [{ name: quiet, days: [1], fromHour: 1, fromMin: 0, toHour: 2, toMin: 0 }],
  });
  const newContact = async (orgId: string, username: string) =>
    (await createAccount(db(), orgId, account(username)) as { contactId: number }).contactId;

  it('reads a member\'s profile and paths in their organisation only', async () => {
    const springfield = (await findContactByUsername(db(), 'springfield', 'demo.member'))!.contactId;
    const found = await findMemberProfile(db(), 'springfield', springfield);
    expect(found?.profile.contactPaths.map((path) => path.type)).toEqual(['EMAIL', 'SMS', 'PHONE']);
    expect(await findMemberProfile(db(), 'acme', springfield)).toBeNull();
  });

  it('saves at the version read and moves it on; a save at an older one changes nothing; of two at once one wins whole', async () => {
    const contactId = await newContact('springfield', 'repo.profile');
    const version = (await findMemberProfile(db(), 'springfield', contactId))!.contact.profileVersion;
    expect(await saveMemberProfile(db(), 'springfield', contactId, version, { firstName: 'One' }, [sms('2175550123', 'one')])).toEqual({ ok: true, profileVersion: version + 1 });
    expect(await saveMemberProfile(db(), 'springfield', contactId, version, { firstName: 'Stale' }, [])).toEqual({ ok: false, refusal: 'conflict', profileVersion: version + 1 });
    const kept = (await findMemberProfile(db(), 'springfield', contactId))!;
    expect(kept.contact.firstName).toBe('One');
    expect(kept.profile.contactPaths).toEqual([sms('2175550123', 'one')]);

    const outcomes = await Promise.all([
      saveMemberProfile(db(), 'springfield', contactId, version + 1, { firstName: 'A' }, [sms('2175550101', 'a')]),
      saveMemberProfile(db(), 'springfield', contactId, version + 1, { firstName: 'B' }, [sms('2175550102', 'b')]),
    ]);
    expect(outcomes.map((outcome) => outcome.ok).sort()).toEqual([false, true]);
    const winner = outcomes[0]!.ok ? 'A' : 'B';
    const after = (await findMemberProfile(db(), 'springfield', contactId))!;
    expect(after.contact).toMatchObject({ firstName: winner, profileVersion: version + 2 });
    expect(after.profile.contactPaths).toEqual([sms(winner === 'A' ? '2175550101' : '2175550102', winner.toLowerCase())]);
  });

  it('keeps an external id unique in its organisation (the unique index), not across organisations', async () => {
    const first = await newContact('acme', 'repo.external.1');
    const second = await newContact('acme', 'repo.external.2');
    const elsewhere = await newContact('springfield', 'repo.external.3');
    expect((await saveMemberProfile(db(), 'acme', first, 1, { externalId: 'X-1' }, [])).ok).toBe(true);
    expect(await saveMemberProfile(db(), 'acme', second, 1, { externalId: 'X-1', firstName: 'Not saved' }, [])).toEqual({ ok: false, refusal: 'externalId.taken' });
    expect((await findMemberProfile(db(), 'acme', second))!.contact).toMatchObject({ externalId: null, firstName: 'Repo', profileVersion: 1 });
    expect((await saveMemberProfile(db(), 'springfield', elsewhere, 1, { externalId: 'X-1' }, [])).ok).toBe(true);
    expect(await isExternalIdTaken(db(), 'acme', 'X-1', second)).toBe(true);
    expect(await isExternalIdTaken(db(), 'acme', 'X-1', first)).toBe(false);
    expect(await isExternalIdTaken(db(), 'campus', 'X-1', first)).toBe(false);
  });
});

describe('custom values', () => {
  it('saves, reads only the fields asked for, clears with [], deletes the fields no longer shown, only in its own organisation', async () => {
    const acme = (await findContactByUsername(db(), 'acme', 'demo.member'))!.contactId;
    expect(await saveCustomValues(db(), 'acme', acme, [{ attrId: 11, values: ['Finance'] }, { attrId: 14, values: ['Spanish', 'English'] }, { attrId: 90, values: ['old'] }], [11, 14, 90])).toBe(true);
    expect(await findCustomValues(db(), 'acme', acme, [11, 14])).toEqual(new Map([[11, ['Finance']], [14, ['Spanish', 'English']]]));
    expect(await findCustomValues(db(), 'acme', acme, [])).toEqual(new Map());
    // Another organisation's contact of the same id, or the same contact under another organisation, sees nothing.
    expect(await findCustomValues(db(), 'springfield', acme, [11, 14, 90])).toEqual(new Map());
    expect(await saveCustomValues(db(), 'springfield', acme, [{ attrId: 11, values: ['x'] }], [11])).toBe(false);

    expect(await saveCustomValues(db(), 'acme', acme, [{ attrId: 14, values: [] }], [11, 14])).toBe(true);
    expect(await findCustomValues(db(), 'acme', acme, [11, 14, 90])).toEqual(new Map([[11, ['Finance']]]));
  });

  it('answers false and writes nothing for a contact that does not exist', async () => {
    expect(await saveCustomValues(db(), 'acme', 987_654, [{ attrId: 11, values: ['Finance'] }], [11])).toBe(false);
    expect(await findCustomValues(db(), 'acme', 987_654, [11])).toEqual(new Map());
  });
});
