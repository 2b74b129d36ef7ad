/**
 * A geocoder speaking Nominatim's search API (GEOCODER_URL): a portal's own Nominatim, or any
 * provider that answers its format (`/search?format=jsonv2&addressdetails=1`, structured query:
 * street, city, state, postalcode, countrycodes). OpenStreetMap's public instance allows one request a
 * second and asks for a User-Agent naming the application, so it is no production geocoder for a
 * portal: the README says so. Bounded: one request at a time per lookup, TIMEOUT_MS, MAX_BYTES of
 * answer; any failure is thrown and the route answers 503.
 */
import { addressLineOf, type GeocodingCandidate, type GeocodingQuery, type Geocoder } from './places.ts';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 512 * 1024;

/** The part of a Nominatim `jsonv2` place that the candidate is made of (nominatim.org/release-docs/latest/api/Output/). */
interface NominatimPlace {
  lat: string;
  lon: string;
  name?: string;
  display_name?: string;
  address?: Partial<Record<'house_number' | 'road' | 'city' | 'town' | 'village' | 'hamlet' | 'municipality' | 'state' | 'postcode' | 'country_code' | 'ISO3166-2-lvl4', string>>;
}

/** The state of a place: a US one by its USPS code (ISO3166-2-lvl4 `US-IL`), any other by name. */
function adminDistrictOf(address: NonNullable<NominatimPlace['address']>): string {
  const iso = address['ISO3166-2-lvl4'];
  if (iso && /^US-[A-Z]{2}$/.test(iso)) return iso.slice(3);
  return address.state ?? '';
}

export function candidateOfPlace(place: NominatimPlace, query: GeocodingQuery): GeocodingCandidate | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const address = place.address ?? {};
  const street = [address.house_number, address.road].filter(Boolean).join(' ');
  const locality = address.city ?? address.town ?? address.village ?? address.hamlet ?? address.municipality ?? '';
  const suite = query.suite?.trim() ?? '';
  const addressLine = street ? [street, suite].filter(Boolean).join(', ') : addressLineOf(query);
  return {
    addressName: place.name || street || locality,
    formattedAddress: place.display_name ?? addressLine,
    addressLine,
    streetAddress: street || (query.streetAddress?.trim() ?? ''),
    suite,
    locality,
    adminDistrict: adminDistrictOf(address),
    postalCode: address.postcode ?? query.postalCode?.trim() ?? '',
    country: (address.country_code ?? query.country ?? '').toUpperCase(),
    latitude,
    longitude,
    precision: street ? 'address' : 'locality',
  };
}

/** Reads at most MAX_BYTES of `response`'s body as JSON. */
async function boundedJson(response: Response): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`the geocoder's answer is larger than ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export function nominatimGeocoder(baseUrl: string, userAgent: string): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    kind: 'nominatim',
    async search(query, limit, near) {
      const url = new URL('search', base);
      const parameters: Record<string, string | undefined> = {
        format: 'jsonv2', addressdetails: '1', limit: String(limit),
        street: query.streetAddress?.trim(), city: query.city?.trim(), state: query.state?.trim(), postalcode: query.postalCode?.trim(),
        countrycodes: query.country?.trim().toLowerCase(),
        // The organisation's area, preferred but not required (bounded=0: places outside it are still found).
        ...(near ? { viewbox: `${near.west},${near.north},${near.east},${near.south}`, bounded: '0' } : {}),
      };
      for (const [name, value] of Object.entries(parameters)) if (value) url.searchParams.set(name, value);
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': userAgent }, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
      const places = await boundedJson(response);
      if (!Array.isArray(places)) throw new Error('the geocoder answered something other than a list of places');
      return places.map((place) => candidateOfPlace(place as NominatimPlace, query)).filter((c): c is GeocodingCandidate => c !== null).slice(0, limit);
    },
  };
}
