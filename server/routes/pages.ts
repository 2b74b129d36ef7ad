/**
 * §7 `GET /{orgId}/helpAndAnswer?type` (the help tip of §2, admin HTML sanitised here before it is
 * shown), `GET /{orgId}/banner` (the organisation's banner image) and the default legal pages.
 */
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { HELP_TYPES, type HelpType } from '../../schemas/helpTypes.ts';
import type { Db } from '../db/client.ts';
import { banners, helpAndAnswers } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

const legalDir = new URL('../../public/legal/', import.meta.url);

export default async function pageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The footer's default terms and privacy pages, for organisations without termsUrl/privacyUrl.
  app.get<{ Params: { page: string } }>('/public/legal/:page', {
    schema: { params: { type: 'object', required: ['page'], properties: { page: { enum: ['terms.html', 'privacy.html'] } } } },
  }, async (request, reply) => {
    const html = await readFile(new URL(request.params.page, legalDir));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(html);
  });

  app.get<{ Params: { orgId: string }; Querystring: { type: HelpType } }>('/:orgId/helpAndAnswer', {
    schema: {
      params: orgIdParams,
      querystring: { type: 'object', required: ['type'], properties: { type: { enum: [...HELP_TYPES] } } },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const [row] = await db.select({ content: helpAndAnswers.content }).from(helpAndAnswers)
      .where(and(eq(helpAndAnswers.orgId, org.orgId), eq(helpAndAnswers.type, request.query.type)));
    return { content: row ? sanitizeHtml(row.content) : null };
  });

  app.get<{ Params: { orgId: string } }>('/:orgId/banner', { schema: { params: orgIdParams } }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const [row] = await db.select().from(banners).where(eq(banners.orgId, org.orgId));
    if (!row || !org.settings.hasBanner) return reply.code(404).send({ errorCode: 'banner.notFound' });
    return reply
      .type(row.contentType)
      .header('cache-control', 'public, max-age=300')
      // An uploaded SVG must not run script when opened directly.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(row.data, 'base64'));
  });
}
