/**
 * §7 public content (issue 14): `GET /rest/notif`, `/rest/notif/page`, `/rest/notif/{id}`, the same
 * under `/rest/weather`, `GET /{orgId}/faqs` and `GET /{orgId}/overview` (schemas/api/publicContent.ts),
 * `GET /{orgId}/feeds/alerts.atom` (services/feeds.ts: Atom with CAP 1.2 entries) and
 * `GET /rest/comms/{commsId}` (services/communications.ts).
 *
 * Cache-friendly: every answer carries an `ETag` (a repeated request with `If-None-Match` is 304,
 * no body). `Cache-Control: public, max-age=0, s-maxage=30` where a visitor may read it anyway (a
 * public organisation's content, any FAQ and overview): a CDN in front may answer a surge from its
 * copy for 30 s, while a browser asks every time (a 304 costs a few bytes) and never shows a list
 * older than the one the server has; `private, max-age=0` otherwise.
 */
import etag from '@fastify/etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommsAnswer, CommsParams } from '../../../../schemas/api/comms.ts';
import { answers, media, OrgIdParams, OrgIdQuery, refusals } from '../../../../schemas/api/common.ts';
import {
  AlertsFeed, ContentListQuery, ContentPageQuery, ContentRefusal, FaqsAnswer, NotificationAnswer, NotificationList, NotificationPage, NotificationParams,
  OverviewAnswer, WeatherAnswer, WeatherList, WeatherPage, WeatherParams,
} from '../../../../schemas/api/publicContent.ts';
import { answer, refused } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { communicationOf } from '../../../services/communications.ts';
import { alertsFeed } from '../../../services/feeds.ts';
import { contentRefusal, isShareable, type ContentKind } from '../../../services/contentAccess.ts';
import {
  notificationDetail, notificationList, notificationPage, orgPageContent, weatherDetail, weatherList, weatherPage,
} from '../../../services/publicContent.ts';

/** How long a shared cache (a CDN) may answer from its copy: an alert list half a minute old is still useful in a surge. */
const SHARED_MAX_AGE_S = 30;

const contentAnswers = <A extends Parameters<typeof refusals>[0]>(ok: A) => ({ 200: ok, ...refusals(ContentRefusal) });

export default async function contentRoutes(app: RouteApp, { db, publicUrl, orgCache }: RouteDeps) {
  await app.register(etag, { weak: true });

  /** Refuses (and answers false) unless the caller may read `kind`; sets the answer's Cache-Control. */
  async function mayRead(request: FastifyRequest, reply: FastifyReply, kind: ContentKind): Promise<boolean> {
    const contactId = request.org.settings.isPublic || kind === 'faq' || kind === 'overview' ? null : await request.session.contactId(request.org.orgId);
    const refusal = contentRefusal(request.org, kind, contactId);
    reply.header('cache-control', isShareable(request.org, kind) ? `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}` : 'private, max-age=0');
    if (!isShareable(request.org, kind)) reply.header('vary', 'Cookie');
    if (refusal) {
      refused(reply, refusal);
      return false;
    }
    return true;
  }

  app.get('/rest/notif', {
    schema: { querystring: ContentListQuery, response: contentAnswers(NotificationList) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'notifications'))) return reply;
    const { baseTime, baseId, pageSize = 25 } = request.query;
    return answer(reply, await notificationList(db, request.org.orgId, { baseTime, baseId }, pageSize));
  });

  app.get('/rest/notif/page', {
    schema: { querystring: ContentPageQuery, response: contentAnswers(NotificationPage) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'notifications'))) return reply;
    return answer(reply, await notificationPage(db, request.org.orgId, request.query.pageNo ?? 1, request.query.pageSize ?? 25));
  });

  app.get('/rest/notif/:notificationId', {
    schema: { params: NotificationParams, querystring: OrgIdQuery, response: contentAnswers(NotificationAnswer) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'notifications'))) return reply;
    return answer(reply, await notificationDetail(db, request.org.orgId, request.params.notificationId));
  });

  app.get('/rest/weather', {
    schema: { querystring: ContentListQuery, response: contentAnswers(WeatherList) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'weather'))) return reply;
    const { baseTime, baseId, pageSize = 25 } = request.query;
    return answer(reply, await weatherList(db, request.org.orgId, { baseTime, baseId }, pageSize));
  });

  app.get('/rest/weather/page', {
    schema: { querystring: ContentPageQuery, response: contentAnswers(WeatherPage) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'weather'))) return reply;
    return answer(reply, await weatherPage(db, request.org.orgId, request.query.pageNo ?? 1, request.query.pageSize ?? 25));
  });

  app.get('/rest/weather/:weatherAlertId', {
    schema: { params: WeatherParams, querystring: OrgIdQuery, response: contentAnswers(WeatherAnswer) },
    config: { org: 'query' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'weather'))) return reply;
    return answer(reply, await weatherDetail(db, request.org.orgId, request.params.weatherAlertId));
  });

  app.get('/:orgId/feeds/alerts.atom', {
    schema: { params: OrgIdParams, response: { 200: media('application/atom+xml', AlertsFeed), ...refusals(ContentRefusal) } },
    config: { org: 'path' },
  }, async (request, reply) => {
    const { settings } = request.org;
    const shows = { notifications: settings.showNotificationsToMemberPortal, weather: settings.showWeather };
    // The feed has what the pages show: refused as they are when the organisation shows neither.
    if (!(await mayRead(request, reply, shows.notifications ? 'notifications' : 'weather'))) return reply;
    const xml = await alertsFeed(db, request.org, portalUrl(request, publicUrl), shows);
    return reply.type('application/atom+xml; charset=utf-8').send(Buffer.from(xml, 'utf8'));
  });

  app.get('/rest/comms/:commsId', {
    schema: { params: CommsParams, response: answers(CommsAnswer) },
  }, async (request, reply) => {
    const result = await communicationOf(db, orgCache, request.params.commsId);
    // Whoever has the address may read it; a shared cache only where the organisation is public.
    reply.header('cache-control', result.ok && (await orgCache.get(result.orgId))?.organization.settings.isPublic
      ? `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}` : 'private, max-age=0');
    return answer(reply, result);
  });

  app.get('/:orgId/faqs', {
    schema: { params: OrgIdParams, response: contentAnswers(FaqsAnswer) },
    config: { org: 'path' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'faq'))) return reply;
    return { faqs: await orgPageContent(db, request.org.orgId, 'faq') };
  });

  app.get('/:orgId/overview', {
    schema: { params: OrgIdParams, response: contentAnswers(OverviewAnswer) },
    config: { org: 'path' },
  }, async (request, reply) => {
    if (!(await mayRead(request, reply, 'overview'))) return reply;
    return { overview: await orgPageContent(db, request.org.orgId, 'overview') };
  });
}
