/**
 * The publishing scope (issue 14, schemas/api/publishing.ts): `/api/v1/{orgId}/…`, for the
 * organisation's notification service. Its hook refuses every call without a live publishing key of
 * the path's organisation (401 `publishing.unauthorized`), as the request arrives, before its body is
 * read; a key is a bearer token, so there is no cookie and no CSRF token. Every answer is `no-store`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CommunicationBody, CommunicationIdParams, CommunicationWritten } from '../../../schemas/api/comms.ts';
import {
  EventBody, EventNotificationBody, EventNotificationWritten, EventWritten, PublishEventNotificationParams, PublishEventParams,
} from '../../../schemas/api/events.ts';
import { DocumentIdParams, DocumentLinkBody, DocumentWritten, MAX_DOCUMENT_BYTES } from '../../../schemas/api/documents.ts';
import { answers, StatusOk } from '../../../schemas/api/common.ts';
import {
  HelpTextBody, HelpTextQuery, NotificationBody, NotificationIdParams, NotificationWritten, OrgPageBody, OrgPageParams, PublishingOrgParams, WeatherAlertIdParams,
  WeatherAlertsBody, WeatherAlertsImported,
} from '../../../schemas/api/publishing.ts';
import { answer, refused } from '../../http/answer.ts';
import { portalUrl } from '../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../http/routeDeps.ts';
import {
  importWeatherAlerts, publisherRefusal, publishHelpTip, withdrawHelpTip, publishNotification, publishOrgPage, withdrawNotification, withdrawOrgPage, withdrawWeatherAlert,
} from '../../services/publishing.ts';
import { publishCommunication, withdrawCommunication } from '../../services/communications.ts';
import { storeFile, storeLink, withdrawDocument } from '../../services/documents.ts';
import { publishEvent, publishEventNotification, withdrawEvent, withdrawEventNotification } from '../../services/events.ts';
import { zonePoint } from '../../services/nwsZones.ts';

/** A weather import is at most 500 alerts of api.weather.gov's size (their polygons are the bulk). */
const BODY_LIMIT = 8 * 1024 * 1024;

// An organisation paused or disabled still takes its content: what it publishes shows when it is on again.
const config = { org: { from: 'path', disabled: 'allow' } } as const;

/** What a document upload may hold: one file, a name and whether it is listed; nothing else. */
const UPLOAD_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5, headerPairs: 100 };

async function publishingRoutes(app: RouteApp, { db, publicUrl, orgCache }: RouteDeps) {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Before the body is read: a caller without a key gets 401 whatever it sends, and its body (up to
  // BODY_LIMIT) is neither parsed nor validated.
  app.addHook('onRequest', async (request, reply) => {
    const orgId = (request.params as { orgId?: unknown }).orgId;
    const refusal = typeof orgId === 'string' ? await publisherRefusal(db, orgId, request.headers.authorization) : null;
    if (refusal) return refused(reply, refusal);
  });

  app.post('/api/v1/:orgId/notifications', {
    schema: { params: PublishingOrgParams, body: NotificationBody, response: answers(NotificationWritten) },
    config,
  }, async (request, reply) => {
    const result = await publishNotification(db, request.org.orgId, request.body);
    return result.ok ? reply.code(201).send({ notificationId: result.notificationId }) : refused(reply, result);
  });

  app.put('/api/v1/:orgId/notifications/:notificationId', {
    schema: { params: NotificationIdParams, body: NotificationBody, response: answers(NotificationWritten) },
    config,
  }, async (request, reply) => {
    const result = await publishNotification(db, request.org.orgId, request.body, request.params.notificationId);
    return result.ok ? reply.code(result.created ? 201 : 200).send({ notificationId: result.notificationId }) : refused(reply, result);
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

  // multipart/form-data: the fields `name` and `public` ('true' or 'false'), and the `file`.
  app.post('/api/v1/:orgId/documents', {
    schema: { params: PublishingOrgParams, consumes: ['multipart/form-data'], response: answers(DocumentWritten) },
    config,
  }, async (request, reply) => {
    if (!request.isMultipart()) return reply.code(415).send({ errorCode: 'request.unsupportedMediaType' });
    const part = await request.file();
    if (!part) return reply.code(400).send({ errorCode: 'document.empty' });
    let bytes: Buffer;
    let truncated = false;
    try {
      bytes = await part.toBuffer();
    } catch {
      bytes = Buffer.alloc(0);
      truncated = true;
    }
    const field = (name: string) => {
      const value = part.fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : '';
    };
    const result = await storeFile(db, request.org.orgId, { name: field('name'), fileName: part.filename, bytes, truncated, public: field('public') !== 'false' });
    return result.ok ? reply.code(201).send({ fileId: result.fileId, name: result.name }) : refused(reply, result);
  });

  app.post('/api/v1/:orgId/documents/links', {
    schema: { params: PublishingOrgParams, body: DocumentLinkBody, response: answers(DocumentWritten) },
    config,
  }, async (request, reply) => {
    const { fileId, name } = await storeLink(db, request.org.orgId, request.body);
    return reply.code(201).send({ fileId, name });
  });

  app.delete('/api/v1/:orgId/documents/:fileId', {
    schema: { params: DocumentIdParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawDocument(db, request.org.orgId, request.params.fileId)));

  app.post('/api/v1/:orgId/communications', {
    schema: { params: PublishingOrgParams, body: CommunicationBody, response: answers(CommunicationWritten) },
    config,
  }, async (request, reply) => {
    const result = await publishCommunication(db, request.org.orgId, request.body, portalUrl(request, publicUrl));
    return result.ok ? reply.code(201).send({ commsId: result.commsId, url: result.url }) : refused(reply, result);
  });

  app.delete('/api/v1/:orgId/communications/:commsId', {
    schema: { params: CommunicationIdParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawCommunication(db, request.org.orgId, request.params.commsId)));

  app.put('/api/v1/:orgId/events/:eventId', {
    schema: { params: PublishEventParams, body: EventBody, response: answers(EventWritten) },
    config,
  }, async (request, reply) => {
    const result = await publishEvent(db, request.org.orgId, request.params.eventId, request.body);
    return result.ok ? reply.code(result.created ? 201 : 200).send({ eventId: request.params.eventId }) : refused(reply, result);
  });

  app.delete('/api/v1/:orgId/events/:eventId', {
    schema: { params: PublishEventParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawEvent(db, request.org.orgId, request.params.eventId)));

  app.put('/api/v1/:orgId/events/:eventId/notifications/:notificationId', {
    schema: { params: PublishEventNotificationParams, body: EventNotificationBody, response: answers(EventNotificationWritten) },
    config,
  }, async (request, reply) => {
    const { eventId, notificationId } = request.params;
    const result = await publishEventNotification(db, request.org.orgId, eventId, notificationId, request.body);
    return result.ok ? reply.code(result.created ? 201 : 200).send({ notificationId }) : refused(reply, result);
  });

  app.delete('/api/v1/:orgId/events/:eventId/notifications/:notificationId', {
    schema: { params: PublishEventNotificationParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawEventNotification(db, request.org.orgId, request.params.eventId, request.params.notificationId)));

  app.put('/api/v1/:orgId/helpTexts', {
    schema: { params: PublishingOrgParams, querystring: HelpTextQuery, body: HelpTextBody, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await publishHelpTip(db, orgCache, request.org.orgId, request.query.type, request.body.content)));

  app.delete('/api/v1/:orgId/helpTexts', {
    schema: { params: PublishingOrgParams, querystring: HelpTextQuery, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await withdrawHelpTip(db, orgCache, request.org.orgId, request.query.type)));

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
