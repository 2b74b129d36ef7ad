/**
 * `npm run bench` (part 7): the server's resident memory on embedded PGlite (issue 10 item 6: goal
 * ≤ 300 MB) after a first start on a fresh DATA_DIR (initdb, migrations, demo seed; with
 * BENCH_REBUILD=1 also the browser app's build), after a start on that existing data directory, and
 * after 1,000 logins through `POST /manage/login`.
 *
 * The server is `npm start` itself, in a process group of its own on a temp DATA_DIR and a free
 * port; the figure is the VmRSS (`/proc/{pid}/status`) of the process that runs server/server.ts
 * (the other processes of `npm start`, npm's own among them, are printed apart). The breakdown:
 * the V8 heap and external memory from the server's `/metrics` (METRICS_TOKEN), PGlite's WebAssembly
 * memory and the JIT code from `/proc/{pid}/smaps`. The logins come from up to 100 client
 * addresses (TRUST_PROXY=1, X-Forwarded-For), ten each, so the address throttle (20 at once, then
 * 2/s) lets them through as it would 100 members behind a proxy. Linux only (/proc).
 *
 * Exits non-zero when the server cannot be started, measured, logged into or stopped, never for a
 * missed goal. Every wait is bounded; the server's process group is killed on every way out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, rootDir } from '../server/client.ts';

const GOAL_MB = 300;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 1000);
const CLIENTS = 8;
const LOGINS_PER_ADDRESS = 10;
const START_TIMEOUT_MS = 5 * 60_000;
const STOP_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** After start and after the logins: background work (WebAssembly tier-up, GC) settles first. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5_000);
const METRICS_TOKEN = randomBytes(24).toString('hex');
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  baseURL: string;
  /** The process running server/server.ts. */
  pid: number;
  output(): string;
}

/** Every process below `root`, parents first. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
};

/** Fields of /proc/{pid}/status in kB. */
function status(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]);
  }
  return fields;
}

interface Mapping { start: bigint; end: bigint; perms: string; name: string; sizeKb: number; rssKb: number }

function mappings(pid: number): Mapping[] {
  const found: Mapping[] = [];
  let current: Mapping | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, name: head[4]!, sizeKb: 0, rssKb: 0 };
      found.push(current);
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (field && current) current[field[1] === 'Size' ? 'sizeKb' : 'rssKb'] = Number(field[2]);
  }
  return found;
}

/**
 * From smaps: WebAssembly memories (V8 reserves a guard region of several GB right after each one's
 * committed pages, which is how they are told apart: PGlite's heap is the only WebAssembly memory
 * of the server) and anonymous executable mappings (JIT code: V8's and WebAssembly's compiled code).
 */
function smapsBreakdown(pid: number): { wasmRssMb: number; wasmSizeMb: number; codeRssMb: number } {
  const all = mappings(pid);
  let wasmRss = 0;
  let wasmSize = 0;
  all.forEach((mapping, index) => {
    const next = all[index + 1];
    if (mapping.perms.startsWith('rw') && !mapping.name && next && next.start === mapping.end && next.perms.startsWith('---')
      && next.sizeKb >= 4 * 1024 * 1024) {
      wasmRss += mapping.rssKb;
      wasmSize += mapping.sizeKb;
    }
  });
  const code = all.filter((mapping) => mapping.perms.includes('x') && (!mapping.name || mapping.name.startsWith('[anon'))).reduce((sum, mapping) => sum + mapping.rssKb, 0);
  return { wasmRssMb: wasmRss / 1024, wasmSizeMb: wasmSize / 1024, codeRssMb: code / 1024 };
}

