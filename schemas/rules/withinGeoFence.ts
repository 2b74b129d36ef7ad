/**
 * Whether the organisation accepts a place as a member's location (schemas/rules/geoFence.ts):
 * inside one of its polygons (a point on a boundary is inside, a hole's inside is not), or anywhere
 * when it has none. One function decides it for §7's `checkGeoFenceAddress` and `withinGeoFence` and
 * for every save of a location. Server only: it brings a geometry library.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { hasGeoFence, type FenceSettings } from './geoFence.ts';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export function withinGeoFence(settings: FenceSettings, point: GeoPoint): boolean {
  if (!hasGeoFence(settings)) return true;
  const position = [point.longitude, point.latitude];
  return settings.geoFences!.some((fence) => booleanPointInPolygon(position, fence.geometry));
}
