/**
 * Issue 13, expected (travel) locations: §7 `POST …/addresses/expectedLocations` (a page, newest
 * arrival first), `…/expectedLocation/createOrUpdate` and `…/expectedLocation/delete`, for a new
 * member of springfield (members may change them there; geofenced to the city) and of acme (they may
 * not): added with the server's source and geocoding, listed page by page, changed, deleted; every
 * refusal with its key and nothing stored. Who may call these at all is the authorisation matrix's.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, expectedLocations, sessionLogins } from '../../server/db/schema.ts';
import { hashToken } from '../../server/services/tokens.ts';
import { startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

let members = 0;
async function member(orgId = 'springfield') {
  const [row] = await t.database.db.insert(contacts).values({ orgId, username: `travel.${++members}`, firstName: 'Tra', lastName: 'Veller', email: null })
    .returning({ contactId: contacts.contactId });
  const contactId = row!.contactId;
  const session = await startSession(t.app, orgId);
  await t.database.db.insert(sessionLogins).values({ orgId, sessionHash: hashToken(session.sessionToken), contactId });
  const post = (path: string, form: Record<string, string>) => t.app.inject({
    method: 'POST', url: `/${orgId}/${contactId}/addresses${path}`, payload: new URLSearchParams(form).toString(),
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return {
    contactId,
    post,
    list: async (form: Record<string, string> = {}) => (await post('/expectedLocations', form)).json(),
    save: (address: object, id?: number) => post('/expectedLocation/createOrUpdate', {
      expectedLocation: JSON.stringify({ contactId, address, ...(id ? { id } : {}) }), update: String(id !== undefined),
    }),
    remove: (id: number | string) => post('/expectedLocation/delete', { _method: 'DELETE', expectedLocationId: String(id) }),
    stored: () => t.database.db.select().from(expectedLocations).where(and(eq(expectedLocations.orgId, orgId), eq(expectedLocations.contactId, contactId))),
  };
}

const TRIP = {
  locationName: 'Conference', streetAddress: '1 Convention Center Plaza', city: 'Springfield', state: 'IL', country: 'US',
  lat: 39.8, lon: -89.65, arriveDate: '2026-12-01 09:00', expireDate: '2026-12-03 18:00',
};

describe('a member\'s expected locations', () => {
  it('adds one with the server\'s source and geocoding, lists it, changes it and deletes it', async () => {
    const tra = await member();
    const saved = await tra.save({ ...TRIP, addressGeoCodingSource: 'Bing' });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json();
    expect(saved.json()).toEqual({ status: '1', id: expect.any(Number) });
    expect(await tra.list()).toEqual({
      data: [{ id, contactId: tra.contactId, address: expect.objectContaining({ ...TRIP, id, addressGeoCodingSource: 'Manual', locationSource: 'Member_Portal', gisLocation: { lat: 39.8, lon: -89.65 } }) }],
      currentPageNo: 1, pageSize: 5, totalCount: 1, start: 0,
    });
    expect((await tra.save({ ...TRIP, expireDate: '2026-12-04 12:00' }, id)).json()).toEqual({ status: '1', id });
    expect((await tra.stored())[0]).toMatchObject({ expireDate: '2026-12-04 12:00' });
    expect((await tra.remove(id)).json()).toEqual({ status: '1' });
    expect(await tra.stored()).toEqual([]);
    expect((await tra.remove(id)).statusCode).toBe(404);
  });

  it('pages them, newest arrival first by default, in any order asked', async () => {
    const tra = await member();
    for (let day = 1; day <= 7; day++) {
      const date = `2026-12-0${day}`;
      expect((await tra.save({ ...TRIP, locationName: `Trip ${day}`, arriveDate: `${date} 09:00`, expireDate: `${date} 18:00` })).statusCode).toBe(200);
    }
    const names = (answer: { data: { address: { locationName: string } }[] }) => answer.data.map((row) => row.address.locationName);
    const first = await tra.list();
    expect([names(first), first.totalCount, first.start]).toEqual([['Trip 7', 'Trip 6', 'Trip 5', 'Trip 4', 'Trip 3'], 7, 0]);
    const second = await tra.list({ pageNo: '2' });
    expect([names(second), second.currentPageNo, second.start]).toEqual([['Trip 2', 'Trip 1'], 2, 5]);
    expect(names(await tra.list({ sord: 'asc', pageSize: '3' }))).toEqual(['Trip 1', 'Trip 2', 'Trip 3']);
    expect(names(await tra.list({ pageNo: '3' }))).toEqual([]);
  });

  it.each([
    ['an end before the arrival', { ...TRIP, expireDate: '2026-11-30 09:00' }, 400, { errorCode: 'validation', errors: [{ pointer: '/expireDate', key: 'location.expireBeforeArrive', params: {} }] }],
    ['no arrival', { ...TRIP, arriveDate: '' }, 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/arriveDate', key: 'jquery.validation.field.required' })] }],
    ['an arrival that is no date', { ...TRIP, arriveDate: '2026-13-01 09:00' }, 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/arriveDate' })] }],
    ['no street', { ...TRIP, streetAddress: '' }, 400, { errorCode: 'validation', errors: [expect.objectContaining({ pointer: '/streetAddress', key: 'ssp.address.streetaddress.error' })] }],
    ['a place not placed on the map', { ...TRIP, lat: null, lon: null }, 400, { errorCode: 'validation', errors: [{ pointer: '/', key: 'ssp.map.verify.your.location.errormsg', params: {} }] }],
    ['a place outside springfield\'s geofence', { ...TRIP, city: 'Decatur', lat: 39.84, lon: -88.95 }, 400, { errorCode: 'ssp.location.address.out.of.range' }],
  ] as const)('refuses %s and stores nothing', async (_what, address, status, body) => {
    const tra = await member();
    const response = await tra.save(address);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject(body);
    expect(await tra.stored()).toEqual([]);
  });

  it.each([
    ['expectedLocation that is not JSON', '/expectedLocation/createOrUpdate', { expectedLocation: '{nope', update: 'false' }, 'request.invalidBody'],
    ['an update without an id', '/expectedLocation/createOrUpdate', { expectedLocation: JSON.stringify({ address: TRIP }), update: 'true' }, 'request.invalid'],
    ['a page size that is no number', '/expectedLocations', { pageSize: 'all' }, 'request.invalid'],
    ['an order by another column', '/expectedLocations', { sidx: 'address.lat' }, 'request.invalid'],
    ['a delete of an id that is no number', '/expectedLocation/delete', { _method: 'DELETE', expectedLocationId: '1; drop table' }, 'request.invalid'],
  ])('refuses %s with 400', async (_what, path, form, errorCode) => {
    const tra = await member();
    const response = await tra.post(path, form);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it('refuses a change of another member\'s expected location by its id, and every change where members may not make them', async () => {
    const owner = await member();
    const { id } = (await owner.save(TRIP)).json();
    const other = await member();
    expect((await other.save(TRIP, id)).statusCode).toBe(404);
    expect((await other.remove(id)).statusCode).toBe(404);
    expect(await owner.stored()).toEqual([expect.objectContaining({ expectedLocationId: id, locationName: 'Conference' })]);

    const acme = await member('acme');
    for (const response of [await acme.save(TRIP), await acme.remove(1)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorCode: 'location.notEditable' });
    }
    expect((await acme.list()).totalCount).toBe(0);
  });
});
