/**
 * §7 `GET /{orgId}/helpAndAnswer?type` (the help tip of §2), `GET /{orgId}/banner` (the
 * organisation's banner image) and the default legal pages.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { HELP_TYPES, type HelpType } from '../../../../schemas/helpTypes.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { bannerImage, helpTip } from '../../../services/pageContent.ts';

const legalDir = new URL('../../../../public/legal/', import.meta.url);

export default async function pageRoutes(app: FastifyInstance, { db }: RouteDeps) {
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
    config: { org: 'path' },
  }, async (request) => helpTip(db, request.org, request.query.type));

  app.get<{ Params: { orgId: string } }>('/:orgId/banner', { schema: { params: orgIdParams }, config: { org: 'path' } }, async (request, reply) => {
    const banner = await bannerImage(db, request.org);
    if (!banner) return reply.code(404).send({ errorCode: 'banner.notFound' });
    return reply
      .type(banner.contentType)
      .header('cache-control', 'public, max-age=300')
      // An uploaded SVG must not run script when opened directly.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(banner.bytes);
  });
}
