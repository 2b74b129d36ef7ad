/**
 * The place questions a location form asks the server, for SchemaForm's `geocode` and `checkPlace`
 * (the sign-up page's address and the Locations page's dialogs alike):
 * - §4 "In the modal choose a candidate": the places an address may be (§7 `POST /getgeo/json`); null when the lookup failed;
 * - §4 "with geofence the position is checked first" (§7 `checkGeoFenceAddress`): whether the point
 *   is inside; null when the server could not be asked (it decides again at the save).
 */
import { useCallback, useMemo } from 'react';
import { checkGeoFence, geocode } from '../../api/places.ts';
import type { CheckPlace, Geocode } from '../../forms/index.ts';

export function usePlaceLookups(orgId: string): { geocode: Geocode; checkPlace: CheckPlace } {
  const lookUp: Geocode = useCallback(async (query, signal) => {
    const result = await geocode(orgId, query, signal);
    return result.hasError || result.isCanceled ? null : result.data?.candidates ?? null;
  }, [orgId]);
  const checkPlace: CheckPlace = useCallback(async (point, signal) => {
    const result = await checkGeoFence(orgId, point, signal);
    return result.hasError || result.isCanceled || !result.data ? null : !result.data.geoFenceStatus;
  }, [orgId]);
  return useMemo(() => ({ geocode: lookUp, checkPlace }), [lookUp, checkPlace]);
}
