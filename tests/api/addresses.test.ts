/**
 * Issue 13 "Locations page": §7 `GET`/`POST /{orgId}/{contactId}/addresses` and `validatelocname`,
 * for a new member of springfield (geofenced to the city) and of acme (no geofence): added, listed,
 * changed, deleted by name; every refusal with its key (§5 messages, the name taken without regard to
 * case, §9's 5 locations, the geofence, an unverified location, the last mandatory one) and nothing
 * stored by a refused save. Who may call these at all is memberScope.authorization.test.ts's matrix.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, contacts, organizations, sessionLogins } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

let members = 0;
/** A new member of `orgId`, signed in: their id and what their calls send. */
async function member(orgId = 'springfield') {
  const [row] = await t.database.db.insert(contacts).values({ orgId, username: `loc.${++members}`, firstName: 'Lou', lastName: 'Cation', email: null })
    .returning({ contactId: contacts.contactId });
  const session = await startSession(t.app, orgId);
  await t.database.db.insert(sessionLogins).values({ orgId, sessionHash: hashToken(session.sessionToken), contactId: row!.contactId });
  const base = `/${orgId}/${row!.contactId}/addresses`;
  const post = (form: Record<string, string>) => t.app.inject({
    method: 'POST', url: base, payload: new URLSearchParams(form).toString(),
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return {
    contactId: row!.contactId,
    post,
    list: async () => (await t.app.inject({ url: base, headers: { cookie: session.cookie } })).json(),
    save: (location: object, update = false) => post({ rs: JSON.stringify(location), update: String(update) }),
    remove: (name: string) => post({ _method: 'DELETE', name }),
    nameFree: async (query: string) => (await t.app.inject({ url: `${base}/validatelocname?${query}`, headers: { cookie: session.cookie } })).json(),
    stored: () => t.database.db.select().from(addresses).where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, row!.contactId))),
  };
}

const HOME = { locationName: 'Home', streetAddress: '800 E Monroe St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US', lat: 39.8017, lon: -89.6437, addressGeoCodingSource: 'Nominatim' };

