/**
 * Creates and migrates an embedded database in a process of its own (issue 10 item 6): PGlite's
 * initdb and the first migrations take a few hundred MB that a process never gives back, so the
 * server's first start runs them here (`node --import tsx server/db/initDataDir.ts DIR`) and then
 * opens a database that is ready, holding no more memory than any later start.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';

/** PGlite writes PG_VERSION once initdb is done. */
export const isInitialized = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/** A child process's initdb and migrations take at most this long. */
const INIT_TIMEOUT_MS = 5 * 60_000;

/** Initializes `dataDir` in a child process unless it is initialized already. */
export async function initializeDataDir(dataDir: string): Promise<void> {
  if (isInitialized(dataDir)) return;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
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
  await database.close();
}
