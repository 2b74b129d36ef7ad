/**
 * `npm run import:nws` (scripts/importNws.ts, issue 14) as an operator runs it against a running
 * portal: a child process with PUBLISHING_URL pointing at the real app listening on a loopback port
 * and PUBLISHING_KEY an organisation's publishing key. What it proves: it prints each file's counts
 * (created, then unchanged when run again), the rows are the alerts of the files (the county points
 * of one without a polygon included), it opens no database of its own in that mode, and a file that
 * is not api.weather.gov's FeatureCollection (or not JSON, or a refused key) ends it with exit code 1
 * and nothing stored, not even the good files given with it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/client.ts';
import { weatherAlerts } from '../../server/db/schema.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { signInAdmin, useTestApp } from '../support/testApp.ts';

const t = useTestApp();

const STORMS = 'server/db/demo/nws/springfield-storms.json';
const WINTER = 'server/db/demo/nws/springfield-winter-storm.json';

let portal: string;
let tempDir: string;
const keys: Record<string, string> = {};

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  portal = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await ensureAdmin(t.database.db, DEMO_ADMIN_PASSWORD);
  const admin = await signInAdmin(t.app);
  for (const orgId of ['acme', 'campus']) {
    const made = await t.app.inject({
      method: 'POST', url: `/admin/api/orgs/${orgId}/publishingKeys`, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken }, payload: { name: 'importer' },
    });
    expect(made.statusCode, made.body).toBe(201);
    keys[orgId] = made.json().key;
  }
  tempDir = await mkdtemp(join(tmpdir(), 'import-nws-'));
});

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

interface Run { code: number | null; stdout: string; stderr: string }

/** `tsx scripts/importNws.ts …args` with the publishing address and `key`; DATA_DIR a directory that must never appear. */
function importNws(args: string[], key: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLISHING_URL: portal, PUBLISHING_KEY: key, DATA_DIR: join(tempDir, 'no-database-here') };
  delete env.DATABASE_URL;
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/importNws.ts', ...args], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const alertsOf = (orgId: string) => t.database.db.select().from(weatherAlerts).where(eq(weatherAlerts.orgId, orgId)).orderBy(asc(weatherAlerts.issuanceTime));

describe('npm run import:nws through the publishing API (PUBLISHING_URL, PUBLISHING_KEY)', () => {
  it('imports the samples and prints each file\'s counts; run again, it changes nothing', async () => {
    const first = await importNws([STORMS, WINTER, '--org', 'acme'], keys.acme!);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`${STORMS}: {"created":2,"updated":0,"unchanged":0}\n${WINTER}: {"created":1,"updated":0,"unchanged":0}\n`);
    const rows = await alertsOf('acme');
    expect(rows.map(({ title, issuanceTime, endTime }) => ({ title, issuanceTime, endTime }))).toEqual([
      {
        title: 'Winter Storm Warning issued November 20 at 3:10AM CST until November 21 at 6:00AM CST by NWS Lincoln IL',
        issuanceTime: new Date('2026-11-20T09:10:00Z'), endTime: new Date('2026-11-21T12:00:00Z'),
      },
      {
        title: 'Severe Thunderstorm Warning issued November 28 at 12:20PM CST until November 28 at 1:15PM CST by NWS Lincoln IL',
        issuanceTime: new Date('2026-11-28T18:20:00Z'), endTime: new Date('2026-11-28T19:15:00Z'),
      },
      {
        title: 'Tornado Warning issued November 28 at 1:05PM CST until November 28 at 1:45PM CST by NWS Lincoln IL',
        issuanceTime: new Date('2026-11-28T19:05:00Z'), endTime: new Date('2026-11-28T19:45:00Z'),
      },
    ]);
    expect(rows[0]!.originalFeed).toMatchObject({ polygons: [], points: [[-89.659, 39.758], [-89.367, 40.124], [-88.962, 39.86]] });
    // Through the portal only: no database was opened in DATA_DIR.
    expect(existsSync(join(tempDir, 'no-database-here'))).toBe(false);

    const again = await importNws([STORMS, WINTER, '--org', 'acme'], keys.acme!);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`${STORMS}: {"created":0,"updated":0,"unchanged":2}\n${WINTER}: {"created":0,"updated":0,"unchanged":1}\n`);
    expect(await alertsOf('acme')).toEqual(rows);
  }, 120_000);

  it.each([
    ['a file that is not a FeatureCollection', 'feature.json', JSON.stringify({ type: 'Feature', id: 'x', geometry: null, properties: { sent: '2026-11-28T10:00:00Z', event: 'x' } }),
      /: not a FeatureCollection of api\.weather\.gov alerts: /],
    ['a collection with an alert without a sent time', 'unsent.json', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', id: 'x', geometry: null, properties: { event: 'x' } }] }),
      /: not a FeatureCollection of api\.weather\.gov alerts: .*sent/],
    ['a file that is not JSON', 'garbage.json', '{"type": "FeatureCollection", "features": [', /SyntaxError/],
  ])('ends with exit code 1 on %s, storing nothing (not even the good file before it)', async (_name, fileName, text, error) => {
    const bad = join(tempDir, fileName);
    await writeFile(bad, text);
    const run = await importNws([STORMS, bad, '--org', 'campus'], keys.campus!);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(error);
    expect(run.stdout).toBe('');
    expect(await alertsOf('campus')).toEqual([]);
  }, 120_000);

  it('ends with exit code 1 when the portal refuses the key, printing its answer, storing nothing', async () => {
    const run = await importNws([STORMS, '--org', 'campus'], keys.acme!);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${STORMS}: 401 {"errorCode":"publishing.unauthorized"}\n`);
    expect(await alertsOf('campus')).toEqual([]);
  }, 120_000);

  it('ends with exit code 2 and its usage without a file', async () => {
    const run = await importNws(['--org', 'campus'], keys.campus!);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('usage: npm run import:nws -- FILE… [--org ORG_ID]\n');
  }, 120_000);
});
