/**
 * The one process: `npm start` (built app) or `npm run dev` (Vite hot reload). Reads the
 * configuration, opens and migrates the database, seeds the demo, serves app and API on PORT at HOST,
 * and closes everything on SIGINT/SIGTERM.
 *
 * `npm start` runs it as `MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --liftoff-only --import tsx
 * server/server.ts` (package.json, which has no comments: this is why). Issue 10 item 6 asks for at
 * most 300 MB resident on PGlite; bench/memory.ts measures it (README "Benchmarks" has the figures):
 * - `--max-semi-space-size=8`: V8 sizes the young generation by the machine's memory (two 64 MB
 *   semi-spaces on the 24 GB build machine), and a server that allocates fills and keeps them. 8 MB
 *   each: −119 MB after a start, for more young collections (about 1 % of a request's time; 4 MB
 *   would save 9 MB more for about 2 %).
 * - `--liftoff-only`: PGlite's WebAssembly runs on V8's baseline compiler (Liftoff) only. The
 *   optimizing one (TurboFan) recompiles PostgreSQL's hottest functions in the background, one of
 *   them with 600 MB of working memory: a peak of 750 MB, and −49 MB after a start, −59 MB after
 *   1,000 logins without it; PGlite's queries measured as fast within this machine's noise
 *   (0.8–1.2 ms of CPU for a login's select, insert and update either way).
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates an arena of its own and keeps what
 *   it frees there for the next use, so each of libuv's four threads that ever ran an argon2id job
 *   held its 19 MiB (78 MB); in two arenas they hold only what the jobs running at once need (one
 *   per core): −10 MB after a start, −25 MB after 1,000 logins. Other C libraries ignore it.
 * - `node --import tsx` rather than the `tsx` command: the same loader, without tsx's launcher
 *   process (57 MB) between npm and the server.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ensureClientBuild } from './build.ts';
import { builtClient, devClient } from './client.ts';
import { ConfigError, checkRuntime, isLoopback, readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { initializeDataDir } from './initDataDir.ts';
import { startMetricsServer, type MetricsServer } from './metricsServer.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from './services/admins.ts';
import { createDelivery } from './services/delivery/createDelivery.ts';
import { createGeocoder } from './services/geocoding/index.ts';
import { seedDemo } from './services/demoSeed.ts';
import { pointDemoSsoAt } from './services/demoIdp/relyingParties.ts';
import { DEMO_IDP_PASSWORD } from './services/demoIdp/users.ts';
import { listeningUrl } from './http/portalUrl.ts';
import { createMailer } from './services/mail.ts';

async function main() {
  const { version, engines } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string; engines: { node: string } };
  checkRuntime(process.versions.node, engines.node);
  const config = readConfig(process.env, process.argv.slice(2));

  if (!config.dev) await ensureClientBuild();
  if (!config.databaseUrl) {
    await mkdir(config.dataDir, { recursive: true });
    // The first start's initdb, migrations and demo seed run in a child process, whose memory goes when it ends.
    await initializeDataDir(config.dataDir, { demo: config.demo });
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  await database.migrate();
  // Demo organisations added since the data directory was made (only they are hashed for).
  if (config.demo) {
    const created = await seedDemo(database.db);
    if (created.length) console.log(`seeded demo organisations: ${created.join(', ')}`);
  }
  const adminPassword = config.adminPassword ?? (config.demo ? DEMO_ADMIN_PASSWORD : null);
  if (adminPassword) await ensureAdmin(database.db, adminPassword);

  // Failed deliveries go to the app's log (LOG_LEVEL); deliveries only start once the app serves requests.
  const mailer = createMailer({
    db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: { error: (details, message) => app.log.error(details, message) },
  });
  // SMS, voice and Slack through their providers when configured; every other path to the delivery outbox.
  const delivery = createDelivery({
    db: database.db, mailer, sms: config.sms, slackBot: config.slackBot, slackWebhookPrefix: config.slackWebhookPrefix,
    log: { info: (details, message) => app.log.info(details, message), warn: (details, message) => app.log.warn(details, message), error: (details, message) => app.log.error(details, message) },
  });
  const client = config.dev ? await devClient() : await builtClient();
  const app = await buildApp({
    db: database.db,
    client,
    demo: config.demo,
    serverVersion: version,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    mailer,
    delivery,
    captcha: config.captcha,
    mapTiles: config.mapTiles,
    geocoder: createGeocoder({ url: config.geocoderUrl, userAgent: `member-portal/${version} (${config.publicUrl ?? 'demo'})` }),
    metrics: { token: config.metricsToken, separatePort: config.metricsPort !== null },
  });
  let metricsServer: MetricsServer | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing …`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metricsServer?.close();
      await app.close();
      await mailer.close();
      await client.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== null) {
    metricsServer = await startMetricsServer({ host: config.host, port: config.metricsPort, token: config.metricsToken, metrics: app.metrics });
  }
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`member portal ${version} listening on ${address} (${storage}${config.dev ? ', dev mode' : ''}${config.demo ? ', DEMO mode' : ''})`);
  if (config.demo) {
    // Issue 9 row 13: whoever reaches a demo server reads every mail and knows the admin password.
    console.log(isLoopback(config.host)
      ? 'DEMO mode: demo organisations, built-in passwords and an open mailbox, reachable only from this machine (HOST is a loopback address)'
      : `DEMO mode on ${config.host} (DEMO=1): demo organisations, built-in passwords and an open mailbox for anyone who reaches this address; not for real members`);
    console.log(`demo organisations: ${address}/  ·  member login demo.member / Demo!Member2026`);
    // The demo organisations' single sign-on names the demo identity providers by this server's address.
    const repointed = await pointDemoSsoAt({ db: database.db, orgCache: app.orgCache }, config.publicUrl ?? listeningUrl(app.server.address()));
    if (repointed.length) console.log(`single sign-on of ${repointed.join(', ')} now points at this address`);
    console.log(`demo identity providers: ${address}/demo-idp/saml and ${address}/demo-idp/oidc  ·  sam.student or alex.staff / ${DEMO_IDP_PASSWORD}`);
  }
  if (metricsServer) console.log(`metrics: ${metricsServer.address}/metrics${config.metricsToken ? ' (bearer token METRICS_TOKEN)' : ''}`);
  else if (config.metricsToken) console.log(`metrics: ${address}/metrics (bearer token METRICS_TOKEN)`);
  console.log(mailer.delivers ? 'mail: delivered through SMTP_URL' : `mail: no SMTP_URL, mails stay in the outbox${config.demo ? ` (demo mailbox ${address}/mails)` : ''}`);
  console.log(`delivery: SMS and voice ${config.sms ? `through ${config.sms.apiUrl}` : 'to the delivery outbox (no SMS_ACCOUNT_SID)'}; `
    + `Slack ${config.slackBot ? `bot through ${config.slackBot.apiUrl}` : 'webhooks only, other addresses to the delivery outbox (no SLACK_BOT_TOKEN)'}`);
  if (adminPassword) {
    console.log(`admin preview: ${address}/admin  ·  user admin${config.adminPassword ? ' (password from ADMIN_PASSWORD)' : ` / ${DEMO_ADMIN_PASSWORD}`}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
