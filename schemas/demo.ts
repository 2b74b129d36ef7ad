/**
 * The demo-mode answers (not calls of §7): the root page's organisations and the demo mailbox.
 * Defined once as JSON Schemas in schemas/api/demo.ts; these are their derived types.
 */
import type { Static } from 'typebox';
import type { DemoDelivery as DemoDeliverySchema, DemoMail as DemoMailSchema, DemoOrganization as DemoOrganizationSchema } from './api/demo.ts';

/** One organisation the root page lists. */
export type DemoOrganization = Static<typeof DemoOrganizationSchema>;

/** One mail of `GET /rest/demo/mails?orgId`, as the demo mailbox `/mails` lists it. */
export type DemoMail = Static<typeof DemoMailSchema>;

/** One delivery attempt of `GET /rest/demo/deliveries?orgId`, as the demo mailbox's delivery outbox section lists it. */
export type DemoDelivery = Static<typeof DemoDeliverySchema>;
