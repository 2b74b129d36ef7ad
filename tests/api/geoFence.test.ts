/**
 * Issue 13 "Geofences": an organisation's GeoJSON polygons in its settings (saved through the admin
 * API, which refuses a polygon that is no polygon), and §7's two questions about a place:
 * `POST /rest/registration/checkGeoFenceAddress?orgId&rs` (`geoFenceStatus`, true when outside) and
 * `GET /{orgId}/addresses/withinGeoFence?longitude&latitude` (`geofence`, true when inside).
 * springfield's demo settings fence the city; acme has no geofence.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { GEO_FENCE_KEYS } from '../../server/services/orgSettingsValidator.ts';
import { signInAdmin, startSession, useTestApp } from '../support/testApp.ts';

const t = useTestApp();
let session: { cookie: string; csrfToken: string };
beforeAll(async () => {
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  session = await startSession(t.app);
});

/** Places around Springfield, Illinois, and whether its demo geofence holds them. */
const PLACES = [
  ['the Old State Capitol', 39.8017, -89.6500, true],
  ['the fence\'s own corner (a boundary is inside)', 39.7, -89.78, true],
  ['Chatham, just south of the city', 39.6764, -89.7043, false],
  ['Decatur', 39.8403, -88.9548, false],
  ['Springfield, Missouri', 37.2153, -93.2982, false],
] as const;

const check = (rs: unknown, { orgId = 'springfield', csrf = true } = {}) => t.app.inject({
  method: 'POST',
  url: `/rest/registration/checkGeoFenceAddress?${new URLSearchParams({ orgId, rs: typeof rs === 'string' ? rs : JSON.stringify(rs) })}`,
  headers: { cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}) },
});
const within = (orgId: string, query: string) => t.app.inject({ url: `/${orgId}/addresses/withinGeoFence?${query}` });

describe('POST /rest/registration/checkGeoFenceAddress', () => {
  it.each(PLACES)('%s: geoFenceStatus is true only outside springfield', async (_place, lat, lon, inside) => {
    const response = await check({ locationName: 'Home', streetAddress: '1 Main St', lat, lon });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ geoFenceStatus: !inside });
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('accepts every place in an organisation without a geofence', async () => {
    const acme = await startSession(t.app, 'acme');
    const response = await t.app.inject({
      method: 'POST', url: `/rest/registration/checkGeoFenceAddress?orgId=acme&rs=${encodeURIComponent(JSON.stringify({ lat: -33.86, lon: 151.21 }))}`,
      headers: { cookie: acme.cookie, 'x-csrf-token': acme.csrfToken },
    });
    expect(response.json()).toEqual({ geoFenceStatus: false });
  });

  it.each([
    ['rs that is not JSON', '{lat: 1', 'request.invalid'],
    ['no point', { streetAddress: '1 Main St' }, 'request.invalid'],
    ['a latitude past the pole', { lat: 91, lon: 0 }, 'request.invalid'],
    ['a longitude that is text', { lat: 39.8, lon: 'west' }, 'request.invalid'],
  ])('refuses %s with 400', async (_what, rs, errorCode) => {
    const response = await check(rs);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it('refuses a call without the page\'s CSRF token, and an unknown organisation', async () => {
    const noToken = await check({ lat: 39.8, lon: -89.65 }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect((await check({ lat: 39.8, lon: -89.65 }, { orgId: 'nowhere' })).statusCode).toBe(404);
  });
});

describe('GET /{orgId}/addresses/withinGeoFence', () => {
  it.each(PLACES)('%s: geofence is true only inside springfield', async (_place, latitude, longitude, inside) => {
    const response = await within('springfield', `longitude=${longitude}&latitude=${latitude}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ geofence: inside });
  });

  it.each([
    ['no latitude', 'longitude=-89.65'],
    ['a longitude past the antimeridian', 'longitude=-181&latitude=39.8'],
    ['a latitude that is text', 'longitude=-89.65&latitude=north'],
  ])('refuses %s with 400 request.invalid', async (_what, query) => {
    const response = await within('springfield', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });

  it('answers 404 for an unknown organisation', async () => {
    expect((await within('nowhere', 'longitude=0&latitude=0')).statusCode).toBe(404);
  });
});

describe('geofences in the settings', () => {
  const square = (west: number, south: number, east: number, north: number) => ({
    type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
  });
  const stored = async (orgId: string) => (await t.database.db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0]!;
  const save = async (orgId: string, changes: object) => {
    const admin = await signInAdmin(t.app);
    const row = await stored(orgId);
    return t.app.inject({
      method: 'PUT', url: `/admin/api/orgs/${orgId}/settings`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
      payload: { settings: { ...row.settings, ...changes }, settingsVersion: row.settingsVersion },
    });
  };

  it('answers from the saved polygons at once: two areas, a hole, and the setting turned off', async () => {
    // Sydney's harbour, with Goat Island cut out, and Wellington.
    const harbour = square(151.1, -33.95, 151.3, -33.8);
    harbour.coordinates.push([[151.18, -33.85], [151.19, -33.85], [151.19, -33.84], [151.18, -33.84], [151.18, -33.85]]);
    const saved = await save('acme', { hasGeoFanceSetting: true, geoFences: [{ name: 'Harbour', geometry: harbour }, { name: 'Wellington', geometry: square(174.7, -41.35, 174.85, -41.2) }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const inside = async (latitude: number, longitude: number) => (await within('acme', `longitude=${longitude}&latitude=${latitude}`)).json().geofence;
    expect(await inside(-33.86, 151.21)).toBe(true);
    expect(await inside(-41.29, 174.78)).toBe(true);
    expect(await inside(-33.845, 151.185)).toBe(false);
    expect(await inside(-37.81, 144.96)).toBe(false);

    expect((await save('acme', { hasGeoFanceSetting: false })).statusCode).toBe(200);
    expect(await inside(-37.81, 144.96)).toBe(true);
  });

  it.each([
    ['an open ring', { hasGeoFanceSetting: true, geoFences: [{ name: 'Open', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } }] }, '/geoFences/0/geometry/coordinates/0', GEO_FENCE_KEYS.ringOpen],
    ['the setting on without an area', { hasGeoFanceSetting: true, geoFences: [] }, '/geoFences', GEO_FENCE_KEYS.missing],
    ['a ring of three points', { geoFences: [{ name: 'Line', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] } }] }, '/geoFences/0/geometry/coordinates/0', 'admin.settings.error.geoFences.ringTooShort'],
    ['a point, not a polygon', { geoFences: [{ name: 'Point', geometry: { type: 'Point', coordinates: [0, 0] } }] }, '/geoFences/0/geometry/type', 'admin.settings.error.geoJson'],
    ['text where the polygon goes', { geoFences: [{ name: 'Text', geometry: '{"type": "Polygon"' }] }, '/geoFences/0/geometry', 'admin.settings.error.geoJson'],
    ['a latitude past the pole', { geoFences: [{ name: 'Far', geometry: square(0, 80, 10, 95) }] }, '/geoFences/0/geometry/coordinates/0/2/1', 'ssp.address.latitude.error'],
    ['an area without a name', { geoFences: [{ name: '', geometry: square(0, 0, 1, 1) }] }, '/geoFences/0/name', 'jquery.validation.minlength'],
  ])('refuses %s, and keeps what was stored', async (_what, changes, pointer, key) => {
    const before = await stored('springfield');
    const response = await save('springfield', changes);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ pointer, key }));
    expect(await stored('springfield')).toEqual(before);
  });
});
