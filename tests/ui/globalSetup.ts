/**
 * The real API for the UI tests, listening on loopback in the Node side of vitest: happy-dom's
 * address is set to it, so the app's fetches, cookies and CSRF tokens go over HTTP to the real
 * server on a seeded PGlite. A few /test/ addresses exist only here: statuses §8 treats specially,
 * a slow answer to cancel, signing the calling session in as demo.member, creating a member of a
 * test's own (optionally signed in, optionally with an access key), and sending a mail through the
 * app's mailer (no SMTP: it lands in the outbox the demo mailbox shows).
 */
import type { TestProject } from 'vitest/node';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { contactPaths, contacts, sessionLogins } from '../../server/db/schema.ts';
import { issueAccessKey } from '../../server/services/accessKeys.ts';
import type { DeliveryMessage } from '../../server/services/delivery/deliveryMessage.ts';
import { normalizeSecurityAnswer } from '../../server/services/passwordChecks.ts';
import { DEMO_ADMIN_PASSWORD, ensureAdmin } from '../../server/services/admins.ts';
import { createTestApp } from '../support/testApp.ts';
import type { TestDatabase } from '../support/testDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
  }
}

export default async function setup(project: TestProject) {
  const testApp = await createTestApp({
    // The test notification's proof of work, small: the UI test solves it for real in happy-dom.
    captcha: { altcha: { maxNumber: 2000, expiresInSeconds: 300 }, recaptcha: null },
    configure(app) {
      app.get<{ Params: { code: string } }>('/test/status/:code', async (req, reply) => reply.code(Number(req.params.code)).send({ errorCode: 'test.status' }));
      app.get('/test/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2000)));
      // Headers at once, the body two seconds later: a call given up while its body is on the way.
      app.get('/test/slowBody', async (_req, reply) => {
        const { PassThrough } = await import('node:stream');
        const body = new PassThrough();
        body.write('{"late":');
        setTimeout(() => body.end('true}'), 2000);
        return reply.type('application/json').send(body);
      });
      app.get('/test/echo', async (req) => ({ headers: req.headers }));
      app.post('/test/echo', async (req) => ({ headers: req.headers, body: req.body }));
      app.post<{ Querystring: { orgId: string } }>('/test/signIn', async (req, reply) => {
        // The visitor's session is stored now if it was not (keeping their CSRF token), as a sign-in would.
        const session = await req.session.ensure(reply);
        const [demoMember] = await testApp.database.db.select({ contactId: contacts.contactId }).from(contacts)
          .where(and(eq(contacts.orgId, req.query.orgId), eq(contacts.username, 'demo.member')));
        if (!demoMember) return reply.code(400).send({ errorCode: 'test.noDemoMember' });
        await signInAs(testApp.database, req.query.orgId, session.sessionHash, demoMember.contactId);
        return { contactId: demoMember.contactId };
      });
      // A member of the tests' own (recovery, change password, deletion), so demo.member stays as it is.
      app.post<{ Querystring: { orgId: string }; Body: NewMember }>('/test/createMember', async (req, reply) => {
        const contactId = await createMember(testApp.database, req.query.orgId, req.body);
        if (req.body.signIn) await signInAs(testApp.database, req.query.orgId, (await req.session.ensure(reply)).sessionHash, contactId);
        if (!req.body.accessKey) return { contactId };
        return { contactId, accessKey: (await issueAccessKey(testApp.database.db, req.query.orgId, contactId)).accessKey };
      });
      app.post<{ Querystring: { orgId: string }; Body: { to: string; subject: string; text: string } }>('/test/mail', async (req) => {
        const queued = await app.mailer.send(req.query.orgId, { kind: 'other', ...req.body });
        return { mailId: queued?.mailId ?? null };
      });
      // A delivery through the app's delivery layer (no SMS API or Slack bot here: SMS, voice and the rest go to the delivery outbox).
      app.post<{ Querystring: { orgId: string }; Body: Omit<DeliveryMessage, 'orgId' | 'contactId'> }>('/test/delivery', async (req) =>
        app.delivery.deliver({ ...req.body, orgId: req.query.orgId, contactId: null }));
    },
  });
  // The demo administrator, as `npm start` makes it: the sign-up tests invite members through the admin API.
  await ensureAdmin(testApp.database.db, DEMO_ADMIN_PASSWORD);
  const base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiBase', base);
  return async () => {
    await testApp.close();
  };
}

interface NewMember {
  username: string;
  password: string;
  email: string;
  securityQuestion?: string;
  securityAnswer?: string;
  passwordExpired?: boolean;
  /** Sign the calling session in as the new member (it must have one: call /rest/init/csrf first). */
  signIn?: boolean;
  /** Issue an access key of the new member (§5), answered as `accessKey`. */
  accessKey?: boolean;
  /** Give the member an e-mail contact path (pathId 1) with `email` (the test notification's UI test). */
  emailPath?: boolean;
}

/** A registered member with argon2id hashes, as sign-up stores one. */
async function createMember(database: TestDatabase, orgId: string, member: NewMember): Promise<number> {
  const hash = (value: string) => argon2.hash(value, { type: argon2.argon2id });
  const [row] = await database.db.insert(contacts).values({
    orgId, username: member.username, passwordHash: await hash(member.password), firstName: 'Test', lastName: member.username,
    email: member.email, securityQuestion: member.securityQuestion ?? null,
    securityAnswerHash: member.securityAnswer ? await hash(normalizeSecurityAnswer(member.securityAnswer)) : null,
    passwordExpired: member.passwordExpired ?? false,
  }).returning({ contactId: contacts.contactId });
  if (member.emailPath) await database.db.insert(contactPaths).values({ orgId, contactId: row!.contactId, pathId: 1, pathType: 'EMAIL', value: member.email });
  return row!.contactId;
}

/** Signs the session in as `contactId` in `orgId`, whoever it was signed in as there before (the tests of a file share happy-dom's cookies). */
async function signInAs(database: TestDatabase, orgId: string, sessionHash: string, contactId: number): Promise<void> {
  await database.db.insert(sessionLogins).values({ orgId, sessionHash, contactId })
    .onConflictDoUpdate({ target: [sessionLogins.orgId, sessionLogins.sessionHash], set: { contactId } });
}
