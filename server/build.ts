/**
 * `npm start` "builds the browser app if needed": the build is redone when any input of it changed
 * since the last build (a hash of the inputs is kept in dist/.build-stamp).
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { distDir, rootDir } from './client.ts';

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
  const { build } = await import('vite');
  // Always a production build, even when a test runner (NODE_ENV=test) asks for it: otherwise React's
  // development runtime lands in dist/ and `npm start` would serve it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: rootDir, configFile: join(rootDir, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(stampFile, wanted);
  return true;
}
