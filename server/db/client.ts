/**
 * The database plugin's connection: PGlite (embedded, files under DATA_DIR or in memory) by default,
 * PostgreSQL through `pg` when DATABASE_URL is set. One Drizzle schema and one migration folder serve both.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Bounds on waiting for PostgreSQL (issue 9 row 18), so a stopped or frozen server makes requests
 * fail in seconds (503, plugins/errors.ts) instead of hanging: opening a connection (TCP and the
 * start-up exchange), one statement on the server (`statement_timeout`), one query as the client
 * waits for it (the server may be frozen and never cancel anything), an idle pooled connection.
 * PGlite runs in the process: there is no connection to lose, and its queries are bounded by the
 * same statements' cost, so it has none of these.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
  idleMs: number;
}

export const DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 10_000, queryMs: 15_000, idleMs: 30_000 };

/**
 * PGlite's memory, chosen (issue 10 item 6): PostgreSQL's defaults (128 MB of shared buffers) are
 * sized for a server of its own; in the portal's process, with the data of a few organisations,
 * 16 MB of buffers hold the working set and the WASM heap stays about 60 MB smaller. PGlite writes
 * these into postgresql.conf at every start.
 */
export const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

/**
 * `dataDir` null keeps the embedded database in memory (tests). `onQuery` sees the text of every
 * query sent through Drizzle (the tests count them: a visitor's boot calls make none).
 */
export async function openDatabase(options: {
  databaseUrl: string | null; dataDir: string | null; timeouts?: Partial<DatabaseTimeouts>; onQuery?: (query: string) => void;
}): Promise<Database> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.databaseUrl) {
    const timeouts = { ...DATABASE_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl, max: 10,
      connectionTimeoutMillis: timeouts.connectMs, statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs, idleTimeoutMillis: timeouts.idleMs, keepAlive: true,
    });
    // An idle client's error (the server restarting) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite({ client, schema, ...(logger ? { logger } : {}) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** The connections of the PostgreSQL pool behind `db` (the metrics); null on PGlite, which has no pool. */
export function poolStatsOf(db: Db): { total: number; idle: number; waiting: number } | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount } : null;
}
