/**
 * §4 address verification "with geofence the position is checked first and, if outside, an
 * out-of-range alert shows and street clears": an organisation with `hasGeoFanceSetting` accepts a
 * location only inside one of its `geoFences` (GeoJSON polygons). What the browser needs to know of
 * it is here; the point test, which needs a geometry library the browser never loads, is
 * withinGeoFence.ts.
 */
import type { GeoJsonPolygon, OrgSettingsInput } from '../orgSettings.generated.ts';

/** §8: the alert a location outside the area gets (with OK), and the key of the refused save. */
export const OUT_OF_AREA_KEYS = { warning: 'ssp.map.out.of.area.warning', outOfRange: 'ssp.location.address.out.of.range' } as const;

export type FenceSettings = Pick<OrgSettingsInput, 'hasGeoFanceSetting' | 'geoFences'>;

/** Whether the organisation limits where its members' locations may be. */
export function hasGeoFence(settings: FenceSettings): boolean {
  return settings.hasGeoFanceSetting === true && (settings.geoFences?.length ?? 0) > 0;
}

/** The box around the organisation's areas (their outer rings), or null without a geofence. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function geoFenceBounds(settings: FenceSettings): Bounds | null {
  if (!hasGeoFence(settings)) return null;
  const positions = settings.geoFences!.flatMap((fence) => fence.geometry.coordinates[0] ?? []);
  if (positions.length === 0) return null;
  const lats = positions.map((p) => p[1]);
  const lons = positions.map((p) => p[0]);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
}

/**
 * Where the location map opens for an organisation with a geofence: the middle of its areas, at the
 * zoom that shows them whole (about 360° / 2^zoom of longitude across the map), instead of §9's
 * default centre of the United States at world zoom, so that a point placed with "show us" starts
 * inside. Null without a geofence.
 */
export function geoFenceView(settings: FenceSettings): { center: { lat: number; lng: number }; zoom: number } | null {
  const bounds = geoFenceBounds(settings);
  if (!bounds) return null;
  const { south, north, west, east } = bounds;
  const span = Math.max(east - west, (north - south) * 1.5, 1e-4);
  return { center: { lat: (south + north) / 2, lng: (west + east) / 2 }, zoom: Math.max(2, Math.min(13, Math.floor(Math.log2(360 / span)))) };
}

/**
 * What the settings schema cannot say about a polygon (RFC 7946 §3.1.6): each ring ends where it
 * starts. Answers the pointer of each open ring, under `/geoFences/{i}/geometry/coordinates/{j}`.
 */
export function openRings(fences: readonly { geometry: GeoJsonPolygon }[]): string[] {
  const open: string[] = [];
  fences.forEach((fence, i) => fence.geometry.coordinates.forEach((ring, j) => {
    const first = ring[0];
    const last = ring.at(-1);
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) open.push(`/geoFences/${i}/geometry/coordinates/${j}`);
  }));
  return open;
}
