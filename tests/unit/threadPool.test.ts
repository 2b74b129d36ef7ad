/**
 * Issue 10 item 5: argon2 hashes in libuv's thread pool, and the portal lets one job per core run at
 * once (services/hashAdmission.ts). `npm start` sizes the pool to match (server/threadPool.mjs, loaded
 * first): libuv's default of 4 threads would hash on 4 cores at most, and on 2 cores left a core idle
 * between jobs (bench/logins.ts). These run the start script's own `node` arguments and count the
 * pool's threads in /proc, so they run on Linux only.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { threadPoolSize } from '../../server/services/hashAdmission.ts';

const rootUrl = new URL('../../', import.meta.url);
const scripts = (JSON.parse(readFileSync(new URL('package.json', rootUrl), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** `VAR=value node <args> <entry>` of a package.json script: its variables and the arguments before the entry. */
function nodeCommand(script: string, entry: string): { env: Record<string, string>; args: string[] } {
  const words = script.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  expect(words.shift()).toBe('node');
  const at = words.indexOf(entry);
  expect(at).toBeGreaterThan(0);
  return { env, args: words.slice(0, at) };
}

/** Starts more pool jobs than there are cores and answers how many threads the pool has then. */
const PROBE = `
  const { pbkdf2 } = require('node:crypto');
  const { readdirSync, readFileSync } = require('node:fs');
  const jobs = Array.from({ length: 8 }, () => new Promise((done) => pbkdf2('p', 's', 20000, 32, 'sha256', done)));
  Promise.all(jobs).then(() => {
    const names = readdirSync('/proc/self/task').map((tid) => readFileSync('/proc/self/task/' + tid + '/comm', 'utf8').trim());
    console.log(names.filter((name) => name.startsWith('libuv-worker')).length);
  });`;

async function poolThreads(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const { stdout } = await promisify(execFile)(process.execPath, [...args, '-e', PROBE], { cwd: rootUrl, env: childEnv, timeout: 20_000 });
  return Number(stdout.trim());
}

describe.runIf(process.platform === 'linux')("libuv's thread pool", () => {
  it.each([['start', 'server/server.ts'], ['bench', 'bench/logins.ts']])('has one thread per core under the %s script', async (name, entry) => {
    const command = nodeCommand(scripts[name]!.split('&&').find((part) => part.includes(entry))!.trim(), entry);
    expect(await poolThreads(command.args, { ...command.env, UV_THREADPOOL_SIZE: undefined })).toBe(availableParallelism());
  });

  it("keeps an UV_THREADPOOL_SIZE the operator set, and without the preload has libuv's 4", async () => {
    const { args } = nodeCommand(scripts.start!, 'server/server.ts');
    expect(await poolThreads(args, { UV_THREADPOOL_SIZE: '3' })).toBe(3);
    expect(await poolThreads([], { UV_THREADPOOL_SIZE: undefined })).toBe(4);
  });
});

describe('the hashing concurrency', () => {
  it.each([
    [undefined, 4],
    ['2', 2],
    ['16', 16],
    ['0', 4],
    ['-3', 4],
    ['many', 4],
    ['5000', 1024],
  ])('reads UV_THREADPOOL_SIZE %s as a pool of %i threads', (value, size) => {
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: value })).toBe(size);
  });
});
