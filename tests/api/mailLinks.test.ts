/**
 * Issue 9 row 5: links in mails never come from request headers. In demo mode without PUBLIC_URL the
 * forgot-password, forgot-username and invitation mails link to the address the server listens on
 * (a real listener on a loopback port), whatever Host or X-Forwarded-Host the request carried.
 * (Outside demo mode PUBLIC_URL is required at start: tests/unit/config.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { adminSession } from '../support/signUp.ts';
import { startSession, useTestApp, UNLIMITED_ADDRESSES } from '../support/testApp.ts';

const t = useTestApp();
const POISON = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
let app: FastifyInstance;
let listening: string;

beforeAll(async () => {
  app = await buildApp({ db: t.database.db, client: null, demo: true, serverVersion: '0.0.0-test', hashLimits: UNLIMITED_ADDRESSES });
  await app.listen({ port: 0, host: '127.0.0.1' });
  listening = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
});

const newestMailTo = async (orgId: string, recipient: string) =>
  (await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.recipient, recipient)))
    .orderBy(desc(mailOutbox.mailId)).limit(1))[0];

async function post(orgId: string, url: string, payload: object) {
  const session = await startSession(app, orgId);
  return app.inject({ method: 'POST', url, headers: { ...POISON, cookie: session.cookie, 'x-csrf-token': session.csrfToken }, payload });
}

describe('with Host: evil.example, in demo mode without PUBLIC_URL', () => {
  it('the reset-password link is the listening address', async () => {
    const response = await post('springfield', '/springfield/forgotPassword/sendEmail',
      { loginId: 'demo.member', email: 'demo.member@example.org', securityAnswer: 'Blue', version: '201911' });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await newestMailTo('springfield', 'demo.member@example.org');
    expect(mail?.subject).toMatch(/^Reset your password/);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.text).toContain(`${listening}/springfield/reset-password?token=`);
  });

  it('the forgot-username link is the listening address', async () => {
    const response = await post('springfield', '/springfield/forgotUsername/sendEmail', { email: 'demo.member@example.org' });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await newestMailTo('springfield', 'demo.member@example.org');
    expect(mail?.subject).toMatch(/^Your username/);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.text).toContain(`Sign in here: ${listening}/springfield/login`);
  });

  it('the invitation link is the listening address', async () => {
    const admin = await adminSession(app, t.database.db);
    const response = await app.inject({
      method: 'POST', url: '/admin/api/orgs/acme/invitations',
      headers: { ...POISON, cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
      payload: { firstName: 'Hank', lastName: 'Host', email: 'hank.host@example.org' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await newestMailTo('acme', 'hank.host@example.org');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.text).toContain(`${listening}${response.json().url}`);
  });
});
