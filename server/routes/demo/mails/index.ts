/**
 * `GET /rest/demo/mails?orgId`: the demo mailbox (`/mails`), the newest mails of one organisation's
 * outbox, so the mails the portal sends can be read without an SMTP server (ARCHITECTURE.md "outbox
 * table and a demo mail viewer when no SMTP is configured").
 */
import { answers } from '../../../../schemas/api/common.ts';
import { DemoMails, DemoMailsQuery } from '../../../../schemas/api/demo.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { DEMO_OFF, demoMails } from '../../../services/demo.ts';

export default async function demoMailRoutes(app: RouteApp, { db, mailer }: RouteDeps) {
  app.get('/rest/demo/mails', {
    schema: { querystring: DemoMailsQuery, response: answers(DemoMails) },
    // Mails that went out through SMTP reached real mailboxes, and their links are not for every
    // visitor of the demo: with SMTP the mailbox is off, checked before the query is validated.
    preValidation: async (_request, reply) => {
      if (mailer.delivers) return reply.code(404).send(DEMO_OFF);
    },
    // The mailbox shows a disabled organisation's mails too (demo data, no member pages).
    config: { org: { from: 'query', disabled: 'allow' } },
  }, async (request) => demoMails(db, request.org));
}
