/**
 * The real server as a process of its own (`server/server.ts` on embedded PGlite in a temp DATA_DIR,
 * demo organisations seeded, a free port), for the e2e tests and the browser benchmark. `stop()`
 * sends SIGTERM and insists on exit code 0, which proves the graceful shutdown of server.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClientBuild } from '../../server/build.ts';
import { rootDir } from '../../server/client.ts';

const HEALTH_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 15_000;

/** A port nobody listens on right now: the kernel picks one for a throwaway listener. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /healthz until it answers 200; fails early when the server process exits. */
async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(200);
  }
  throw new Error(`GET ${baseURL}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}); server output:\n${output()}`);
}

/** Waits for the process to end; resolves to its exit code, or null with the signal when killed. */
function waitForExit(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'timeout'> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Debian's Chromium (or CHROMIUM_PATH), or null when this machine has none. */
export function chromiumPath(): string | null {
  const path = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then: exit code 0 or an error with the server's output. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Extra environment of the server (SMTP_URL for the e2e mail sink, say). */
  env?: Record<string, string>;
  /** DEMO: `'1'` unless given; null leaves it unset (the default of a loopback HOST, issue 9 row 13). */
  demo?: '0' | '1' | null;
  /** A PostgreSQL database to serve from (DATABASE_URL) instead of an embedded PGlite in a temp DATA_DIR. */
  databaseUrl?: string;
}

export async function startServerProcess(log: (message: string) => void = console.log, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const started = Date.now();
  await ensureClientBuild(log);
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'member-portal-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const demo = options.demo === undefined ? '1' : options.demo;
  if (demo === null) delete env.DEMO;
  else env.DEMO = demo;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  // The server is a real process, not a test: vitest's own markers stay out of its environment.
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  env.NODE_ENV = 'production';

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const outputOf = () => output.trim() || '(no output)';
  // Should the caller end abruptly, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const result = await waitForExit(child, EXIT_TIMEOUT_MS);
    if (result === 'timeout') child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    const problem = result === 'timeout'
      ? `did not exit within ${EXIT_TIMEOUT_MS / 1000} s of SIGTERM (killed)`
      : result.code !== 0 ? `exited with code ${result.code} (signal ${result.signal}) after SIGTERM, not 0` : null;
    if (problem) throw new Error(`the server ${problem} — shutdown is not graceful; server output:\n${outputOf()}`);
  };

  try {
    await waitForHealth(baseURL, child, outputOf);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  log(`server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir})`);
  return { baseURL, dataDir, output: () => output, stop };
}