async function request(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

/** The V8 heap and external memory from the server's Prometheus metrics (prom-client's process metrics). */
async function v8Figures(baseURL: string): Promise<{ heapUsedMb: number; heapTotalMb: number; externalMb: number }> {
  const response = await request(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  const metric = (name: string) => {
    const match = new RegExp(`^${name} (\\S+)`, 'm').exec(text);
    if (!match) throw new Error(`/metrics has no ${name}`);
    return Number(match[1]) / MB;
  };
  return { heapUsedMb: metric('nodejs_heap_size_used_bytes'), heapTotalMb: metric('nodejs_heap_size_total_bytes'), externalMb: metric('nodejs_external_memory_bytes') };
}

/** `npm start` on `dataDir`, until it says where it listens. */
async function start(dataDir: string): Promise<Server> {
  const npm = process.env.npm_execpath;
  // Through npm as a user runs it (npm's own script runner and PATH, with node_modules/.bin first).
  const [command, args] = npm ? [process.execPath, [npm, 'start', '--silent']] : ['npm', ['start', '--silent']];
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_TOKEN, TRUST_PROXY: '1', LOG_LEVEL: 'warn',
  };
  for (const key of ['DATABASE_URL', 'DEMO', 'PUBLIC_URL', 'METRICS_PORT', 'ADMIN_PASSWORD', 'SMTP_URL', 'NODE_OPTIONS']) delete env[key];
  const child = spawn(command, args, { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening) {
      const serverPids = descendants(child.pid!).filter((pid) => / server\/server\.ts/.test(commandLine(pid)));
      // With tsx's launcher, the last (deepest) of them runs the server; without it, the only one.
      const pid = serverPids.at(-1);
      if (pid === undefined) throw new Error('no process runs server/server.ts below npm start');
      return { child, baseURL: listening[1]!, pid, output: () => output };
    }
    await sleep(200);
  }
  throw new Error(`npm start did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

const running = new Set<ChildProcess>();

/** SIGTERM to the server's process group (as Ctrl-C would), SIGKILL when it does not end in time. */
async function stop(server: Server): Promise<void> {
  const { child } = server;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // Gone already.
  }
  const inTime = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  running.delete(child);
  if (!inTime) {
    killGroup(child);
    throw new Error(`npm start did not end within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM:\n${server.output()}`);
  }
}

function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(1);
  });
}
process.on('exit', () => {
  for (const child of running) killGroup(child);
});

interface Figures {
  rssMb: number;
  hwmMb: number;
  anonMb: number;
  fileMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  wasmRssMb: number;
  wasmSizeMb: number;
  codeRssMb: number;
  /** The other processes of `npm start` (npm, sh, tsx's launcher, its esbuild): not the server, printed apart. */
  othersMb: number;
  others: string;
}

async function measure(server: Server): Promise<Figures> {
  await sleep(SETTLE_MS);
  // The scrape allocates a little: read /proc after it.
  const v8 = await v8Figures(server.baseURL);
  const own = status(server.pid);
  const others = [server.child.pid!, ...descendants(server.child.pid!)].filter((pid) => pid !== server.pid);
  const othersKb = others.reduce((sum, pid) => {
    try {
      return sum + (status(pid).VmRSS ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  const names = others.map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  });
  return {
    rssMb: own.VmRSS! / 1024, hwmMb: own.VmHWM! / 1024, anonMb: own.RssAnon! / 1024, fileMb: own.RssFile! / 1024,
    ...v8, ...smapsBreakdown(server.pid), othersMb: othersKb / 1024, others: names.filter(Boolean).join(', '),
  };
}

/** `count` logins of demo.member at springfield, CLIENTS at a time, LOGINS_PER_ADDRESS from each X-Forwarded-For address. */
async function logins(baseURL: string, count: number): Promise<void> {
  const init = await request(`${baseURL}/rest/init/csrf?orgId=springfield`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (init.status !== 200) throw new Error(`GET /rest/init/csrf answered ${init.status}`);
  const cookie = init.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = ((await init.json()) as { csrfToken: string }).csrfToken;
  const body = JSON.stringify({ orgId: 'springfield', username: 'demo.member', password: 'Demo!Member2026', keepSigned: 'false' });
  let next = 0;
  const refused = new Map<number, number>();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < count) {
      const index = next++;
      const address = Math.floor(index / LOGINS_PER_ADDRESS);
      const response = await request(`${baseURL}/manage/login`, {
        method: 'POST', body,
        headers: {
          cookie, 'content-type': 'application/json', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest',
          'x-forwarded-for': `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        },
      });
      await response.arrayBuffer();
      if (response.status !== 200) refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
    }
  }));
  if (refused.size) throw new Error(`logins refused: ${[...refused].map(([code, n]) => `${n} × HTTP ${code}`).join(', ')}`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'member-portal-memory-'));
const results: [string, Figures][] = [];
let built = false;
try {
  if (process.env.BENCH_REBUILD === '1') await unlink(join(distDir, '.build-stamp')).catch(() => {});
  console.log(`memory: npm start on embedded PGlite in ${dataDir}, VmRSS of the server process ${SETTLE_MS / 1000} s after each step`);
  const first = await start(dataDir);
  built = first.output().includes('building the browser app');
  results.push([`after a first start (initdb, migrations, seed${built ? ', browser app build' : ''})`, await measure(first)]);
  await stop(first);

  const again = await start(dataDir);
  results.push(['after a start on the existing data directory', await measure(again)]);
  const began = Date.now();
  await logins(again.baseURL, LOGINS);
  const seconds = (Date.now() - began) / 1000;
  results.push([`after ${LOGINS} logins (${(LOGINS / seconds).toFixed(0)}/s, ${CLIENTS} clients)`, await measure(again)]);
  await stop(again);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
console.table(Object.fromEntries(results.map(([name, f]) => [name, {
  'resident (VmRSS)': mb(f.rssMb), goal: `≤ ${GOAL_MB} MB`, peak: mb(f.hwmMb), 'V8 heap used / total': `${mb(f.heapUsedMb)} / ${mb(f.heapTotalMb)}`,
  external: mb(f.externalMb), 'PGlite WASM memory resident / size': `${mb(f.wasmRssMb)} / ${mb(f.wasmSizeMb)}`, 'JIT code': mb(f.codeRssMb),
  'anonymous / file': `${mb(f.anonMb)} / ${mb(f.fileMb)}`, 'other processes': `${mb(f.othersMb)} (${f.others})`,
}])));
for (const [name, f] of results) {
  console.log(`${f.rssMb <= GOAL_MB ? 'ok  ' : 'MISS'} ${mb(f.rssMb)} resident ${name} (goal ≤ ${GOAL_MB} MB)`);
}
if (!built && process.env.BENCH_REBUILD !== '1') console.log('(the browser app was built already: BENCH_REBUILD=1 makes the first start build it; it builds in a child process)');
