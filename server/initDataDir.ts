/**
 * Creates, migrates and, in demo mode, seeds an embedded database in a process of its own (issue 10
 * item 6): PGlite's initdb and the first migrations take a few hundred MB that a process never gives
 * back, and the demo seed's dozen argon2id hashes (19 MiB each) leave about 37 MB with the threads
 * that made them (glibc keeps a thread's freed memory for its next use; bench/memory.ts: 246 MB after
 * a first start that seeded in the server, 209 MB after a later start). So the server's first start
 * runs them here (`node --import tsx server/initDataDir.ts DIR [--demo]`) and then opens a database
 * that is ready, holding no more memory than any later start.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './services/demoSeed.ts';

/** PGlite writes PG_VERSION once initdb is done. */
export const isInitialized = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/** A child process's initdb, migrations and seed take at most this long. */
const INIT_TIMEOUT_MS = 5 * 60_000;

/**
 * The V8 memory flags `npm start` gives the server (package.json) are the child's too: with them its
 * peak is 604 MB instead of 1,324 MB (PGlite's optimizing WebAssembly compiler, see server.ts).
 */
const V8_MEMORY_FLAG = /^--(max-semi-space-size|max-old-space-size|liftoff-only)\b/;

/** Initializes `dataDir` in a child process unless it is initialized already; in demo mode seeds it there too. */
export async function initializeDataDir(dataDir: string, options: { demo: boolean }): Promise<void> {
  if (isInitialized(dataDir)) return;
  const args = [...process.execArgv.filter((arg) => V8_MEMORY_FLAG.test(arg)), '--import', 'tsx', fileURLToPath(import.meta.url), dataDir, ...(options.demo ? ['--demo'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), INIT_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${dataDir} failed (exit code ${code}, signal ${signal})`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = await openDatabase({ databaseUrl: null, dataDir: process.argv[2]! });
  await database.migrate();
  if (process.argv.includes('--demo')) {
    const created = await seedDemo(database.db);
    if (created.length) console.log(`seeded demo organisations: ${created.join(', ')}`);
  }
  await database.close();
}
