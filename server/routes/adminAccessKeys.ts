/**
 * `POST /admin/api/orgs/:orgId/accessKeys` JSON `{ username }` → 201 `{ accessKey, url }`: an
 * administrator hands a member a link that signs them in (§5/§6 access key). The key is shown once;
 * only its hash is kept (services/accessKeys.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { issueAccessKey } from '../services/accessKeys.ts';
import { adminGuard } from './admin.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

export default async function adminAccessKeyRoutes(app: FastifyInstance, { db }: { db: Db; publicUrl: string | null }) {
  const { requireAdmin } = adminGuard(db);

  app.post<{ Params: { orgId: string }; Body: { username: string } }>('/admin/api/orgs/:orgId/accessKeys', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['username'], additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 80 } },
      },
    },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const [contact] = await db.select({ contactId: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, org.orgId), sql`lower(${contacts.username}) = ${request.body.username.trim().toLowerCase()}`));
    if (!contact) return reply.code(404).send({ errorCode: 'member.notFound' });
    const { accessKey } = await issueAccessKey(db, org.orgId, contact.contactId);
    return reply.code(201).send({ accessKey, url: `/${encodeURIComponent(org.orgId)}/home?accessKey=${encodeURIComponent(accessKey)}` });
  });
}
