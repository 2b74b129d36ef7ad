/**
 * Events (issue 14, §7, schemas/api/events.ts, services/events.ts): the event list and one event
 * (form `isLogin`: the server reads the session itself), an event's notifications a page at a time,
 * one notification, the sign-up (CSRF token, the event sign-up form's rules), and the public events as
 * iCalendar (`/{orgId}/events.ics`, ical-generator). Answers that depend on who asks are `private`.
 */
import { answers, media, refusals } from '../../../../schemas/api/common.ts';
import type { EventSignUpValues} from '../../../../schemas/api/events.ts';
import {
  EventAnswer, EventList, EventLookupRefusal, EventNotificationAnswer, EventNotificationParams, EventNotificationQuery, EventPage, EventPageQuery, EventParams,
  EventsCalendar, EventSignUpAnswer, EventSignUpForm, EventSignUpRefusal, EventsOrgParams, IsLoginForm,
} from '../../../../schemas/api/events.ts';
import { answer, refused } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { eventList, eventNotificationPage, eventNotificationDetail, eventOf, signUpForEvent } from '../../../services/events.ts';

export default async function eventRoutes(app: RouteApp, { db, publicUrl }: RouteDeps) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=0');
  });

  app.post('/nixle/eventSubscription/:orgId/list', {
    schema: { params: EventsOrgParams, body: IsLoginForm, response: answers(EventList) },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await eventList(db, request.org, await request.session.contactId(request.org.orgId))));

  app.post('/nixle/eventSubscription/:orgId/signUp', {
    schema: { params: EventsOrgParams, body: EventSignUpForm, response: answers(EventSignUpAnswer, EventSignUpRefusal) },
    config: { org: 'path' },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    let values: unknown;
    try {
      values = JSON.parse(request.body.eventSubscriptionSignUpStr);
    } catch {
      values = null;
    }
    if (!isSignUpValues(values)) return reply.code(400).send({ statusCode: 400, result: 'request.invalidBody' });
    const contactId = await request.session.contactId(request.org.orgId);
    const result = await signUpForEvent(db, request.org, request.orgData.featureFlags, values, contactId);
    return result.ok ? { statusCode: result.statusCode, result: result.result } : refused(reply, result);
  });

  app.post('/nixle/eventSubscription/:orgId/:eventId', {
    schema: { params: EventParams, body: IsLoginForm, response: answers(EventAnswer, EventLookupRefusal) },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await eventOf(db, request.org, request.params.eventId, await request.session.contactId(request.org.orgId))));

  app.get('/nixle/eventSubscription/:orgId/:eventId/page', {
    schema: { params: EventParams, querystring: EventPageQuery, response: answers(EventPage) },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await eventNotificationPage(db, request.org, request.params.eventId, await request.session.contactId(request.org.orgId), {
    pageNo: request.query.pageNo ?? 1, pageSize: request.query.pageSize ?? 25,
  })));

  app.get('/nixle/eventSubscription/getNotificationDetail/:orgId/:notificationId', {
    schema: { params: EventNotificationParams, querystring: EventNotificationQuery, response: answers(EventNotificationAnswer, EventLookupRefusal) },
    config: { org: 'path' },
  }, async (request, reply) => answer(reply, await eventNotificationDetail(
    db, request.org, request.params.notificationId, request.query.event_id, await request.session.contactId(request.org.orgId),
  )));

  app.get('/:orgId/events.ics', {
    schema: { params: EventsOrgParams, response: { 200: media('text/calendar', EventsCalendar), ...refusals() } },
    config: { org: 'path' },
  }, async (request, reply) => {
    // A calendar reader has no session: the public events only, the same for everyone.
    const result = await eventList(db, request.org, null);
    if (!result.ok) return refused(reply, result);
    const base = portalUrl(request, publicUrl);
    // Loaded with the first calendar asked for, not at start (server/lazyModules.ts).
    const { default: ical } = await import('ical-generator');
    const calendar = ical({ name: request.org.settings.orgName || request.org.orgId, prodId: { company: 'member-portal', product: 'events' } });
    for (const event of result.events) {
      const { eventStartDate, eventEndDate, eventAddress } = event.eventSubscriptionWebPage;
      if (eventStartDate === null) continue;
      calendar.createEvent({
        id: `${event.id}@${request.org.orgId}`,
        start: new Date(eventStartDate),
        end: new Date(eventEndDate ?? eventStartDate),
        summary: event.groupName,
        location: eventAddress || null,
        url: `${base}/${encodeURIComponent(request.org.orgId)}/event?eventId=${encodeURIComponent(event.id)}`,
      });
    }
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'public, max-age=0, s-maxage=300').send(Buffer.from(calendar.toString().replace(/(\r\n)?$/, '\r\n'), 'utf8'));
  });
}

/** The sign-up's JSON as §7 names it (eventSubscriptionSignUpStr), checked before anything reads it. */
function isSignUpValues(value: unknown): value is EventSignUpValues {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { eventId, fullName, mobile, email, widgets } = value as Record<string, unknown>;
  const text = (field: unknown, max: number) => field === undefined || (typeof field === 'string' && field.length <= max);
  return typeof eventId === 'string' && eventId.length >= 1 && eventId.length <= 100 && text(fullName, 200) && text(mobile, 40) && text(email, 200)
    && (widgets === undefined || (Array.isArray(widgets) && widgets.length <= 20 && widgets.every((widget) => text(widget, 100))));
}
