/**
 * Download my data (issue 12, beyond the spec): `GET /{orgId}/{contactId}/export` through the real app
 * on a real database. A member with something of every kind stored gets it all back as a JSON file
 * (attachment, never cached) in the shape schemas/api/dataExport.ts says, and none of the secrets
 * kept beside it: every hash, token and server secret actually stored is looked for in the file.
 * Lists are bounded, newest first. Who may call it at all is the member scope's matrix
 * (memberScope.authorization.test.ts).
 */
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, MAX_EXPORTED_ROWS, type DataExportAnswer } from '../../schemas/api/dataExport.ts';
import { accessKeys, addresses, contactCustomValues, deliveryOutbox, expectedLocations, serverSecrets, sessions, testNotifications } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { getAs, newMember } from '../support/profile.ts';
import { useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const NIGHT = { name: 'Night', days: [1, 2, 3, 4, 5, 6, 7], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0 };

describe('GET /{orgId}/{contactId}/export', () => {
  it('answers everything kept about the member as a JSON file, and no hash, token or secret', async () => {
    const db = t.database.db;
    const passwordHash = await argon2.hash('Export!Pass2026', { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 });
    const securityAnswerHash = await argon2.hash('blue', { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 });
    const member = await newMember(t.app, db, 'acme', {
      firstName: 'Erin', lastName: 'Export', middleInitial: 'Q', email: 'erin@example.org', timeZone: 'America/Chicago',
      preferredLanguage: 'de_DE', externalId: 'EMP-77', passwordHash, securityQuestion: 'question_one', securityAnswerHash,
    }, [
      { pathId: 2, pathType: 'SMS', value: '2175550134', countryCode: 'US', quietTimeFrames: [NIGHT] },
      { pathId: 1, pathType: 'EMAIL', value: 'erin@example.org', pathEnable: false },
    ]);
    const { orgId, contactId } = member;
    await db.insert(contactCustomValues).values([
      { orgId, contactId, attrId: 11, values: ['Finance'] },
      { orgId, contactId, attrId: 999, values: ['from a removed field'] },
    ]);
    await db.insert(addresses).values({ orgId, contactId, locationName: 'Home', streetAddress: '1 Main St', city: 'Springfield', state: 'IL', lat: 39.8, lon: -89.6 });
    await db.insert(expectedLocations).values({
      orgId, contactId, locationName: 'Conference', streetAddress: '1 Convention Center Plaza', city: 'Chicago', lat: 41.85, lon: -87.62,
      arriveDate: '2026-12-01 09:00', expireDate: '2026-12-03 18:00', locationSource: 'Member_Portal',
    });
    const keyHash = hashToken('an-access-key-for-erin');
    await db.insert(accessKeys).values({ orgId, contactId, keyHash, expiresAt: new Date(Date.now() + 86_400_000) });
    await db.insert(testNotifications).values({ orgId, contactId, pathId: 2, outcome: 'queued' });
    await db.insert(deliveryOutbox).values({
      orgId, contactId, pathType: 'SMS', recipient: '+12175550134', recipientMasked: '+•••••••0134', kind: 'test', adapter: 'outbox', outcome: 'queued',
      text: 'Test notification from Acme',
    });

    const before = Date.now();
    const response = await getAs(t.app, member, `/${orgId}/${contactId}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="acme-${contactId}-data-${day}.json"`);

    const data = response.json() as DataExportAnswer;
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(Date.parse(data.exportedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.organization).toEqual({ orgId: 'acme', name: expect.any(String) as string });
    expect(data.account).toMatchObject({ contactId, registered: true, hasPassword: true, securityQuestion: 'question_one', publicProfileId: null });
    expect(data.profile).toEqual({
      firstName: 'Erin', middleInitial: 'Q', lastName: 'Export', suffix: null, externalId: 'EMP-77', email: 'erin@example.org',
      preferredLanguage: 'de_DE', timeZone: 'America/Chicago',
    });
    // Neither path was confirmed with a code (both were stored straight in the database).
    expect(data.contactPaths.map(({ pathId, type, value, countryCode, receivesNotifications, confirmed, order }) => [pathId, type, value, countryCode, receivesNotifications, confirmed, order]))
      .toEqual([[2, 'SMS', '2175550134', 'US', true, false, 0], [1, 'EMAIL', 'erin@example.org', null, false, false, 1]]);
    expect(data.contactPaths[0]!.quietTimes).toEqual([expect.objectContaining(NIGHT)]);
    expect(data.customFields.map(({ attrId, name, values }) => [attrId, name, values])).toEqual([[11, 'Department', ['Finance']], [999, null, ['from a removed field']]]);
    expect(data.locations).toEqual([expect.objectContaining({ name: 'Home', streetAddress: '1 Main St', city: 'Springfield', latitude: 39.8, longitude: -89.6 })]);
    expect(data.expectedLocations).toEqual([expect.objectContaining({
      name: 'Conference', city: 'Chicago', latitude: 41.85, arriveDate: '2026-12-01 09:00', expireDate: '2026-12-03 18:00', source: 'Member_Portal',
    })]);
    expect(data.signIns.open).toHaveLength(1);
    expect(data.testNotifications).toEqual([expect.objectContaining({ pathId: 2, outcome: 'queued', errorCode: null })]);
    expect(data.deliveries).toEqual([expect.objectContaining({ kind: 'test', pathType: 'SMS', recipient: '+•••••••0134', outcome: 'queued' })]);
    expect(data.deliveriesTotal).toBe(1);
    expect(data.accessKeys).toHaveLength(1);
    expect(data.notKept.length).toBeGreaterThan(0);

    // None of the secrets stored beside it, nor the delivery's full address or text.
    const [session] = await db.select().from(sessions).limit(1).orderBy(sessions.createdAt);
    const secrets = await db.select({ value: serverSecrets.value }).from(serverSecrets);
    const sessionToken = /=([^;]+)/.exec(member.cookie)![1]!;
    const forbidden = [passwordHash, securityAnswerHash, keyHash, hashToken(sessionToken), sessionToken, member.csrfToken, session!.csrfToken,
      ...secrets.map((secret) => secret.value), '+12175550134', 'Test notification from Acme'];
    for (const secret of forbidden) expect(response.body.includes(secret), `the export holds ${secret.slice(0, 12)}…`).toBe(false);
  });

  it('answers only the member\'s own rows: a second member of the organisation exports none of the first one\'s', async () => {
    const db = t.database.db;
    const first = await newMember(t.app, db, 'acme', { firstName: 'First' }, [{ pathId: 2, pathType: 'SMS', value: '2175550111', countryCode: 'US' }]);
    await db.insert(addresses).values({ orgId: 'acme', contactId: first.contactId, locationName: 'Office', streetAddress: '2 Elm St' });
    const second = await newMember(t.app, db, 'acme', { firstName: 'Second' });
    const data = (await getAs(t.app, second, `/acme/${second.contactId}/export`)).json() as DataExportAnswer;
    expect([data.account.contactId, data.profile.firstName, data.contactPaths, data.locations]).toEqual([second.contactId, 'Second', [], []]);
  });

  it(`carries at most ${MAX_EXPORTED_ROWS} deliveries, the newest, and says how many there are`, async () => {
    const db = t.database.db;
    const member = await newMember(t.app, db, 'springfield');
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: MAX_EXPORTED_ROWS + 5 }, (_, index) => ({
      orgId: 'springfield', contactId: member.contactId, pathType: 'EMAIL', recipientMasked: `m•••${index}@example.org`, kind: 'test', adapter: 'email',
      outcome: 'sent', createdAt: new Date(start + index * 1000),
    }));
    await db.insert(deliveryOutbox).values(rows);
    const data = (await getAs(t.app, member, `/springfield/${member.contactId}/export`)).json() as DataExportAnswer;
    expect(data.deliveriesTotal).toBe(MAX_EXPORTED_ROWS + 5);
    expect(data.deliveries).toHaveLength(MAX_EXPORTED_ROWS);
    expect([data.deliveries[0]!.recipient, data.deliveries.at(-1)!.recipient]).toEqual([`m•••${MAX_EXPORTED_ROWS + 4}@example.org`, 'm•••5@example.org']);
  });
});
