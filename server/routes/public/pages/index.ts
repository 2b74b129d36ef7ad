/**
 * §7 `GET /{orgId}/helpAndAnswer?type` (the help tip of §2), `GET /{orgId}/banner` (the
 * organisation's banner image), the default legal pages and the service worker (`/sw.js`).
 */
import { readFile } from 'node:fs/promises';
import { answers, media, refusals } from '../../../../schemas/api/common.ts';
import {
  BannerImage, BannerParams, HelpAndAnswer, HelpAndAnswerParams, HelpAndAnswerQuery, LegalPage, LegalPageParams, ServiceWorkerScript,
} from '../../../../schemas/api/pages.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { bannerImage, helpTip } from '../../../services/pageContent.ts';

const legalDir = new URL('../../../../public/legal/', import.meta.url);

let serviceWorker: Buffer | null = null;

export default async function pageRoutes(app: RouteApp, { db }: RouteDeps) {
  // The footer's default terms and privacy pages, for organisations without termsUrl/privacyUrl.
  app.get('/public/legal/:page', {
    schema: { params: LegalPageParams, response: { 200: media('text/html', LegalPage), ...refusals() } },
  }, async (request, reply) => {
    const html = await readFile(new URL(request.params.page, legalDir));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').send(html);
  });

  // The service worker of the public alert pages (issue 14 "Offline", public/sw.js): always asked for
  // anew (no-cache), so that a new version replaces the old at the next visit.
  app.get('/sw.js', {
    schema: { response: { 200: media('text/javascript', ServiceWorkerScript), ...refusals() } },
  }, async (_request, reply) => {
    serviceWorker ??= await readFile(new URL('../../../../public/sw.js', import.meta.url));
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(serviceWorker);
  });

  app.get('/:orgId/helpAndAnswer', {
    schema: { params: HelpAndAnswerParams, querystring: HelpAndAnswerQuery, response: answers(HelpAndAnswer) },
    config: { org: 'path' },
  }, async (request) => helpTip(request.orgData, request.query.type, request.query.lang));

  app.get('/:orgId/banner', {
    schema: { params: BannerParams, response: { 200: media('image/*', BannerImage), ...refusals() } },
    config: { org: 'path' },
  }, async (request, reply) => {
    const banner = await bannerImage(db, request.orgData);
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
