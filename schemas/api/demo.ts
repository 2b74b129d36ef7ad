/**
 * The demo mode's calls (not calls of §7; answered only when DEMO is on, 404 `demo.off` otherwise):
 * `GET /rest/demo/organizations` (the root page's organisations and the demo login) and
 * `GET /rest/demo/mails?orgId` (the demo mailbox). Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';

export { OrgIdQuery as DemoMailsQuery } from './common.ts';

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
