/**
 * The publishing scope (issue 14, schemas/api/publishing.ts): `/api/v1/{orgId}/…`, for the
 * organisation's notification service. Its hook refuses every call without a live publishing key of
 * the path's organisation (401 `publishing.unauthorized`); a key is a bearer token, so there is no
 * cookie and no CSRF token. Every answer is `no-store`.
 */
import type { FastifyInstance } from 'fastify';
import { answers, StatusOk } from '../../../schemas/api/common.ts';
import {
  NotificationBody, NotificationIdParams, NotificationWritten, OrgPageBody, OrgPageParams, PublishingOrgParams, WeatherAlertIdParams,
  WeatherAlertsBody, WeatherAlertsImported,
} from '../../../schemas/api/publishing.ts';
import { answer, refused } from '../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../http/routeDeps.ts';
import {
  importWeatherAlerts, publisherRefusal, publishNotification, publishOrgPage, withdrawNotification, withdrawOrgPage, withdrawWeatherAlert,
} from '../../services/publishing.ts';
import { zonePoint } from '../../services/nwsZones.ts';

/** A weather import is at most 500 alerts of api.weather.gov's size (their polygons are the bulk). */
const BODY_LIMIT = 8 * 1024 * 1024;

// An organisation paused or disabled still takes its content: what it publishes shows when it is on again.
const config = { org: { from: 'path', disabled: 'allow' } } as const;

async function publishingRoutes(app: RouteApp, { db }: RouteDeps) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('preHandler', async (request, reply) => {
    const orgId = (request.params as { orgId?: unknown }).orgId;
    const refusal = typeof orgId === 'string' ? await publisherRefusal(db, orgId, request.headers.authorization) : null;
    if (refusal) return refused(reply, refusal);
  });

  app.post('/api/v1/:orgId/notifications', {
    schema: { params: PublishingOrgParams, body: NotificationBody, response: answers(NotificationWritten) },
    config,
  }, async (request, reply) => {
    const { notificationId } = await publishNotification(db, request.org.orgId, request.body);
    return reply.code(201).send({ notificationId });
  });

  app.put('/api/v1/:orgId/notifications/:notificationId', {
    schema: { params: NotificationIdParams, body: NotificationBody, response: answers(NotificationWritten) },
    config,
  }, async (request, reply) => {
    const { notificationId, created } = await publishNotification(db, request.org.orgId, request.body, request.params.notificationId);
    return reply.code(created ? 201 : 200).send({ notificationId });
  });

  app.delete('/api/v1/:orgId/notifications/:notificationId', {
    schema: { params: NotificationIdParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawNotification(db, request.org.orgId, request.params.notificationId)));

  app.post('/api/v1/:orgId/weatherAlerts', {
    schema: { params: PublishingOrgParams, body: WeatherAlertsBody, response: answers(WeatherAlertsImported) },
    config,
    bodyLimit: BODY_LIMIT,
  }, async (request, reply) => answer(reply, await importWeatherAlerts(db, request.org.orgId, request.body, zonePoint)));

  app.delete('/api/v1/:orgId/weatherAlerts/:weatherAlertId', {
    schema: { params: WeatherAlertIdParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawWeatherAlert(db, request.org.orgId, request.params.weatherAlertId)));

  app.put('/api/v1/:orgId/pages/:page', {
    schema: { params: OrgPageParams, body: OrgPageBody, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await publishOrgPage(db, request.org.orgId, request.params.page, request.body.pageContent)));

  app.delete('/api/v1/:orgId/pages/:page', {
    schema: { params: OrgPageParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawOrgPage(db, request.org.orgId, request.params.page)));
}

export default async function publishingScope(app: FastifyInstance, deps: RouteDeps) {
  await app.register(publishingRoutes, deps);
}
