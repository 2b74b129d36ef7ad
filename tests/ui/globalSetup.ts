/**
 * The real API for the UI tests, listening on loopback in the Node side of vitest: happy-dom's
 * address is set to it, so the app's fetches, cookies and CSRF tokens go over HTTP to the real
 * server on a seeded PGlite. A few /test/ addresses exist only here: statuses §8 treats specially,
 * a slow answer to cancel, signing the calling session in as demo.member, and sending a mail through
 * the app's mailer (no SMTP: it lands in the outbox the demo mailbox shows).
 */
import type { TestProject } from 'vitest/node';
import { createTestApp, signInAsDemoMember } from '../support/testApp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
  }
}

export default async function setup(project: TestProject) {
  const testApp = await createTestApp({
    configure(app) {
      app.get<{ Params: { code: string } }>('/test/status/:code', async (req, reply) => reply.code(Number(req.params.code)).send({ errorCode: 'test.status' }));
      app.get('/test/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2000)));
      app.get('/test/echo', async (req) => ({ headers: req.headers }));
      app.post('/test/echo', async (req) => ({ headers: req.headers, body: req.body }));
      app.post<{ Querystring: { orgId: string } }>('/test/signIn', async (req, reply) => {
        const session = await req.session.ensure(reply);
        const token = req.cookies.SSPSESSION;
        if (!token) return reply.code(400).send({ errorCode: 'test.noSession', csrf: session.csrfToken });
        return { contactId: await signInAsDemoMember(testApp.database, req.query.orgId, token) };
      });
      app.post<{ Querystring: { orgId: string }; Body: { to: string; subject: string; text: string } }>('/test/mail', async (req) => {
        const { mailId } = await app.mailer.send(req.query.orgId, req.body);
        return { mailId };
      });
    },
  });
  const base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiBase', base);
  return async () => {
    await testApp.close();
  };
}
