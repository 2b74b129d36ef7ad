/**
 * Demo mode's helpers (not calls of §7; answered only when DEMO is on):
 * - `GET /rest/demo/organizations`: the organisations the root page lists, so a new user finds their way in;
 * - `GET /rest/demo/mails?orgId`: the demo mailbox (`/mails`), the newest mails of one organisation's
 *   outbox, so the mails the portal sends can be read without an SMTP server
 *   (ARCHITECTURE.md "outbox table and a demo mail viewer when no SMTP is configured").
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DemoMail, DemoOrganization } from '../../schemas/demo.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { loadDemoOrgs } from '../db/seed.ts';
import { findOrganization, listOrganizations } from '../repositories/organizations.ts';
import type { Mailer } from '../services/mail.ts';
import { ORG_NOT_FOUND, orgIdQuery } from './shared.ts';


/** How many mails the demo mailbox lists per organisation (the newest). */
export const DEMO_MAILS_LIMIT = 50;

const DEMO_OFF = { errorCode: 'demo.off' } as const;

export default async function demoRoutes(app: FastifyInstance, { db, demo, mailer }: { db: Db; demo: boolean; mailer: Mailer }) {
  app.get('/rest/demo/organizations', async (_request, reply) => {
    if (!demo) return reply.code(404).send(DEMO_OFF);
    const descriptions = new Map((await loadDemoOrgs()).map((o) => [o.orgId, o.description]));
    const organizations: DemoOrganization[] = (await listOrganizations(db)).map((org) => ({
      orgId: org.orgId,
      orgName: org.settings.orgName,
      description: descriptions.get(org.orgId) ?? '',
    }));
    return { organizations, demoLogin: { username: 'demo.member', password: 'Demo!Member2026' } };
  });

  app.get<{ Querystring: { orgId: string } }>('/rest/demo/mails', {
    schema: { querystring: orgIdQuery },
    // Off means off whatever the query: checked before the query is validated. Mails that went out
    // through SMTP reached real mailboxes, and their links are not for every visitor of the demo.
    preValidation: async (_request, reply) => {
      if (!demo || mailer.delivers) return reply.code(404).send(DEMO_OFF);
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const rows = await db.select().from(mailOutbox)
      .where(eq(mailOutbox.orgId, org.orgId))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.mailId))
      .limit(DEMO_MAILS_LIMIT);
    const mails: DemoMail[] = rows.map((row) => ({
      mailId: row.mailId,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }));
    return { mails };
  });
}
