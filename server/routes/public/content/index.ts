/**
 * §7 public content (issue 14): `GET /rest/notif`, `/rest/notif/page`, `/rest/notif/{id}`, the same
 * under `/rest/weather`, `GET /{orgId}/faqs` and `GET /{orgId}/overview` (schemas/api/publicContent.ts).
 *
 * Cache-friendly: every answer carries an `ETag` (a repeated request with `If-None-Match` is 304,
 * no body) and a short `Cache-Control`; `public` where a visitor may read it anyway (a public
 * organisation's content, any FAQ and overview), so a CDN can take a surge, else `private`.
 */
import etag from '@fastify/etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OrgIdParams, OrgIdQuery, refusals } from '../../../../schemas/api/common.ts';
import {
  ContentListQuery, ContentPageQuery, ContentRefusal, FaqsAnswer, NotificationAnswer, NotificationList, NotificationPage, NotificationParams,
  OverviewAnswer, WeatherAnswer, WeatherList, WeatherPage, WeatherParams,
} from '../../../../schemas/api/publicContent.ts';
import { answer, refused } from '../../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import {
  contentRefusal, isShareable, notificationDetail, notificationList, notificationPage, orgPageContent, weatherDetail, weatherList, weatherPage,
  type ContentKind,
} from '../../../services/publicContent.ts';

/** How long a cache may keep an answer: an alert list a minute old is still useful in a surge, and a browser asks again after this. */
const MAX_AGE_S = 30;

const contentAnswers = <A extends Parameters<typeof refusals>[0]>(ok: A) => ({ 200: ok, ...refusals(ContentRefusal) });

export default async function contentRoutes(app: RouteApp, { db }: RouteDeps) {
  await app.register(etag, { weak: true });

  /** Refuses (and answers false) unless the caller may read `kind`; sets the answer's Cache-Control. */
  async function mayRead(request: FastifyRequest, reply: FastifyReply, kind: ContentKind): Promise<boolean> {
    const contactId = request.org.settings.isPublic || kind === 'faq' || kind === 'overview' ? null : await request.session.contactId(request.org.orgId);
    const refusal = contentRefusal(request.org, kind, contactId);
    reply.header('cache-control', isShareable(request.org, kind)
      ? `public, max-age=${MAX_AGE_S}, stale-while-revalidate=${MAX_AGE_S * 2}`
      : `private, max-age=${MAX_AGE_S}`);
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
