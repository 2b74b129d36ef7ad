/**
 * The subscription calls of §7, typed (the member's own, schemas/api/subscriptions.ts):
 * `GET`/`POST …/subscriptions` (form `rs`, `rsNodisturb` as JSON text; status 'yes') and
 * `GET`/`PUT …/groupSubscriptions` (JSON `addGroups`, `removeGroups`; result true).
 * schemas/subscriptions/formData.ts makes the bodies from the page's form.
 */
import type {
  GroupSubscriptionsAnswer, GroupSubscriptionsBody, GroupSubscriptionsSaved, SaveSubscriptionsBody, SaveSubscriptionsReply, SubscriptionsAnswer,
} from '../../schemas/api/subscriptions.ts';
import type { Refusal, Reply } from '../../schemas/api/common.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { GroupSubscriptionsAnswer, SubscriptionsAnswer };

export function getSubscriptions(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<SubscriptionsAnswer>(paths.subscriptions(orgId, contactId), { signal });
}

/** §7 alert save; `status: 'yes'` when saved. */
export function saveSubscriptions(orgId: string, contactId: number, body: SaveSubscriptionsBody) {
  const form: Record<string, string> = { rs: JSON.stringify(body.rs) };
  if (body.rsNodisturb !== undefined) form.rsNodisturb = JSON.stringify(body.rsNodisturb);
  return api.post<SaveSubscriptionsReply | null>(paths.subscriptions(orgId, contactId), { form });
}

export function getGroupSubscriptions(orgId: string, contactId: number, signal?: AbortSignal) {
  return api.get<GroupSubscriptionsAnswer>(paths.groupSubscriptions(orgId, contactId), { signal });
}

/** §7 group save; `result: true` when saved. */
export function saveGroupSubscriptions(orgId: string, contactId: number, body: GroupSubscriptionsBody) {
  return api.put<Reply<GroupSubscriptionsSaved, Refusal> | null>(paths.groupSubscriptions(orgId, contactId), { json: { ...body } });
}
