/**
 * Load from autocannon in a child process, so the client never shares the event loop of the server
 * it measures (bench/throughput.ts, bench/logins.ts). Loopback addresses only.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Load {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body, sent as it is. */
  body?: unknown;
}

/** Mean requests/s, median latency and the answers that were not 2xx, of `load` on `url`. */
export async function autocannon(url: string, load: Load): Promise<{ requestsPerSecond: number; p50Ms: number; non2xx: number; errors: number }> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`bench load goes to loopback only, not ${url}`);
  const args = [cli, '-c', String(load.connections), '-d', String(load.seconds), '-j', '-m', load.method ?? 'GET'];
  for (const [name, value] of Object.entries(load.headers ?? {})) args.push('-H', `${name}:${value}`);
  if (load.body !== undefined) args.push('-H', 'content-type:application/json', '-b', JSON.stringify(load.body));
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number }; non2xx: number; errors: number };
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, non2xx: result.non2xx, errors: result.errors };
}
