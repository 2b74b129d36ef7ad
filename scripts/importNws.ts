/**
 * `npm run import:nws -- FILE… [--org ORG_ID]` (issue 14): imports api.weather.gov alerts (a GeoJSON
 * FeatureCollection of CAP alerts, as `https://api.weather.gov/alerts/active?area=IL` answers) into
 * an organisation (springfield unless --org), idempotent by each alert's id: run it again and
 * nothing changes; an alert the service updated is written again. An alert without a polygon gets the
 * points of the counties it names (services/nwsZones.ts).
 *
 * Two ways in:
 * - With `PUBLISHING_URL` (the portal's address) and `PUBLISHING_KEY` (a key made on the admin page),
 *   through the running portal's publishing API: `POST /api/v1/{orgId}/weatherAlerts`.
 * - Else straight into the database the server uses (DATABASE_URL, or the embedded PGlite in
 *   DATA_DIR; PGlite is one process's: stop the server first).
 *
 * The project ships samples in server/db/demo/nws/ (springfield's storms and an expired winter storm).
 */
import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { WeatherAlertsBody } from '../schemas/api/publishing.ts';
import { openDatabase } from '../server/db/client.ts';
import { findOrganization } from '../server/repositories/organizations.ts';
import { importWeatherAlerts } from '../server/services/publishing.ts';
import { zonePoint } from '../server/services/nwsZones.ts';

let orgId = 'springfield';
const files: string[] = [];
for (let args = process.argv.slice(2); args.length > 0;) {
  const arg = args.shift()!;
  if (arg === '--org') orgId = args.shift() ?? '';
  else files.push(arg);
}
if (!orgId || files.length === 0) {
  console.error('usage: npm run import:nws -- FILE… [--org ORG_ID]');
  process.exit(2);
}

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats.default(ajv);
const valid = ajv.compile<WeatherAlertsBody>(WeatherAlertsBody);

const bodies: WeatherAlertsBody[] = [];
for (const file of files) {
  const body: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!valid(body)) {
    console.error(`${file}: not a FeatureCollection of api.weather.gov alerts: ${ajv.errorsText(valid.errors)}`);
    process.exit(1);
  }
  bodies.push(body);
}

const publishingUrl = process.env.PUBLISHING_URL?.trim();
if (publishingUrl) {
  for (const [index, body] of bodies.entries()) {
    const response = await fetch(new URL(`/api/v1/${encodeURIComponent(orgId)}/weatherAlerts`, publishingUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${process.env.PUBLISHING_KEY ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await response.text();
    if (!response.ok) {
      console.error(`${files[index]}: ${response.status} ${answer}`);
      process.exit(1);
    }
    console.log(`${files[index]}: ${answer}`);
  }
} else {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL?.trim() || null, dataDir: process.env.DATA_DIR?.trim() || './data' });
  try {
    await database.migrate();
    if (!(await findOrganization(database.db, orgId))) {
      console.error(`no organisation ${orgId}`);
      process.exitCode = 1;
      bodies.length = 0;
    }
    for (const [index, body] of bodies.entries()) {
      const { ok: _ok, ...counts } = await importWeatherAlerts(database.db, orgId, body, zonePoint);
      console.log(`${files[index]}: ${JSON.stringify(counts)}`);
    }
  } finally {
    await database.close();
  }
}
