/**
 * `npm start` "builds the browser app if needed": the build is redone when any input of it changed
 * since the last build (a hash of the inputs is kept in dist/.build-stamp). Vite builds in a child
 * process (issue 10 item 6): the ~480 MB it takes are given back to the system when it ends, so a
 * server whose first start built the app holds no more memory than any later start.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { distDir, rootDir } from './client.ts';
import { runNode } from './runNode.ts';

const INPUTS = ['index.html', 'vite.config.ts', 'screens.config.ts', 'package-lock.json', 'tsconfig.json', 'src', 'schemas'];
const stampFile = join(distDir, '.build-stamp');

async function* files(path: string): AsyncGenerator<string> {
  const info = await stat(path).catch(() => null);
  if (!info) return;
  if (info.isFile()) {
    yield path;
    return;
  }
  for (const entry of (await readdir(path)).sort()) yield* files(join(path, entry));
}

export async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for await (const file of files(join(rootDir, input))) {
      hash.update(relative(rootDir, file)).update('\0').update(await readFile(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** Builds dist/ unless it was built from exactly these inputs; returns whether it built. */
export async function ensureClientBuild(log: (message: string) => void = console.log): Promise<boolean> {
  const wanted = await inputsHash();
  const have = await readFile(stampFile, 'utf8').catch(() => '');
  if (have === wanted) return false;
  log('building the browser app (vite build) …');
  await viteBuild();
  await writeFile(stampFile, wanted);
  return true;
}

/** A build taking longer than this is stopped (a hung build must not hold the start forever). */
const BUILD_TIMEOUT_MS = 5 * 60_000;

/**
 * `vite build` in a child process on the same Node.js, always a production build, even when a test
 * runner (NODE_ENV=test) asks for it: otherwise React's development runtime would land in dist/.
 */
function viteBuild(): Promise<void> {
  const viteBin = join(createRequire(import.meta.url).resolve('vite/package.json'), '..', 'bin', 'vite.js');
  return runNode([viteBin, 'build', '--mode', 'production', '--logLevel', 'warn'], { timeoutMs: BUILD_TIMEOUT_MS, env: { NODE_ENV: 'production' }, what: 'vite build' });
}
