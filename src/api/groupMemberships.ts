/** §2 home's group-membership list, typed (the member's own): `GET /{orgId}/{contactId}/groupMemberships?pageNo&pageSize`. */
import type { GroupMembershipsAnswer } from '../../schemas/api/groupMemberships.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { GroupMembershipsAnswer };

export function getGroupMemberships(orgId: string, contactId: number, pageNo: number, signal?: AbortSignal) {
  return api.get<GroupMembershipsAnswer>(paths.groupMemberships(orgId, contactId), { query: { pageNo: String(pageNo) }, signal });
}
