/**
 * `GET /rest/demo/deliveries?orgId`: the demo mailbox's delivery outbox (`/mails`), the newest
 * delivery attempts of one organisation (server/services/delivery/), so a test notification or a
 * confirmation code sent to an SMS, voice, Slack or pager path can be read without a provider. Only
 * the outbox entries (no adapter took them) carry the address and text; what a provider accepted or
 * refused is listed masked, without its text, so the list is open in demo mode whatever is configured.
 */
import { answers } from '../../../../schemas/api/common.ts';
import { DemoDeliveries, DemoDeliveriesQuery } from '../../../../schemas/api/demo.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { demoDeliveries } from '../../../services/demo.ts';

export default async function demoDeliveryRoutes(app: RouteApp, { db }: RouteDeps) {
  app.get('/rest/demo/deliveries', {
    schema: { querystring: DemoDeliveriesQuery, response: answers(DemoDeliveries) },
    // Like the mailbox: a disabled organisation's deliveries too (demo data, no member pages).
    config: { org: { from: 'query', disabled: 'allow' } },
  }, async (request) => demoDeliveries(db, request.org));
}
