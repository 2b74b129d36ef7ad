/**
 * `npm run bench` (part 4): requests per second of a visitor's `GET /rest/init` against a bare
 * Fastify hello world on the same machine in the same run (issue 10 item 4: goal ≥ 50 %), and of
 * `/healthz` (one database ping per call) for reference.
 *
 * Both servers run in this process, one at a time under load, listening on loopback; the load comes
 * from autocannon in a child process (20 connections), so the client does not share the servers'
 * event loop. Each address gets DURATION_S seconds in ROUNDS interleaved slices (hello world,
 * /rest/init, /healthz, then again), so a change in the machine's other load during the run
 * weighs on both sides of the ratio alike. The portal is buildApp on a fresh in-memory PGlite with the demo
 * seeded, as `npm start` serves the API (without the browser app, which /rest/init does not touch).
 * Exits non-zero when the goal is missed.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/services/demoSeed.ts';
import { autocannon } from './autocannon.ts';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const GOAL_RATIO = 0.5;

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloUrl = await listen(hello);

const database = await openDatabase({ databaseUrl: null, dataDir: null });
await database.migrate();
await seedDemo(database.db);
const portal = await buildApp({ db: database.db, client: null, demo: true, serverVersion: 'bench' });
const portalUrl = await listen(portal);

// Warm both (JIT, the organisation cache) before measuring.
for (const url of [`${helloUrl}/`, `${portalUrl}/rest/init?orgId=springfield`, `${portalUrl}/healthz`]) {
  for (let i = 0; i < 50; i++) await fetch(url).then((response) => response.arrayBuffer());
}

console.log(`throughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} interleaved slices, loopback, one at a time`);
const targets = {
  'bare Fastify hello world': `${helloUrl}/`,
  'GET /rest/init?orgId=springfield (visitor)': `${portalUrl}/rest/init?orgId=springfield`,
  'GET /healthz (one database ping)': `${portalUrl}/healthz`,
};
type Name = keyof typeof targets;
const totals = Object.fromEntries(Object.keys(targets).map((name) => [name, { requestsPerSecond: 0, p50Ms: 0, non2xx: 0, errors: 0 }])) as Record<Name, Awaited<ReturnType<typeof autocannon>>>;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url] of Object.entries(targets) as [Name, string][]) {
    const result = await autocannon(url, { connections: CONNECTIONS, seconds: DURATION_S / ROUNDS });
    const total = totals[name];
    // Slices of equal length: the mean of their rates is the rate over the whole time.
    total.requestsPerSecond += result.requestsPerSecond / ROUNDS;
    total.p50Ms = Math.max(total.p50Ms, result.p50Ms);
    total.non2xx += result.non2xx;
    total.errors += result.errors;
  }
}
const rows = Object.fromEntries(Object.entries(totals).map(([name, total]) => [name, {
  'requests/s': Math.round(total.requestsPerSecond), 'p50 (ms, worst slice)': total.p50Ms, 'non-2xx': total.non2xx, errors: total.errors,
}]));
const helloResult = totals['bare Fastify hello world'];
const initResult = totals['GET /rest/init?orgId=springfield (visitor)'];
console.table(rows);

const ratio = initResult.requestsPerSecond / helloResult.requestsPerSecond;
const met = ratio >= GOAL_RATIO && initResult.non2xx === 0 && initResult.errors === 0;
console.log(`/rest/init for a visitor: ${(ratio * 100).toFixed(1)} % of hello world's requests/s (goal ≥ ${GOAL_RATIO * 100} %; before issue 10: 4–7 %) ${met ? 'met' : 'MISSED'}`);

await portal.close();
await hello.close();
await database.close();
if (!met) process.exitCode = 1;
