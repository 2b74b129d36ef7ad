/**
 * §2 home's group-membership list, the member's own: `GET /{orgId}/{contactId}/groupMemberships?pageNo&pageSize`
 * → `{ total, pageNo, pageSize, list: [{ groupId, groupName }] }` (§3 Group membership), by name.
 * §7 does not name this call (its list of paths leaves "similar named actions" unshown); this is ours.
 * 10 a page by default (§2 "10 per page"), at most 50; a page past the last answers an empty list.
 * 404 `groupMembership.notShown` when the organisation does not show the list (`groupMemberShipSetting.exposed`).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';

/** §2 "10 per page". */
export const GROUP_PAGE_SIZE = 10;
export const MAX_GROUP_PAGE_SIZE = 50;
/** The longest group name kept. */
export const MAX_GROUP_NAME_LENGTH = 200;

export const GroupMembershipsQuery = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_GROUP_PAGE_SIZE, default: GROUP_PAGE_SIZE })),
});
export type GroupMembershipsQuery = Static<typeof GroupMembershipsQuery>;

export const GroupMembership = Type.Object({ groupId: Type.Integer(), groupName: Type.String() });
export type GroupMembership = Static<typeof GroupMembership>;

export const GroupMembershipsAnswer = Type.Object({
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  list: Type.Array(GroupMembership),
});
export type GroupMembershipsAnswer = Static<typeof GroupMembershipsAnswer>;
