/**
 * §2 home's group-membership list (schemas/api/groupMemberships.ts): one page of the groups the
 * member belongs to, when the organisation shows the list (`groupMemberShipSetting.exposed`).
 */
import { GROUP_PAGE_SIZE, type GroupMembershipsAnswer, type GroupMembershipsQuery } from '../../schemas/api/groupMemberships.ts';
import type { Db } from '../db/client.ts';
import { findGroupMemberships } from '../repositories/groups.ts';
import type { Organization } from '../repositories/organizations.ts';
import { refuse, type Refusal } from './results.ts';

export async function readGroupMemberships(
  db: Db, org: Organization, contactId: number, query: GroupMembershipsQuery,
): Promise<({ ok: true } & GroupMembershipsAnswer) | Refusal> {
  if (!org.settings.groupMemberShipSetting.exposed) return refuse(404, { errorCode: 'groupMembership.notShown' });
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? GROUP_PAGE_SIZE;
  const { list, total } = await findGroupMemberships(db, org.orgId, contactId, { offset: (pageNo - 1) * pageSize, limit: pageSize });
  return { ok: true, total, pageNo, pageSize, list };
}
