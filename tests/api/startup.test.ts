/**
 * Issue 9 rows 5 and 13, at start-up of the real server process (server/server.ts): demo mode is on by
 * default only on a loopback HOST, and the banner says DEMO; elsewhere it needs DEMO=1, and outside
 * demo mode the start stops with a configuration error naming PUBLIC_URL. (The rules themselves are
 * table-driven in tests/unit/config.test.ts.)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../server/client.ts';
import { startServerProcess } from '../support/serverProcess.ts';

/** Runs server.ts with `env` until it exits (it must, within 30 s); its exit code and output. */
async function runServer(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'member-portal-startup-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, PORT: '0', DATA_DIR: dataDir };
  for (const key of ['DEMO', 'DATABASE_URL', 'PUBLIC_URL']) if (!(key in extra)) delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server.ts did not exit within 30 s:\n${output}`));
      }, 30_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('start-up', () => {
  it('on a loopback HOST without DEMO: demo mode, and the banner says DEMO', async () => {
    const server = await startServerProcess(() => {}, { demo: null });
    try {
      expect(server.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(.*DEMO mode\)/);
      expect(server.output()).toContain('DEMO mode: demo organisations, built-in passwords and an open mailbox, reachable only from this machine');
      expect((await fetch(`${server.baseURL}/rest/demo/organizations`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.each([
    ['HOST=0.0.0.0 without DEMO', { HOST: '0.0.0.0' }],
    ['HOST=:: without DEMO', { HOST: '::' }],
    ['DEMO=0 on loopback', { HOST: '127.0.0.1', DEMO: '0' }],
  ])('%s and without PUBLIC_URL: no demo, and the start stops naming PUBLIC_URL', async (_name, env) => {
    const { code, output } = await runServer(env);
    expect(code).toBe(1);
    expect(output).toContain('configuration error: PUBLIC_URL must be set outside demo mode');
    expect(output).not.toContain('listening on');
  }, 60_000);
});
