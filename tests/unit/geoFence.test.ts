/**
 * Issue 13 "Geofences" (schemas/rules/geoFence.ts): which places an organisation accepts, decided
 * from its settings alone, and the rings its settings may not hold.
 */
import { describe, expect, it } from 'vitest';
import type { GeoJsonPolygon } from '../../schemas/orgSettings.generated.ts';
import { hasGeoFence, openRings } from '../../schemas/rules/geoFence.ts';
import { withinGeoFence } from '../../schemas/rules/withinGeoFence.ts';

const square = (west: number, south: number, east: number, north: number): GeoJsonPolygon => ({
  type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
});
const withHole: GeoJsonPolygon = { type: 'Polygon', coordinates: [...square(0, 0, 10, 10).coordinates, ...square(4, 4, 6, 6).coordinates] };
// Across the antimeridian, written as GeoJSON writes it: two polygons (RFC 7946 §3.1.9).
const fiji = [{ name: 'East', geometry: square(177, -19, 180, -16) }, { name: 'West', geometry: square(-180, -19, -179, -16) }];

describe('withinGeoFence', () => {
  it.each([
    ['no setting: anywhere', { geoFences: [{ name: 'A', geometry: square(0, 0, 1, 1) }] }, 50, 50, true],
    ['the setting without a polygon: anywhere', { hasGeoFanceSetting: true, geoFences: [] }, 50, 50, true],
    ['inside', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: square(0, 0, 1, 1) }] }, 0.5, 0.5, true],
    ['on the edge', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: square(0, 0, 1, 1) }] }, 0, 0.5, true],
    ['outside', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: square(0, 0, 1, 1) }] }, 1.5, 0.5, false],
    ['latitude and longitude not swapped', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: square(0, 40, 10, 50) }] }, 45, 5, true],
    ['in the hole', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: withHole }] }, 5, 5, false],
    ['around the hole', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: withHole }] }, 2, 2, true],
    ['in the second of two', { hasGeoFanceSetting: true, geoFences: [{ name: 'A', geometry: square(0, 0, 1, 1) }, { name: 'B', geometry: square(5, 5, 6, 6) }] }, 5.5, 5.5, true],
    ['east of the antimeridian', { hasGeoFanceSetting: true, geoFences: fiji }, -17.8, 178.4, true],
    ['west of it', { hasGeoFanceSetting: true, geoFences: fiji }, -17.8, -179.5, true],
    ['between the halves\' far sides', { hasGeoFanceSetting: true, geoFences: fiji }, -17.8, 0, false],
  ] as [string, { hasGeoFanceSetting?: boolean; geoFences: { name: string; geometry: GeoJsonPolygon }[] }, number, number, boolean][])('%s', (_what, settings, latitude, longitude, expected) => {
    expect(withinGeoFence(settings, { latitude, longitude })).toBe(expected);
    expect(hasGeoFence(settings)).toBe(settings.hasGeoFanceSetting === true && settings.geoFences.length > 0);
  });
});

describe('openRings', () => {
  it.each([
    ['closed rings', [{ geometry: withHole }], []],
    ['an outer ring left open', [{ geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } }], ['/geoFences/0/geometry/coordinates/0']],
    ['the hole of the second left open', [{ geometry: square(0, 0, 1, 1) }, { geometry: { type: 'Polygon', coordinates: [square(0, 0, 9, 9).coordinates[0]!, [[1, 1], [2, 1], [2, 2], [1, 2]]] } }], ['/geoFences/1/geometry/coordinates/1']],
  ] as [string, { geometry: GeoJsonPolygon }[], string[]][])('%s', (_what, fences, expected) => {
    expect(openRings(fences)).toEqual(expected);
  });
});
