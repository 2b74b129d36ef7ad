/**
 * §7 `GET /rest/registration/statesAndCountries`: the address form's states and countries.
 *
 * §7 `POST /getgeo/json` (form `orgId`, `rs`): the address the member typed, and the places it may
 * be (§3 Geocoding candidate). The browser labels the candidates A, B, C… and preselects the first
 * (§4); a failure (503 `geocoding.unavailable`) leaves the map at the default centre (§8).
 *
 * The spec names `rs` but not its shape: it is the §7 "joined address" as its parts (§3 Address
 * fields). Every part is optional, but one of street, city or postal code must be given.
 */
import { Type, type Static } from 'typebox';
import { LIMITS } from '../rules/limits.ts';
import type { Refusal, Reply } from './common.ts';

export const GeocodingQuery = Type.Object({
  streetAddress: Type.Optional(Type.String({ maxLength: LIMITS.street.max })),
  suite: Type.Optional(Type.String({ maxLength: LIMITS.suite.max })),
  city: Type.Optional(Type.String({ maxLength: LIMITS.city.max })),
  state: Type.Optional(Type.String({ maxLength: LIMITS.state.max })),
  postalCode: Type.Optional(Type.String({ maxLength: LIMITS.postalCode.max })),
  /** ISO 3166-1 alpha-2, as the address form's country select. */
  country: Type.Optional(Type.String({ pattern: '^(?:[A-Za-z]{2})?$' })),
}, { additionalProperties: true });
export type GeocodingQuery = Static<typeof GeocodingQuery>;

/** The body as validated: `rs` holds JSON text in the form (§7); the route reads it first. */
export const GeocodeBody = Type.Object({
  orgId: Type.String({ minLength: 1, maxLength: 100 }),
  rs: GeocodingQuery,
});
export type GeocodeBody = Static<typeof GeocodeBody>;

/** What the browser sends: `rs` as JSON text (a form). */
export interface GeocodeForm {
  orgId: string;
  rs: string;
}

/** §3 Geocoding candidate (the browser adds its label and `active`). */
export const GeocodingCandidate = Type.Object({
  /** The place's own name (a city, or the address's first line when the geocoder found the street). */
  addressName: Type.String(),
  formattedAddress: Type.String(),
  /** Street and suite as the member typed them, or as the geocoder found them. */
  addressLine: Type.String(),
  streetAddress: Type.String(),
  suite: Type.String(),
  locality: Type.String(),
  /** The state or region: a USPS code for a US address. */
  adminDistrict: Type.String(),
  postalCode: Type.String(),
  /** ISO 3166-1 alpha-2. */
  country: Type.String(),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  /** How precise the point is: the street address, the ZIP code area's centre, or only the town (the offline gazetteer's two). */
  precision: Type.Union([Type.Literal('address'), Type.Literal('postalCode'), Type.Literal('locality')]),
});
export type GeocodingCandidate = Static<typeof GeocodingCandidate>;

export const GeocodeAnswer = Type.Object({ candidates: Type.Array(GeocodingCandidate, { maxItems: 10 }) });
export type GeocodeAnswer = Static<typeof GeocodeAnswer>;
export type GeocodeReply = Reply<GeocodeAnswer, Refusal>;

/** `?lang`: the language the countries are named in (the page's); en_US when absent or unknown. */
export const StatesAndCountriesQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) });
export type StatesAndCountriesQuery = Static<typeof StatesAndCountriesQuery>;

const CodeAndName = Type.Object({ code: Type.String(), name: Type.String() });

/** The states of a US address (USPS codes, schemas/rules/usStates.ts) and every country, named in the page's language and sorted by that name. */
export const StatesAndCountriesAnswer = Type.Object({
  states: Type.Array(CodeAndName),
  countries: Type.Array(CodeAndName),
});
export type StatesAndCountriesAnswer = Static<typeof StatesAndCountriesAnswer>;

/** A place to check against the organisation's geofence (schemas/rules/geoFence.ts): a location's point (§3 Address lat, lon). */
const FencePoint = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
}, { additionalProperties: true });

/** §7 `POST /rest/registration/checkGeoFenceAddress?orgId&rs`: `rs` is the location (JSON text in the query; the route reads it first). */
export const CheckGeoFenceQuery = Type.Object({
  orgId: Type.String({ minLength: 1, maxLength: 100 }),
  rs: FencePoint,
});
export type CheckGeoFenceQuery = Static<typeof CheckGeoFenceQuery>;

/** §7 "geoFenceStatus; true runs fail callback": true when the place is OUTSIDE the area the organisation accepts. */
export const CheckGeoFenceAnswer = Type.Object({ geoFenceStatus: Type.Boolean() });
export type CheckGeoFenceAnswer = Static<typeof CheckGeoFenceAnswer>;

/** §7 `GET /{orgId}/addresses/withinGeoFence?longitude&latitude`. */
export const WithinGeoFenceParams = Type.Object({ orgId: Type.String({ minLength: 1, maxLength: 100 }) });
export const WithinGeoFenceQuery = Type.Object({
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
});
export type WithinGeoFenceQuery = Static<typeof WithinGeoFenceQuery>;

/** §7 "geofence": true when the place is inside the area the organisation accepts (or it has no geofence). */
export const WithinGeoFenceAnswer = Type.Object({ geofence: Type.Boolean() });
export type WithinGeoFenceAnswer = Static<typeof WithinGeoFenceAnswer>;

/**
 * §7 `GET /rest/api/map/cas/token?orgId` ("200 reads data.token else null"): the maps' tile key
 * (MAP_TILE_TOKEN) for a MAP_TILE_URL with `{token}` in it; 404 `map.noToken` when the tiles need none.
 */
export const MapTokenAnswer = Type.Object({ data: Type.Object({ token: Type.String() }) });
export type MapTokenAnswer = Static<typeof MapTokenAnswer>;
