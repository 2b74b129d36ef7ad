/**
 * The portal's geocoder: Nominatim's API at GEOCODER_URL when set, else the offline gazetteer.
 * Answers are kept for a while (CACHE_SIZE addresses, CACHE_MS each): the browser asks again for the
 * same address as the member goes back and forth, and a provider should not be asked twice.
 */
import type { Bounds, GeocodingCandidate, GeocodingQuery, Geocoder } from './places.ts';
import { gazetteerGeocoder } from './gazetteer.ts';
import { nominatimGeocoder } from './nominatim.ts';

export type { Geocoder };

/** How many candidates a lookup answers at most (A to E). */
export const CANDIDATE_LIMIT = 5;
const CACHE_SIZE = 1_000;
const CACHE_MS = 24 * 60 * 60 * 1000;

export function createGeocoder({ url, userAgent }: { url: string | null; userAgent: string }): Geocoder {
  return url ? nominatimGeocoder(url, userAgent) : gazetteerGeocoder();
}

/** `geocoder` with its answers kept (a bounded, least-recently-used map); failures are not kept. */
export function cachedGeocoder(geocoder: Geocoder): Geocoder {
  const answers = new Map<string, { at: number; candidates: GeocodingCandidate[] }>();
  const keyOf = (query: GeocodingQuery, limit: number, near: Bounds | null) =>
    JSON.stringify([limit, near, ...(['streetAddress', 'suite', 'city', 'state', 'postalCode', 'country'] as const).map((part) => query[part]?.trim().toLowerCase() ?? '')]);
  return {
    kind: geocoder.kind,
    async search(query, limit, near) {
      const key = keyOf(query, limit, near ?? null);
      const kept = answers.get(key);
      answers.delete(key);
      if (kept && Date.now() - kept.at < CACHE_MS) {
        answers.set(key, kept);
        return kept.candidates;
      }
      const candidates = await geocoder.search(query, limit, near ?? null);
      answers.set(key, { at: Date.now(), candidates });
      while (answers.size > CACHE_SIZE) answers.delete(answers.keys().next().value!);
      return candidates;
    },
  };
}
