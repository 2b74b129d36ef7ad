/**
 * The demo mode's calls (not calls of §7; answered only when DEMO is on, 404 `demo.off` otherwise):
 * `GET /rest/demo/organizations` (the root page's organisations and the demo login) and
 * `GET /rest/demo/mails?orgId` (the demo mailbox) and `GET /rest/demo/deliveries?orgId` (its delivery
 * outbox section). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';

export { OrgIdQuery as DemoMailsQuery, OrgIdQuery as DemoDeliveriesQuery } from './common.ts';

/** One organisation the root page lists (schemas/demo.ts DemoOrganization). */
export const DemoOrganization = Type.Object({ orgId: Type.String(), orgName: Type.String(), description: Type.String() });

export const DemoOrganizations = Type.Object({
  organizations: Type.Array(DemoOrganization),
  demoLogin: Type.Object({ username: Type.String(), password: Type.String() }),
});
export type DemoOrganizations = Static<typeof DemoOrganizations>;

/** One mail of the outbox (schemas/demo.ts DemoMail): times as ISO strings, sentAt null while queued. */
export const DemoMail = Type.Object({
  mailId: Type.Integer(),
  recipient: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

export const DemoMails = Type.Object({ mails: Type.Array(DemoMail) });
export type DemoMails = Static<typeof DemoMails>;

/**
 * One delivery attempt to a contact path (schemas/demo.ts DemoDelivery; server/services/delivery/):
 * `recipient` and `text` only on `queued` outbox entries, `recipientMasked` on every one.
 */
export const DemoDelivery = Type.Object({
  deliveryId: Type.Integer(),
  pathType: Type.String(),
  recipient: Type.Union([Type.String(), Type.Null()]),
  recipientMasked: Type.String(),
  kind: Type.String(),
  adapter: Type.String(),
  outcome: Type.Union([Type.Literal('sent'), Type.Literal('queued'), Type.Literal('failed')]),
  subject: Type.Union([Type.String(), Type.Null()]),
  text: Type.Union([Type.String(), Type.Null()]),
  errorCode: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

export const DemoDeliveries = Type.Object({ deliveries: Type.Array(DemoDelivery) });
export type DemoDeliveries = Static<typeof DemoDeliveries>;
