/**
 * Issue 10 item 6 (at most 300 MB resident with PGlite): the single sign-on and feed libraries
 * (server/lazyModules.ts) are not loaded by the server's start, even in demo mode, and load with the
 * first request that needs them. A child process builds the app as server.ts does and lists the
 * CommonJS packages it loaded (oidc-provider, an ES module, is known by its CommonJS dependency koa).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const LAZY = ['samlify', '@node-saml/node-saml', '@authenio/samlify-node-xmllint', '@peculiar/x509', 'koa', 'xmlbuilder2'];

const SCRIPT = `
  import { createRequire } from 'node:module';
  import { buildApp } from './server/app.ts';
  import { openDatabase } from './server/db/client.ts';
  import { seedDemo } from './server/services/demoSeed.ts';
  const loaded = () => new Set(Object.keys(createRequire(import.meta.url).cache).map((file) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file)?.[1]));
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp({ db: database.db, client: null, demo: true, serverVersion: 'test' });
  await app.ready();
  const atStart = loaded();
  const metadata = await app.inject({ url: '/demo-idp/saml/metadata' });
  const oidc = await app.inject({ url: '/demo-idp/oidc/.well-known/openid-configuration' });
  const feed = await app.inject({ url: '/springfield/feeds/alerts.atom' });
  const afterUse = loaded();
  console.log(JSON.stringify({ names: ${JSON.stringify(LAZY)}, atStart: ${JSON.stringify(LAZY)}.filter((name) => atStart.has(name)),
    afterUse: ${JSON.stringify(LAZY)}.filter((name) => afterUse.has(name)), statuses: [metadata.statusCode, oidc.statusCode, feed.statusCode] }));
  await app.close();
  await database.close();`;

describe('the single sign-on libraries', () => {
  it('are not loaded by the start (demo mode included), and load with the first requests that need them (the demo providers, the Atom feed)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: new URL('../../', import.meta.url), timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { atStart: string[]; afterUse: string[]; statuses: number[] };
    expect(result.atStart).toEqual([]);
    expect(result.statuses).toEqual([200, 200, 200]);
    expect(result.afterUse).toEqual(expect.arrayContaining(['samlify', '@authenio/samlify-node-xmllint', 'koa', 'xmlbuilder2']));
  }, 90_000);
});
