/**
 * Issue 10 item 9: structured JSON logs with the request's id on every line, and no secret in any
 * line. The app logs at `trace` (the most it ever says) to a stream this test reads, while a member
 * signs up, logs in, mistypes the password, resets it through the mailed link (the link's token
 * read from the outbox) and signs in with an access key an administrator handed out. Not one of
 * the passwords, the security answer, the cookies, the CSRF tokens, the reset token or the access
 * key may be in the log, and every line names the request it belongs to by the X-Request-Id that
 * request was answered with.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { loggedUrl, requestIdOf } from '../../server/plugins/requestLog.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { seedDemo } from '../../server/services/demoSeed.ts';
import { freshUsername, postSignUp, validPayload } from '../support/signUp.ts';
import { setCookie, UNLIMITED_ADDRESSES } from '../support/testApp.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const USERNAME = freshUsername('log.member');
const EMAIL = 'log.member@example.org';
const PASSWORD = 'Sign2026upSecret';
const WRONG_PASSWORD = 'Wrong2026guessed';
const NEW_PASSWORD = 'Reset2026chosenX';
const ANSWER = 'Secret Lagoon Heron';

interface LogLine { level: number; msg: string; reqId?: string; [key: string]: unknown }

const lines: string[] = [];
/** Every answer's X-Request-Id, and the secrets the calls carried or received. */
const answeredIds = new Set<string>();
const secrets = new Set<string>([PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, ANSWER, DEMO_ADMIN_PASSWORD]);

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  await ensureAdmin(database.db, DEMO_ADMIN_PASSWORD);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    db: database.db, client: null, demo: true, serverVersion: '0.0.0-test', hashLimits: UNLIMITED_ADDRESSES, logger: { level: 'trace', stream },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** Sends one request, keeps its answer's id and the cookies and tokens it handed out as secrets. */
async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(options);
  const id = response.headers['x-request-id'];
  expect(typeof id).toBe('string');
  answeredIds.add(id as string);
  for (const cookie of response.cookies) if (cookie.value) secrets.add(cookie.value);
  const body = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() as Record<string, unknown> : {};
  for (const field of ['csrfToken', 'CSRF_TOKEN_FOR_SESSION', 'accessKey', 'expiredToken']) {
    if (typeof body[field] === 'string') secrets.add(body[field]);
  }
  return response;
}

const cookiesOf = (response: LightMyRequestResponse) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function visitor(orgId = 'springfield') {
  const init = await call({ url: `/rest/init/csrf?orgId=${orgId}` });
  return { cookie: cookiesOf(init), csrfToken: init.json().csrfToken as string };
}

async function login(password: string) {
  const browser = await visitor();
  return call({
    method: 'POST', url: '/manage/login', headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken },
    payload: { orgId: 'springfield', username: USERNAME, password },
  });
}

