/**
 * One statement, run the cheapest way each database allows (issue 10 item 5, a member's login).
 * On embedded PGlite a statement runs on the process's one JS thread, which a login storm shares
 * with the argon2 threads. Measured on the 2-core build machine, the login's first statement (two
 * claims and the contact) costs that thread 0.5 ms through PGlite's `query` (the extended protocol:
 * parse, describe, bind, describe, execute and sync, each a round into its WASM PostgreSQL, and the
 * statement planned every time), 0.4 ms through `exec` (the simple protocol) and 0.1 ms as the
 * `EXECUTE` of a statement prepared once. So on PGlite each statement text is prepared once per
 * database (`PREPARE`) and then executed through `exec`, its parameters written as the `EXECUTE`'s
 * literals (`literal` below, the only way they are written). On PostgreSQL the statement is sent
 * with its parameters as ever: nothing is written into its text; so is one in a transaction (`tx`
 * has no client of its own, and the transaction holds PGlite's).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * The statements prepared in each PGlite database, by text: the texts come from the code (values are
 * parameters), so they are few; past PREPARED_LIMIT a text is run unprepared rather than kept.
 */
const prepared = new WeakMap<PGlite, Map<string, Promise<string>>>();
const PREPARED_LIMIT = 64;
let preparedSoFar = 0;

/**
 * The rows of `statement`, written with Drizzle's `sql`. Its text may hold no `$` but its
 * parameters', and each parameter's type must follow from where it stands (a cast where it does not:
 * `${value}::text`). Timestamps come back as text from one database and as dates from the other, so
 * such a statement answers none (epoch milliseconds as float8 instead).
 */
export async function runStatement<T>(db: Db, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const result = await db.execute(statement);
    return (result as unknown as { rows: T[] }).rows;
  }
  const query = dialect.sqlToQuery(statement);
  // What Drizzle's logger would have seen (the tests count statements through it).
  (db._.session as unknown as { logger?: { logQuery(query: string, params: unknown[]): void } }).logger?.logQuery(query.sql, query.params);
  const name = await preparedName(client, query.sql);
  const text = name === null
    ? withLiterals(query.sql, query.params)
    : `execute ${name}${query.params.length ? `(${query.params.map(literal).join(', ')})` : ''}`;
  const [result] = await client.exec(text);
  return (result?.rows ?? []) as T[];
}

/** The name `text` is prepared under in `client` (prepared now if it is new), or null past the limit. */
function preparedName(client: PGlite, text: string): Promise<string> | null {
  let statements = prepared.get(client);
  if (!statements) prepared.set(client, (statements = new Map()));
  const known = statements.get(text);
  if (known) return known;
  if (statements.size >= PREPARED_LIMIT) return null;
  const name = `run_statement_${++preparedSoFar}`;
  const preparing = client.exec(`prepare ${name} as ${text}`).then(() => name);
  statements.set(text, preparing);
  // A text that cannot be prepared is not kept: the next call tries again, and fails as this one.
  preparing.catch(() => statements.delete(text));
  return preparing;
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
 * A value as a PostgreSQL literal: strings through node-postgres's `escapeLiteral` (the escape-string
 * form E'…' when there is a backslash, which reads the same whatever `standard_conforming_strings`
 * says), not an escaping of our own; no NUL (PostgreSQL's text cannot hold one); finite numbers only;
 * dates as ISO 8601 text. Anything else is refused.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new RangeError('a text parameter holds NUL');
    return pg.escapeLiteral(value).trim();
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('an invalid date');
    return pg.escapeLiteral(value.toISOString());
  }
  throw new TypeError(`no literal for a ${typeof value}`);
}
