/**
 * Issue 13: §7 `GET /rest/registration/statesAndCountries`, and "Geocoding and geofences, for real": §7 `POST /getgeo/json` through the offline gazetteer
 * (the default: no network) and through a Nominatim-compatible geocoder (GEOCODER_URL), here a
 * loopback HTTP server answering Nominatim's `jsonv2` search format.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../server/db/schema.ts';
import { ensureGazetteerFile } from '../../server/services/geocoding/gazetteer.ts';
import { nominatimGeocoder } from '../../server/services/geocoding/nominatim.ts';
import { GEOCODE_PER_ADDRESS } from '../../server/services/geocoding/lookup.ts';
import { createTestApp, startSession, useTestApp, type TestApp } from '../support/testApp.ts';

const t = useTestApp();
let session: { cookie: string; csrfToken: string };

beforeAll(async () => {
  // A fresh clone builds the gazetteer file at the first lookup (a child process, a few seconds).
  await ensureGazetteerFile();
  session = await startSession(t.app);
}, 120_000);

function geocode(app: TestApp['app'], rs: unknown, options: { orgId?: string; csrf?: boolean; remoteAddress?: string } = {}) {
  const { orgId = 'springfield', csrf = true, remoteAddress } = options;
  return app.inject({
    method: 'POST', url: '/getgeo/json', ...(remoteAddress ? { remoteAddress } : {}),
    headers: { cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ orgId, rs: typeof rs === 'string' ? rs : JSON.stringify(rs) }).toString(),
  });
}

describe('GET /rest/registration/statesAndCountries', () => {
  it.each([
    ['en_US', 'DE', 'Germany'],
    ['de_DE', 'DE', 'Deutschland'],
    ['fr_FR', 'US', 'États-Unis'],
    ['xx_XX', 'DE', 'Germany'],
  ])('names the countries in %s, sorted, beside the US states', async (lang, code, name) => {
    const response = await t.app.inject({ url: `/rest/registration/statesAndCountries?lang=${lang}` });
    expect(response.statusCode).toBe(200);
    const { states, countries } = response.json() as { states: { code: string; name: string }[]; countries: { code: string; name: string }[] };
    expect(states).toContainEqual({ code: 'IL', name: 'Illinois' });
    expect(states).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect(states).toHaveLength(62);
    expect(countries).toContainEqual({ code, name });
    const locale = lang === 'xx_XX' ? 'en-US' : lang.replace('_', '-');
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, locale)));
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('refuses a language longer than a language code', async () => {
    const response = await t.app.inject({ url: `/rest/registration/statesAndCountries?lang=${'x'.repeat(11)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('request.invalid');
  });
});

describe('POST /getgeo/json with the offline gazetteer', () => {
  it.each([
    ['a US address with its state code', { streetAddress: '800 E Monroe St', city: 'Springfield', state: 'IL', country: 'US' }, ['IL'], 39.80172, -89.64371],
    ['the state by its name, in any case', { city: 'springfield', state: 'illinois', country: 'US' }, ['IL'], 39.80172, -89.64371],
    // springfield's geofence is around Springfield, Illinois: the town in its area first, then the most populous.
    ['a town without its state: the one in the organisation\'s area first', { city: 'Springfield', country: 'US' }, ['IL', 'MO', 'MA', 'OR', 'OH'], 39.80172, -89.64371],
    ['a mistyped state: the towns of that name anyway', { city: 'Springfield', state: 'Illinoise', country: 'US' }, ['IL', 'MO', 'MA', 'OR', 'OH'], 39.80172, -89.64371],
    // GeoNames numbers Quebec '10': a number is no state a member would recognise, so none is given.
    ['a name with its diacritics left out', { city: 'Montreal', country: 'CA' }, [''], 45.50884, -73.58781],
  ] as [string, Record<string, string>, string[], number, number][])('finds %s', async (_what, rs, states, latitude, longitude) => {
    const response = await geocode(t.app, rs);
    expect(response.statusCode, response.body).toBe(200);
    const { candidates } = response.json();
    expect(candidates.map((c: { adminDistrict: string }) => c.adminDistrict)).toEqual(states);
    expect(candidates[0]).toMatchObject({ precision: 'locality', latitude, longitude, streetAddress: rs.streetAddress ?? '', country: rs.country });
  });

  it('ranks the most populous first for an organisation without a geofence (acme)', async () => {
    const acme = await startSession(t.app, 'acme');
    const response = await t.app.inject({
      method: 'POST', url: '/getgeo/json',
      headers: { cookie: acme.cookie, 'x-csrf-token': acme.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ orgId: 'acme', rs: JSON.stringify({ city: 'Springfield', country: 'US' }) }).toString(),
    });
    expect(response.json().candidates.map((c: { adminDistrict: string }) => c.adminDistrict)).toEqual(['MO', 'MA', 'IL', 'OR', 'OH']);
  });

  // The postal areas' centres (scripts/buildGazetteer.ts): nearer the door than the town's centre.
  it.each([
    ['a ZIP code alone', { postalCode: '62701' }, [['postalCode', '', '', '62701']], 39.800544, -89.648894],
    ['ZIP+4, kept as typed', { postalCode: '62704-1234', country: 'US' }, [['postalCode', '', '', '62704-1234']], 39.773498, -89.68384],
    ['a ZIP code with its town: the ZIP code area first, then the town', { city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
      [['postalCode', 'Springfield', 'IL', '62704'], ['locality', 'Springfield', 'IL', '62704']], 39.773498, -89.68384],
    // Canada: the forward sortation area (the first three characters), its town and province.
    ['a Canadian postal code, in any case', { postalCode: 'm5v 3l9', country: 'CA' }, [['postalCode', 'Downtown Toronto', 'Ontario', 'M5V 3L9']], 43.6525, -79.3686],
    ['a forward sortation area alone', { postalCode: 'H2X', country: 'CA' }, [['postalCode', 'Plateau Mont-royal Southeast', 'Quebec', 'H2X']], 45.5148, -73.5739],
    // France: the largest commune of the code that GeoNames lists; Paris's arrondissements are delivered as PARIS.
    ['a French code', { postalCode: '29200', country: 'FR' }, [['postalCode', 'Brest', '', '29200']], 48.39029, -4.48628],
    ['a Paris arrondissement', { postalCode: '75001', country: 'FR' }, [['postalCode', 'Paris', '', '75001']], 48.85341, 2.3488],
    // India: the median of the PIN code's post offices, its district and state.
    ['an Indian PIN code written with a space', { postalCode: '110 001', country: 'IN' }, [['postalCode', 'New Delhi', 'Delhi', '110 001']], 28.61986, 77.21292],
  ] as [string, Record<string, string>, [string, string, string, string][], number, number][])('finds %s', async (_what, rs, expected, latitude, longitude) => {
    const { candidates } = (await geocode(t.app, rs)).json() as { candidates: { precision: string; locality: string; adminDistrict: string; postalCode: string; latitude: number; longitude: number; country: string }[] };
    expect(candidates.map((c) => [c.precision, c.locality, c.adminDistrict, c.postalCode])).toEqual(expected);
    expect(candidates[0]).toMatchObject({ country: rs.country ?? 'US' });
    expect(candidates[0]!.latitude).toBeCloseTo(latitude, 4);
    expect(candidates[0]!.longitude).toBeCloseTo(longitude, 4);
  });

  it.each([
    ['a ZIP code there is none of', { postalCode: '00000' }],
    ['a ZIP code in another country', { postalCode: '62701', country: 'CA' }],
    ['a postal code that is no ZIP code', { postalCode: 'SW1A 1AA' }],
    ['a postal code of a country without postal areas', { postalCode: 'SW1A 1AA', country: 'GB' }],
    ['a Canadian code of another shape', { postalCode: 'M5V-3L9X', country: 'CA' }],
    ['a French code with no commune GeoNames lists', { postalCode: '97400', country: 'FR' }],
  ])('answers no postal area candidate for %s', async (_what, rs) => {
    expect((await geocode(t.app, rs)).json()).toEqual({ candidates: [] });
  });

  it('keeps the street the member typed and names the town in the formatted address', async () => {
    const { candidates } = (await geocode(t.app, { streetAddress: '800 E Monroe St', suite: 'Room 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' })).json();
    expect(candidates[0]).toMatchObject({
      addressName: 'Springfield', addressLine: '800 E Monroe St, Room 2', suite: 'Room 2', locality: 'Springfield', postalCode: '62701',
      formattedAddress: '800 E Monroe St, Room 2, Springfield, IL 62701, United States',
    });
  });

  it.each([
    ['a town it does not know', { city: 'Nowhereville', country: 'US' }],
    ['a town of another country', { city: 'Springfield', country: 'FR' }],
    ['nothing to look for', { state: 'IL', country: 'US' }],
  ])('answers no candidates for %s', async (_what, rs) => {
    const response = await geocode(t.app, rs);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ candidates: [] });
  });

  it.each([
    ['rs that is not JSON', '{city', {}, 400, 'request.invalidBody'],
    ['a city longer than 40 characters', { city: 'x'.repeat(41) }, {}, 400, 'request.invalid'],
    ['a country that is not a code', { city: 'Springfield', country: 'USA' }, {}, 400, 'request.invalid'],
    ['no CSRF token', { city: 'Springfield' }, { csrf: false }, 403, 'csrf.invalid'],
    ['an organisation that does not exist', { city: 'Springfield' }, { orgId: 'nowhere' }, 404, 'org.notFound'],
  ])('refuses %s', async (_what, rs, options, status, errorCode) => {
    const response = await geocode(t.app, rs, options);
    expect(response.statusCode).toBe(status);
    expect(response.json().errorCode).toBe(errorCode);
  });

  it(`answers 429 after ${GEOCODE_PER_ADDRESS} lookups from one address, and still to no other address`, async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < GEOCODE_PER_ADDRESS; i++) {
      const response = await geocode(t.app, { city: 'Springfield', country: 'US' }, { remoteAddress: address });
      expect(response.statusCode).toBe(200);
    }
    const refused = await geocode(t.app, { city: 'Springfield', country: 'US' }, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('request.throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await geocode(t.app, { city: 'Springfield', country: 'US' }, { remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
    // Counted per organisation: the same address still looks up in another one.
    expect((await geocode(t.app, { city: 'Springfield', country: 'US' }, { remoteAddress: address, orgId: 'acme' })).statusCode).toBe(200);
  });

  it('refuses 403 geocoding.off where members place their addresses themselves (geocodingType Manual), asking no geocoder', async () => {
    const [row] = await t.database.db.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.orgId, 'acme'));
    const settings = row!.settings;
    await t.database.db.update(organizations)
      .set({ settings: { ...settings, addressSetting: { ...settings.addressSetting!, geocodingType: 'Manual' } } }).where(eq(organizations.orgId, 'acme'));
    t.app.orgCache.invalidate('acme');
    try {
      const response = await geocode(t.app, { city: 'Springfield', country: 'US' }, { orgId: 'acme', remoteAddress: '198.51.100.9' });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('geocoding.off');
      expect(response.headers['retry-after']).toBeUndefined();
    } finally {
      await t.database.db.update(organizations).set({ settings: row!.settings }).where(eq(organizations.orgId, 'acme'));
      t.app.orgCache.invalidate('acme');
    }
  });
});

/** A loopback server speaking Nominatim's search API (nominatim.org/release-docs/latest/api/Output/, format jsonv2). */
async function startNominatim(answer: (request: IncomingMessage, url: URL) => { status: number; body: string }) {
  const requests: { url: URL; userAgent: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    requests.push({ url, userAgent: request.headers['user-agent'] });
    const { status, body } = answer(request, url);
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const MONROE_STREET = {
  place_id: 1, licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright', osm_type: 'way', osm_id: 2,
  lat: '39.8017', lon: '-89.6436', category: 'building', type: 'yes', place_rank: 30, importance: 0.1, addresstype: 'building', name: '',
  display_name: '800, East Monroe Street, Springfield, Sangamon County, Illinois, 62701, United States',
  address: { house_number: '800', road: 'East Monroe Street', city: 'Springfield', county: 'Sangamon County', state: 'Illinois', 'ISO3166-2-lvl4': 'US-IL', postcode: '62701', country: 'United States', country_code: 'us' },
  boundingbox: ['39.80', '39.81', '-89.65', '-89.64'],
};

describe('a Nominatim-compatible geocoder (GEOCODER_URL)', () => {
  let nominatim: Awaited<ReturnType<typeof startNominatim>>;
  beforeAll(async () => {
    nominatim = await startNominatim((_request, url) => {
      if (url.searchParams.get('city') === 'Broken') return { status: 500, body: '{"error":"down"}' };
      if (url.searchParams.get('city') === 'Huge') return { status: 200, body: JSON.stringify(Array.from({ length: 3000 }, () => MONROE_STREET)) };
      if (url.searchParams.get('city') === 'Village') {
        return { status: 200, body: JSON.stringify([{ ...MONROE_STREET, address: { village: 'Chatham', state: 'Illinois', 'ISO3166-2-lvl4': 'US-IL', country_code: 'us' }, name: 'Chatham' }]) };
      }
      return { status: 200, body: JSON.stringify([MONROE_STREET, { ...MONROE_STREET, lat: 'not a number' }]) };
    });
  });
  afterAll(() => nominatim.close());

  it('asks a structured search and makes each place a candidate at the street', async () => {
    const geocoder = nominatimGeocoder(nominatim.url, 'member-portal/test (https://portal.example.org)');
    const candidates = await geocoder.search({ streetAddress: '800 E Monroe St', suite: 'Room 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' }, 5);
    const asked = nominatim.requests.at(-1)!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      format: 'jsonv2', addressdetails: '1', limit: '5', street: '800 E Monroe St', city: 'Springfield', state: 'IL', postalcode: '62701', countrycodes: 'us',
    });
    expect(asked.userAgent).toBe('member-portal/test (https://portal.example.org)');
    // The place whose coordinates are not numbers is left out.
    expect(candidates).toEqual([{
      addressName: '800 East Monroe Street', formattedAddress: MONROE_STREET.display_name, addressLine: '800 East Monroe Street, Room 2',
      streetAddress: '800 East Monroe Street', suite: 'Room 2', locality: 'Springfield', adminDistrict: 'IL', postalCode: '62701', country: 'US',
      latitude: 39.8017, longitude: -89.6436, precision: 'address',
    }]);
  });

  it('prefers the organisation\'s area, without limiting the search to it', async () => {
    await nominatimGeocoder(nominatim.url, 'test').search({ city: 'Springfield', country: 'US' }, 5, { west: -89.79, south: 39.68, east: -89.55, north: 39.88 });
    expect(Object.fromEntries(nominatim.requests.at(-1)!.url.searchParams)).toMatchObject({ viewbox: '-89.79,39.88,-89.55,39.68', bounded: '0' });
  });

  it('takes a village for the town and keeps the street the member typed when the place has none', async () => {
    const [candidate] = await nominatimGeocoder(nominatim.url, 'test').search({ streetAddress: '1 Main St', city: 'Village', country: 'US' }, 5);
    expect(candidate).toMatchObject({ locality: 'Chatham', streetAddress: '1 Main St', adminDistrict: 'IL', precision: 'locality' });
  });

  it.each([
    ['answers 500', 'Broken'],
    ['answers more than 512 kB', 'Huge'],
  ])('answers 503 geocoding.unavailable when the geocoder %s, and the browser keeps its default centre', async (_what, city) => {
    const app = await createTestApp({ geocoder: nominatimGeocoder(nominatim.url, 'test') });
    try {
      const own = await startSession(app.app);
      const response = await app.app.inject({
        method: 'POST', url: '/getgeo/json', headers: { cookie: own.cookie, 'x-csrf-token': own.csrfToken },
        payload: { orgId: 'springfield', rs: JSON.stringify({ city, country: 'US' }) },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().errorCode).toBe('geocoding.unavailable');
      expect(response.headers['retry-after']).toBe('30');
    } finally {
      await app.close();
    }
  });
});
