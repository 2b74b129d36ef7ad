/**
 * §7 `POST /deleteAccount/{orgId}` (form `_method=DELETE`; status, errorCode): a signed-in member of
 * a public organisation deletes their own account when the organisation allows it (§2 "delete-account
 * button for public organisations (when feature flag cme_mbr_delelteButton on …)"). The contact and
 * everything of theirs goes in one transaction (the tenant tables cascade from contacts); the
 * session's sign-in goes with it; the answer clears the cookies the portal stored for the organisation.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { findFeatureFlags, findOrganization } from '../repositories/organizations.ts';
import { orgIdParams } from './shared.ts';

/** Cookies the browser app keeps per organisation (§4 "Delete-account confirm clears stored cookies"). */
const ORG_COOKIES = ['entryFromPublicPortal', 'p_expired', 'accessKey', 'redirectModalShown'];

export default async function accountRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Params: { orgId: string }; Body: { _method?: string } }>('/deleteAccount/:orgId', {
    schema: { params: orgIdParams, body: { type: 'object', required: ['_method'], properties: { _method: { const: 'DELETE' } } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send({ status: 'no', errorCode: 'org.notFound' });
    const contactId = await request.session.contactId(org.orgId);
    if (contactId === null) return reply.code(401).send({ status: 'no', errorCode: 'session.signInRequired' });
    const flags = await findFeatureFlags(db, org.orgId);
    if (!org.settings.isPublic || !flags.cme_mbr_delelteButton) {
      return reply.code(403).send({ status: 'no', errorCode: 'ssp.account.delete.notAllowed' });
    }
    await db.transaction(async (tx) => {
      await tx.delete(contacts).where(and(eq(contacts.orgId, org.orgId), eq(contacts.contactId, contactId)));
    });
    for (const name of ORG_COOKIES) reply.clearCookie(name, { path: `/${org.orgId}` });
    return { status: 'yes' };
  });
}
