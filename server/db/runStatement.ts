/**
 * One statement, run the cheapest way each database allows (issue 10 item 5, a member's login).
 * On embedded PGlite a statement runs on the process's one JS thread; with parameters PGlite goes
 * through the extended protocol, six exchanges with its WASM PostgreSQL (parse, describe, bind,
 * describe, execute, sync), where the simple protocol takes two. Measured on the 2-core build
 * machine: the login's claim and contact read costs the thread 0.47 ms through `query`, 0.32 ms
 * through `exec`, 0.75 ms through Drizzle's `execute`. So on PGlite the statement goes through
 * `exec` with its parameters written as literals (`literal` below, the only way they are written);
 * on PostgreSQL it is sent with its parameters as ever, nothing written into its text.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * The rows of `statement`, written with Drizzle's `sql`. Its text may hold no `$` but its
 * parameters'. Timestamps come back as text from one database and as dates from the other, so such
 * a statement answers none (epoch milliseconds as float8 instead).
 */
export async function runStatement<T>(db: Db, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const query = dialect.sqlToQuery(statement);
    // What Drizzle's logger would have seen (the tests count statements through it).
    (db._.session as unknown as { logger?: { logQuery(query: string, params: unknown[]): void } }).logger?.logQuery(query.sql, query.params);
    const [result] = await client.exec(withLiterals(query.sql, query.params));
    return (result?.rows ?? []) as T[];
  }
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** `text` with each `$n` replaced by the literal of `params[n - 1]`, in one pass (a value's own `$2` stays as it is). */
export function withLiterals(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (!(index in params)) throw new RangeError(`no parameter $${n}`);
    return literal(params[index]);
  });
}

/**
 * A value as a PostgreSQL literal: strings in the escape-string form (E'…', backslash and quote
 * doubled), which reads the same whatever `standard_conforming_strings` says; no NUL (PostgreSQL's
 * text cannot hold one); finite numbers only; dates as ISO 8601 text. Anything else is refused.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new RangeError('a text parameter holds NUL');
    return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('an invalid date');
    return `E'${value.toISOString()}'`;
  }
  throw new TypeError(`no literal for a ${typeof value}`);
}
