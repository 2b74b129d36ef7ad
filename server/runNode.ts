/**
 * A Node.js child process on the same Node.js, for work whose memory must not stay in the server:
 * the browser build (server/build.ts) and the gazetteer (services/geocoding/gazetteer.ts). Its output
 * is kept (the last 20 kB) for the error; a child taking longer than `timeoutMs` is killed.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

export function runNode(args: string[], { timeoutMs, env = {}, what }: { timeoutMs: number; env?: Record<string, string>; what: string }): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: rootDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (exit code ${code}, signal ${signal}):\n${output.trim()}`));
    });
  });
}
