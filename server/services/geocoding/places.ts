/**
 * What the geocoders share: the query (§7 `POST /getgeo/json`'s `rs`, the address as the member typed
 * it), the candidate (§3 Geocoding candidate, schemas/api/places.ts) and the folding of place
 * names that the offline gazetteer compares by.
 */
import type { GeocodingCandidate, GeocodingQuery } from '../../../schemas/api/places.ts';
import type { Bounds } from '../../../schemas/rules/geoFence.ts';

export type { Bounds };

export type { GeocodingCandidate, GeocodingQuery };

/** A geocoder: candidates for an address, best first, at most `limit`. Throws when it cannot answer. */
export interface Geocoder {
  /** 'gazetteer' (offline, the default) or 'nominatim' (GEOCODER_URL). */
  readonly kind: 'gazetteer' | 'nominatim';
  /** The places `query` may be, best first; those in or near `near` (the organisation's area) before others. */
  search(query: GeocodingQuery, limit: number, near?: Bounds | null): Promise<GeocodingCandidate[]>;
}

/** A place name as compared: without diacritics, lower case, punctuation and runs of spaces as one space ("Saint-Étienne" → "saint etienne"). */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The first line of an address: street and suite as the member typed them. */
export function addressLineOf(query: GeocodingQuery): string {
  return [query.streetAddress, query.suite].map((part) => part?.trim()).filter(Boolean).join(', ');
}
