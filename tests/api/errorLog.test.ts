/**
 * Issue 9 row 6: a failing query is logged with its text and error code, never its bound
 * parameters. A sign-up whose insert the database refuses (a check constraint added here, a refusal
 * as real as any) goes through the real route with the app's logger writing to a stream this test
 * reads: the username, e-mail, password and answer hashes must not be in it.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { postSignUp, validPayload } from '../support/signUp.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const USERNAME = 'log.secret.user';
const EMAIL = 'log.secret@example.org';
const lines: string[] = [];

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  // The database refuses this one username: the insert fails with its parameters bound.
  await database.db.execute(sql.raw(`ALTER TABLE contacts ADD CONSTRAINT refuses_log_secret_user CHECK (username IS DISTINCT FROM '${USERNAME}')`));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', logger: { level: 'error', stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A visitor's cookies and CSRF token, as a browser gets them. */
async function visitor() {
  const init = await app.inject({ url: '/rest/init/csrf?orgId=springfield' });
  return { cookie: init.cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrfToken: init.json().csrfToken as string };
}

describe('the log of a failed query (row 6)', () => {
  it('carries the query and its error code, never the values bound to it', async () => {
    const userDetail = validPayload('springfield', {
      username: USERNAME, email: EMAIL, securityAnswer: 'Answer Only The Member Knows',
      contactPaths: [{ pathId: 1, pathType: 'EMAIL', value: EMAIL }],
    });
    const response = await postSignUp(app, { orgId: 'springfield', visitor: await visitor(), userDetail, encoding: 'json' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorCode: 'server.error' });

    const log = lines.join('');
    for (const secret of [USERNAME, EMAIL, '$argon2', 'Answer Only', 'answer only the member knows', 'Dana', 'Newcomer', 'Failing row']) {
      expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const entry = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).find((line) => line.msg === 'request failed');
    expect(entry?.err).toBeDefined();
    const logged = JSON.stringify(entry!.err);
    expect(entry!.err!.query).toMatch(/^insert into "contacts"/);
    expect(logged).toContain('23514');
    expect(logged).toContain('refuses_log_secret_user');
  });
});
