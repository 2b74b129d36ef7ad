/**
 * `npm run bench` (part 4): "logins/s through POST /manage/login with 8 clients ≥ 90 % of raw argon2id
 * verifications/s at those parameters in the same bench run" (issue 10 item 5). Both are measured
 * here, one after the other, on this machine: raw `argon2.verify` with as many running at once as the
 * server allows (one per core), then the portal (embedded PGlite, demo seeded, on loopback) with 8
 * clients signing demo.member in over HTTP for the same time. The address bucket is lifted for the
 * run: it limits one client address, which is all a bench has; the hashing queue keeps its bounds.
 */
import argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/services/demoSeed.ts';
import { ARGON2_OPTIONS } from '../server/services/passwords.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 8;
const GOAL = 0.9;
const PASSWORD = 'Demo!Member2026';

async function forSeconds(seconds: number, workers: number, work: () => Promise<boolean>): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (Date.now() < end) if (await work()) done++;
  }));
  return done / seconds;
}

// 1. Raw argon2id verifications at the portal's parameters, one per core at a time.
const hash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
const raw = await forSeconds(SECONDS, availableParallelism(), () => argon2.verify(hash, PASSWORD));

// 2. Logins through the portal.
const database = await openDatabase({ databaseUrl: null, dataDir: null });
await database.migrate();
await seedDemo(database.db);
const app = await buildApp({
  db: database.db, client: null, demo: true, serverVersion: 'bench', hashLimits: { addressBurst: 1e9, addressPerSecond: 1e9 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
let refused = 0;
const clients = await Promise.all(Array.from({ length: CLIENTS }, async () => {
  const init = await fetch(`${base}/rest/init/csrf?orgId=springfield`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const cookie = init.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, token: ((await init.json()) as { csrfToken: string }).csrfToken };
}));
let next = 0;
const logins = await forSeconds(SECONDS, CLIENTS, async () => {
  const client = clients[next++ % CLIENTS]!;
  const response = await fetch(`${base}/manage/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, 'x-csrf-token': client.token, 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ orgId: 'springfield', username: 'demo.member', password: PASSWORD, keepSigned: 'false' }),
  });
  const ok = response.ok && ((await response.json()) as { status?: string }).status === '1';
  if (!ok) refused++;
  return ok;
});
await app.close();
await database.close();

const ratio = logins / raw;
console.table({
  'raw argon2id verifications/s (m=19456, t=2, p=1)': { measured: raw.toFixed(1), goal: '—' },
  [`logins/s, POST /manage/login, ${CLIENTS} clients`]: { measured: logins.toFixed(1), goal: '—' },
  'logins / raw verifications': { measured: `${(ratio * 100).toFixed(0)} %`, goal: `≥ ${GOAL * 100} %` },
});
if (refused) console.log(`logins refused: ${refused}`);
console.log(`${ratio >= GOAL ? 'ok  ' : 'MISS'} logins/s are ${(ratio * 100).toFixed(0)} % of raw verifications/s (goal ≥ ${GOAL * 100} %)`);
