/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped afterwards), so the same API suite runs
 * against both (ARCHITECTURE.md "persistence suites are written once and run against each database").
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.ts';

export interface TestDatabase extends Database {
  /** The database's postgres:// address; null for the in-memory PGlite. */
  url: string | null;
  drop(): Promise<void>;
  /** The queries sent through Drizzle so far (tests/api/orgCache.test.ts: a visitor's boot calls make none). */
  queries: string[];
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const queries: string[] = [];
  // Kept bounded: only the newest texts matter to a test that counts.
  const onQuery = (query: string) => {
    queries.push(query);
    if (queries.length > 10_000) queries.splice(0, 5_000);
  };
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null, onQuery });
    await database.migrate();
    return { ...database, url: null, queries, drop: () => database.close() };
  }
  const name = `ssp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), dataDir: null, onQuery });
  await database.migrate();
  return {
    ...database,
    url: testUrl.toString(),
    queries,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
