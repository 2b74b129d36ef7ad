/**
 * Global setup of the e2e project: builds the browser app, starts the real server (`server/server.ts`,
 * embedded PGlite in a temp DATA_DIR, demo organisations seeded) on a free port, and hands its address
 * and the Chromium path to the tests. The teardown stops the server with SIGTERM and insists on exit
 * code 0, which proves the graceful shutdown of server.ts.
 *
 * Without Chromium (/usr/bin/chromium or CHROMIUM_PATH) nothing is started and the tests skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../server/build.ts';
import { rootDir } from '../../server/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
  }
}

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
      throw new Error(`e2e: the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output()}`);
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
  throw new Error(`e2e: GET ${baseURL}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}); server output:\n${output()}`);
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    console.log(`e2e: skipped — no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
    project.provide('baseURL', '');
    project.provide('chromiumPath', null);
    return async () => {};
  }

  const started = Date.now();
  // Screenshots of an earlier run would mislead (a failed-*.png of a test that passes now).
  await rm(join(rootDir, 'test-results', 'e2e'), { recursive: true, force: true });
  await ensureClientBuild((message) => console.log(`e2e: ${message}`));

  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'member-portal-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1' };
  delete env.DATABASE_URL;
  // The server is a real process, not a test: vitest's own markers stay out of its environment.
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  env.NODE_ENV = 'production';

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => log.trim() || '(no output)';
  // Should vitest itself end abruptly, the server must not outlive it.
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
    if (problem) {
      // vitest only prints an error thrown by a teardown ("error during close") and still exits 0:
      // the exit code makes an ungraceful shutdown fail the run.
      process.exitCode = 1;
      throw new Error(`e2e: the server ${problem} — shutdown is not graceful; server output:\n${output()}`);
    }
  };

  try {
    await waitForHealth(baseURL, child, output);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  console.log(`e2e: server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir})`);

  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  return stop;
}