/** A form POST as the browser sends it, with a visitor's cookie and CSRF token. */
async function postForm(url: string, fields: Record<string, string>) {
  const browser = await visitor();
  return call({
    method: 'POST', url, payload: new URLSearchParams(fields).toString(),
    headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('the log of a member\'s sign-up, logins, password reset and access-key sign-in', () => {
  it('names each request by its X-Request-Id on every line, and holds no secret', async () => {
    // Sign-up (eb-base64, as the sign-up screen sends it), then a login and a mistyped one.
    const browser = await visitor();
    const userDetail = validPayload('springfield', {
      username: USERNAME, password: PASSWORD, securityAnswer: ANSWER, email: EMAIL, contactPaths: [{ pathId: 1, pathType: 'EMAIL', value: EMAIL }],
    });
    const signUp = await postSignUp(app, { orgId: 'springfield', visitor: browser, userDetail });
    answeredIds.add(signUp.headers['x-request-id'] as string);
    for (const cookie of signUp.cookies) secrets.add(cookie.value);
    expect(signUp.statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await login(WRONG_PASSWORD)).statusCode).toBe(403);

    // Forgot password: the answer, then the mailed link's token, then the new password.
    expect((await postForm('/springfield/forgotPassword/validateQuestionAnswer', { loginId: USERNAME, securityAnswer: ANSWER })).statusCode).toBe(200);
    expect((await postForm('/springfield/forgotPassword/sendEmail', { loginId: USERNAME, email: EMAIL, securityAnswer: ANSWER, version: '201911' })).statusCode).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, EMAIL), eq(mailOutbox.kind, 'resetPassword')));
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    secrets.add(token);
    // The browser's page of the link (its address, token and all, is a request line of its own).
    await call({ url: `/springfield/reset-password?token=${token}`, headers: { accept: 'text/html' } });
    const reset = await postForm('/springfield/forgotPassword', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    // An administrator hands out an access key; the member's browser signs in with it, in the address and as a header.
    const form = await call({ url: '/admin/api/login' });
    const adminLogin = await call({
      method: 'POST', url: '/admin/api/login', payload: { username: 'admin', password: DEMO_ADMIN_PASSWORD },
      headers: { cookie: cookiesOf(form), 'x-csrf-token': form.json().csrfToken as string },
    });
    const admin = { cookie: `SSPADMIN=${setCookie(adminLogin, 'SSPADMIN')!.value}`, 'x-csrf-token': adminLogin.json().csrfToken as string };
    const issued = await call({ method: 'POST', url: '/admin/api/orgs/springfield/accessKeys', headers: admin, payload: { username: USERNAME } });
    expect(issued.statusCode).toBe(201);
    const accessKey = issued.json().accessKey as string;
    const signedIn = await call({ url: `/rest/init?orgId=springfield&accessKey=${accessKey}` });
    expect(signedIn.json().account).toMatchObject({ username: USERNAME });
    expect((await call({ url: '/rest/init/csrf?orgId=springfield', headers: { authorization: `token ${accessKey}` } })).statusCode).toBe(200);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(30);
    expect(secrets.size).toBeGreaterThan(12);
    for (const secret of secrets) {
      expect(log, `a secret of ${secret.length} characters is in the log`).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
    // The answer is hashed trimmed and lower-cased: not that way either.
    expect(log.toLowerCase()).not.toContain(ANSWER.toLowerCase());

    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    for (const line of parsed) {
      expect(line.reqId, `a line without reqId: ${line.msg}`).toBeDefined();
      expect(answeredIds.has(line.reqId!), `reqId ${line.reqId} was not answered`).toBe(true);
    }
    // Each answered request has its arrival and its answer logged under its id.
    for (const id of answeredIds) {
      expect(parsed.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    // The access key's address is logged without the key (the query's values blanked but orgId).
    expect(parsed.some((line) => (line.req as { url?: string } | undefined)?.url === '/rest/init?orgId=springfield&accessKey=~')).toBe(true);
  });
});

describe('X-Request-Id', () => {
  it('keeps a sane incoming id, on the answer and in the log', async () => {
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a:42/abc=' } });
    expect(response.headers['x-request-id']).toBe('lb-7f3a:42/abc=');
    expect(lines.some((line) => (JSON.parse(line) as LogLine).reqId === 'lb-7f3a:42/abc=')).toBe(true);
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['with spaces', 'two words'],
    ['with quotes and angle brackets', '"><script>'],
    ['empty', ''],
  ])('replaces an incoming id %s with a new UUID', async (_name, incoming) => {
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': incoming } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('is on refusals, unknown addresses and failed parses too, each a new one', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/rest/nothing-here' }),
      app.inject({ method: 'DELETE', url: '/healthz' }),
      app.inject({ method: 'POST', url: '/manage/login', headers: { 'content-type': 'application/json' }, payload: '{"orgId":' }),
      app.inject({ method: 'POST', url: '/manage/login', payload: { orgId: 'springfield', username: 'x', password: 'y' } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 405, 400, 403]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    expect(new Set(ids).size).toBe(4);
  });

  it('comes from requestIdOf: one id a request, none shared', () => {
    const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as Parameters<typeof requestIdOf>[0];
    expect(requestIdOf(request())).not.toBe(requestIdOf(request()));
    expect(requestIdOf(request('abc-123'))).toBe('abc-123');
  });
});

describe('loggedUrl', () => {
  it.each([
    ['/healthz', '/healthz'],
    ['/rest/init?orgId=springfield&accessKey=abc', '/rest/init?orgId=springfield&accessKey=~'],
    ['/springfield/reset-password?token=abc', '/springfield/reset-password?token=~'],
    ['/rest/registration/signUp?orgId=acme&contactId=5&ts=1&signature=abc', '/rest/registration/signUp?orgId=acme&contactId=~&ts=~&signature=~'],
    ['/public/i18n/x.json?lang=fr_FR', '/public/i18n/x.json?lang=fr_FR'],
  ])('logs %s as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});

describe('redaction, should a line ever carry a header or a body', () => {
  it('blanks cookies, the Authorization and CSRF headers and the secret fields of a body', () => {
    const before = lines.length;
    app.log.info({
      req: { headers: { cookie: 'SSPSESSION=cookie-secret', authorization: 'token header-secret', 'x-csrf-token': 'csrf-secret' } },
      body: { password: 'body-secret-1', securityAnswer: 'body-secret-2', 'g-recaptcha-response': 'body-secret-3', username: 'kept.name' },
      userDetail: { password: 'body-secret-4' },
    }, 'probe');
    const line = lines.slice(before).join('\n');
    expect(line).toContain('kept.name');
    expect(line).toContain('[redacted]');
    for (const secret of ['cookie-secret', 'header-secret', 'csrf-secret', 'body-secret']) expect(line).not.toContain(secret);
  });
});