describe('a member\'s static locations', () => {
  it('adds, lists, changes and deletes a location', async () => {
    const lou = await member();
    expect((await lou.save(HOME)).json()).toEqual({ status: '1' });
    const listed = await lou.list();
    expect(listed).toMatchObject({ editable: true, expose: true, geocodingType: 'Automatic', states: expect.arrayContaining([{ code: 'IL', name: 'Illinois' }]) });
    expect(listed.countries).toContainEqual({ code: 'US', name: 'United States' });
    const [home] = listed.addresses;
    expect(home).toMatchObject({ ...HOME, pristineLocationName: 'Home', suite: '', gisLocation: { lat: 39.8017, lon: -89.6437 }, locationSource: 'Member_Portal' });
    expect(home.id).toBe(home.locationId);

    expect((await lou.save({ ...home, locationName: 'House', suite: 'Apt 2' }, true)).json()).toEqual({ status: '1' });
    expect((await lou.list()).addresses).toEqual([expect.objectContaining({ id: home.id, locationName: 'House', suite: 'Apt 2' })]);

    expect((await lou.remove('HOUSE')).json()).toEqual({ status: '1' });
    expect(await lou.stored()).toEqual([]);
    expect((await lou.remove('House')).statusCode).toBe(404);
  });

  it('names a location without a name after its street', async () => {
    const lou = await member();
    await lou.save({ ...HOME, locationName: '  ' });
    expect((await lou.list()).addresses[0].locationName).toBe('800 E Monroe St');
  });

  it('answers whether a name is free, not counting the location being renamed', async () => {
    const lou = await member();
    await lou.save(HOME);
    expect(await lou.nameFree('locationName=home')).toBe(false);
    expect(await lou.nameFree('locationName=Work')).toBe(true);
    expect(await lou.nameFree('locationName=Home&updateLocationName=Home')).toBe(true);
    // Another member's names are theirs.
    expect(await (await member()).nameFree('locationName=Home')).toBe(true);
  });

  it.each([
    ['a name taken, in another case', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'HOME', streetAddress: '1 Main St' }), 400, { errorCode: 'validation', errors: [{ pointer: '/locationName', key: 'ssp.location.locationname.exist', params: {} }] }],
    ['no street', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Work', streetAddress: '' }), 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/streetAddress', key: 'ssp.address.streetaddress.error' })] }],
    ['a postal code of 2', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Work', postalCode: '62' }), 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/postalCode', key: 'global.valid.text.postalCode' })] }],
    ['a latitude past the pole', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Work', lat: 91 }), 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/lat', key: 'ssp.address.latitude.error' })] }],
    ['a location not placed on the map', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Work', lat: null, lon: null }), 400, { errorCode: 'validation', errors: [{ pointer: '/', key: 'ssp.map.verify.your.location.errormsg', params: {} }] }],
    ['a place outside springfield\'s geofence', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Cabin', city: 'Decatur', lat: 39.84, lon: -88.95 }), 400, { errorCode: 'ssp.location.address.out.of.range' }],
    ['an update of no location of theirs', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, id: 999_999 }, true), 404, { errorCode: 'location.notFound' }],
    ['an update without an id', async (lou: Awaited<ReturnType<typeof member>>) => lou.save({ ...HOME, locationName: 'Work' }, true), 400, { errorCode: 'request.invalid' }],
    ['rs that is not JSON', async (lou: Awaited<ReturnType<typeof member>>) => lou.post({ rs: '{nope', update: 'false' }), 400, { errorCode: 'request.invalidBody' }],
    ['a delete without a name', async (lou: Awaited<ReturnType<typeof member>>) => lou.post({ _method: 'DELETE', name: '' }), 400, { errorCode: 'request.invalid' }],
  ] as const)('refuses %s and stores nothing', async (_what, send, status, body) => {
    const lou = await member();
    await lou.save(HOME);
    const before = await lou.stored();
    const response = await send(lou);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject(body);
    expect(await lou.stored()).toEqual(before);
  });

  it('keeps at most 5 locations (§9)', async () => {
    const lou = await member('acme');
    for (let i = 1; i <= 5; i++) expect((await lou.save({ ...HOME, locationName: `Place ${i}` })).statusCode).toBe(200);
    // acme has no geofence: anywhere on Earth would do, but not a sixth.
    const sixth = await lou.save({ ...HOME, locationName: 'Sydney', lat: -33.86, lon: 151.21 });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ errorCode: 'location.limit' });
    expect(await lou.stored()).toHaveLength(5);
    expect((await lou.remove('Place 1')).json()).toEqual({ status: '1' });
    expect((await lou.save({ ...HOME, locationName: 'Sydney', lat: -33.86, lon: 151.21 })).json()).toEqual({ status: '1' });
  });

  it('keeps the last location where one is mandatory, and refuses every change where locations are read only', async () => {
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.orgId, 'acme'));
    const lou = await member('acme');
    await lou.save(HOME);
    const setAddress = async (addressSetting: object) => {
      await t.database.db.update(organizations).set({ settings: { ...row!.settings, addressSetting: { ...row!.settings.addressSetting, ...addressSetting } } }).where(eq(organizations.orgId, 'acme'));
      t.app.orgCache.invalidate('acme');
    };
    try {
      await setAddress({ mandatory: true });
      const last = await lou.remove('Home');
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({ errorCode: 'location.lastMandatory' });
      await lou.save({ ...HOME, locationName: 'Work' });
      expect((await lou.remove('Home')).json()).toEqual({ status: '1' });

      await setAddress({ editable: false });
      const before = await lou.stored();
      for (const response of [await lou.save({ ...HOME, locationName: 'Cottage' }), await lou.remove('Work')]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ errorCode: 'location.notEditable' });
      }
      expect(await lou.stored()).toEqual(before);
      expect((await lou.list()).editable).toBe(false);
    } finally {
      await t.database.db.update(organizations).set({ settings: row!.settings }).where(eq(organizations.orgId, 'acme'));
      t.app.orgCache.invalidate('acme');
    }
  });
});
