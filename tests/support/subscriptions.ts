/**
 * What the subscription API tests share (tests/api/subscriptions.test.ts, the member scope's matrix):
 * the alert save as the subscriptions page sends it (a form whose `rs` and `rsNodisturb` are JSON
 * text, §7), the group save (JSON), and everything stored of a member's choice, to prove a refused
 * call changed nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GroupSubscriptionsBody, NoDisturbInput, SubscriptionChange } from '../../schemas/api/subscriptions.ts';
import type { Db } from '../../server/db/client.ts';
import { groupMembers, memberSubscriptions } from '../../server/db/schema.ts';
import type { Member } from './profile.ts';

type Caller = Pick<Member, 'cookie' | 'csrfToken' | 'orgId' | 'contactId'>;

/** `POST /{orgId}/{contactId}/subscriptions` as `member`: `subs` in `rs`, no-disturb in `rsNodisturb` (strings are sent as they are). */
export function postSubscriptions(app: FastifyInstance, member: Caller, subs: SubscriptionChange[] | string, noDisturb?: NoDisturbInput | string) {
  const form = new URLSearchParams({ rs: typeof subs === 'string' ? subs : JSON.stringify({ contactId: member.contactId, subs }) });
  if (noDisturb !== undefined) form.set('rsNodisturb', typeof noDisturb === 'string' ? noDisturb : JSON.stringify(noDisturb));
  return app.inject({
    method: 'POST', url: `/${member.orgId}/${member.contactId}/subscriptions`,
    headers: { cookie: member.cookie, 'x-csrf-token': member.csrfToken, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** `PUT /{orgId}/{contactId}/groupSubscriptions` as `member`. */
export function putGroupSubscriptions(app: FastifyInstance, member: Caller, body: GroupSubscriptionsBody) {
  return app.inject({
    method: 'PUT', url: `/${member.orgId}/${member.contactId}/groupSubscriptions`,
    headers: { cookie: member.cookie, 'x-csrf-token': member.csrfToken, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** Everything kept of a member's subscriptions and group memberships (the stamps included). */
export async function storedSubscriptions(db: Db, orgId: string, contactId: number) {
  const [subscriptions, groups] = await Promise.all([
    db.select().from(memberSubscriptions).where(and(eq(memberSubscriptions.orgId, orgId), eq(memberSubscriptions.contactId, contactId))),
    db.select().from(groupMembers).where(and(eq(groupMembers.orgId, orgId), eq(groupMembers.contactId, contactId))).orderBy(asc(groupMembers.groupId)),
  ]);
  return { subscriptions, groups };
}
