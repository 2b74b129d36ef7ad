/**
 * The demo mode's calls (not calls of §7; answered only when DEMO is on, 404 `demo.off` otherwise):
 * `GET /rest/demo/organizations` (the root page's organisations and the demo login) and
 * `GET /rest/demo/mails?orgId` (the demo mailbox) and `GET /rest/demo/deliveries?orgId` (its delivery
 * outbox section). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Text } from './common.ts';

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

/**
 * The demo identity providers (issue 15, under `/demo-idp/`): the SAML provider's single sign-on
 * service (the redirect binding's AuthnRequest, then its sign-in form), and the OpenID provider's
 * sign-in form for one interaction. Their pages are HTML.
 */
export const DemoSamlRequestQuery = Type.Object({
  SAMLRequest: Type.Optional(Text(100_000)),
  RelayState: Type.Optional(Text(200)),
  SigAlg: Type.Optional(Text(200)),
  Signature: Type.Optional(Text(2000)),
});
export type DemoSamlRequestQuery = Static<typeof DemoSamlRequestQuery>;

/** The provider's sign-in form: the person, and the redirect binding's query as it arrived (`request`). */
export const DemoSamlSignInBody = Type.Object({
  username: Text(100),
  password: Text(200),
  request: Text(120_000),
});
export type DemoSamlSignInBody = Static<typeof DemoSamlSignInBody>;

export const DemoInteractionParams = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) });
export type DemoInteractionParams = Static<typeof DemoInteractionParams>;

export const DemoInteractionBody = Type.Object({ username: Text(100), password: Text(200) });
export type DemoInteractionBody = Static<typeof DemoInteractionBody>;

/** A demo identity provider's page. */
export const DemoIdpPage = Type.String({ description: 'An HTML page of the demo identity provider.' });
