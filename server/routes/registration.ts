/**
 * §7 registration calls. So far `GET /{orgId}/signup/checkUsername?username`: is the username free
 * in this organisation (§5 "unused ('ssp.login.username.exist'); availability checked by server only
 * when at least 4 chars and valid"). Answers `true` when free; a username that breaks the §5 pattern
 * or length is refused with 400 rather than looked up.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USERNAME_PATTERN } from '../../schemas/forms/commonFields.ts';
import { LIMITS } from '../../schemas/rules/limits.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

export default async function registrationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { orgId: string }; Querystring: { username: string } }>('/:orgId/signup/checkUsername', {
    schema: {
      params: orgIdParams,
      querystring: {
        type: 'object', required: ['username'],
        properties: { username: { type: 'string', minLength: LIMITS.username.min, maxLength: LIMITS.username.max, pattern: USERNAME_PATTERN } },
      },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const [taken] = await db.select({ id: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, org.orgId), sql`lower(${contacts.username}) = ${request.query.username.toLowerCase()}`)).limit(1);
    reply.header('cache-control', 'no-store');
    return !taken;
  });
}
