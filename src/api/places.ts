/**
 * The address calls of §7, typed: `POST /getgeo/json` (form `orgId`, `rs`: the address as JSON; the
 * places it may be, 503 `geocoding.unavailable` when the geocoder failed, 429 when asked too often),
 * `POST /rest/registration/checkGeoFenceAddress?orgId&rs` (`geoFenceStatus`: true when the place
 * is outside the organisation's area), and `GET /rest/api/map/cas/token?orgId` (the tiles' key).
 */
import type { CheckGeoFenceAnswer, GeocodeForm, GeocodeReply, GeocodingCandidate, GeocodingQuery, MapTokenAnswer } from '../../schemas/api/places.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { GeocodingCandidate, GeocodingQuery };

export function geocode(orgId: string, query: GeocodingQuery, signal?: AbortSignal) {
  const form: GeocodeForm = { orgId, rs: JSON.stringify(query) };
  return api.post<GeocodeReply | null>(paths.geocode, { form: { ...form }, signal });
}

export function checkGeoFence(orgId: string, point: { lat: number; lon: number }, signal?: AbortSignal) {
  return api.post<CheckGeoFenceAnswer | null>(paths.checkGeoFenceAddress, { query: { orgId, rs: JSON.stringify(point) }, signal });
}

/** §7 "200 reads data.token else null": the key MAP_TILE_URL's `{token}` stands for, or null. */
export async function getMapToken(orgId: string): Promise<string | null> {
  const result = await api.get<MapTokenAnswer>(paths.mapToken, { query: { orgId } });
  return result.status === 200 ? result.data?.data.token ?? null : null;
}
