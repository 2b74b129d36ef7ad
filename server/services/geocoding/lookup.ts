/**
 * §7 `POST /getgeo/json`'s use case: an address's candidates for one client, within its allowance.
 * GEOCODE_PER_ADDRESS lookups per client address and organisation per throttle window (the street
 * lookup is debounced 5 s, §9: about one every 9 s), then 429 `request.throttled`. An organisation
 * whose members place their addresses themselves (addressSetting.geocodingType 'Manual') geocodes
 * nothing: 403 `geocoding.off` (its pages never ask). An address with
 * neither street, city nor postal code has no candidates and costs nothing; a geocoder that fails
 * is 503 `geocoding.unavailable` (the browser keeps the default centre, §8).
 */
import { geoFenceBounds } from '../../../schemas/rules/geoFence.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Organization } from '../../repositories/organizations.ts';
import { claimAttempt, THROTTLE_WINDOW_MS } from '../../repositories/throttle.ts';
import { refuse, type Refusal } from '../results.ts';
import { CANDIDATE_LIMIT, type Geocoder } from './index.ts';
import type { GeocodingCandidate, GeocodingQuery } from './places.ts';

export const GEOCODE_PER_ADDRESS = 100;
/** Seconds the browser is asked to wait (Retry-After), by refusal status: a whole window once throttled, a little after a failure. */
export const RETRY_AFTER_SECONDS: Readonly<Record<number, number>> = { 429: THROTTLE_WINDOW_MS / 1000, 503: 30 };

export async function lookUpAddress(
  db: Db, geocoder: Geocoder, log: FastifyBaseLogger, org: Organization, clientAddress: string, query: GeocodingQuery,
): Promise<{ ok: true; candidates: GeocodingCandidate[] } | Refusal> {
  const { orgId } = org;
  if (org.settings.addressSetting.geocodingType !== 'Automatic') return refuse(403, { errorCode: 'geocoding.off' });
  if (![query.streetAddress, query.city, query.postalCode].some((part) => part?.trim())) return { ok: true, candidates: [] };
  if ((await claimAttempt(db, orgId, `geocode:${clientAddress}`, GEOCODE_PER_ADDRESS, THROTTLE_WINDOW_MS)) === null) {
    return refuse(429, { errorCode: 'request.throttled' });
  }
  try {
    return { ok: true, candidates: await geocoder.search(query, CANDIDATE_LIMIT, geoFenceBounds(org.settings)) };
  } catch (error) {
    log.warn({ err: error, geocoder: geocoder.kind }, 'geocoding failed');
    return refuse(503, { errorCode: 'geocoding.unavailable' });
  }
}
