/**
 * `GET /rest/demo/mails?orgId`: the demo mailbox (`/mails`), the newest mails of one organisation's
 * outbox, so the mails the portal sends can be read without an SMTP server (ARCHITECTURE.md "outbox
 * table and a demo mail viewer when no SMTP is configured").
 */
import type { FastifyInstance } from 'fastify';
import { orgIdQuery } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { DEMO_OFF, demoMails } from '../../../services/demo.ts';

export default async function demoMailRoutes(app: FastifyInstance, { db, mailer }: RouteDeps) {
  app.get<{ Querystring: { orgId: string } }>('/rest/demo/mails', {
    schema: { querystring: orgIdQuery },
    // Mails that went out through SMTP reached real mailboxes, and their links are not for every
    // visitor of the demo: with SMTP the mailbox is off, checked before the query is validated.
    preValidation: async (_request, reply) => {
      if (mailer.delivers) return reply.code(404).send(DEMO_OFF);
    },
    // The mailbox shows a disabled organisation's mails too (demo data, no member pages).
    config: { org: { from: 'query', disabled: 'allow' } },
  }, async (request) => demoMails(db, request.org));
}
