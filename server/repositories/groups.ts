/**
 * An organisation's groups and who belongs to them (§3 Group membership; tables `groups`,
 * `group_members`), organisation first in every query.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { groupMembers, groups } from '../db/schema.ts';

const membershipsOf = (orgId: string, contactId: number) => and(eq(groupMembers.orgId, orgId), eq(groupMembers.contactId, contactId));

/** One page of the groups `contactId` belongs to, by name, and how many there are. */
export async function findGroupMemberships(db: Db, orgId: string, contactId: number, page: { offset: number; limit: number }) {
  const [list, [counted]] = await Promise.all([
    db.select({ groupId: groups.groupId, groupName: groups.name }).from(groupMembers)
      .innerJoin(groups, and(eq(groups.orgId, groupMembers.orgId), eq(groups.groupId, groupMembers.groupId)))
      .where(membershipsOf(orgId, contactId)).orderBy(asc(groups.name), asc(groups.groupId)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(groupMembers).where(membershipsOf(orgId, contactId)),
  ]);
  return { list, total: counted?.total ?? 0 };
}

/** Makes the groups `names` of `orgId` (those that exist are kept) and puts `contactId` in them. For the demo organisations. */
export async function joinGroups(db: Db, orgId: string, contactId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.insert(groups).values(names.map((name) => ({ orgId, name }))).onConflictDoNothing();
  const rows = await db.select({ groupId: groups.groupId }).from(groups).where(and(eq(groups.orgId, orgId), inArray(groups.name, [...names])));
  await db.insert(groupMembers).values(rows.map(({ groupId }) => ({ orgId, contactId, groupId }))).onConflictDoNothing();
}
