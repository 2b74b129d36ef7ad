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

/** The most opt-in groups an organisation offers its members (the subscriptions page lists them all). */
export const MAX_OPT_IN_GROUPS = 500;

/** The groups members of `orgId` may join themselves (§3 Group opt-in), by name, at most MAX_OPT_IN_GROUPS. */
export async function findOptInGroups(db: Db, orgId: string) {
  return db.select({ id: groups.groupId, name: groups.name, parentId: groups.parentGroupId }).from(groups)
    .where(and(eq(groups.orgId, orgId), eq(groups.optIn, true))).orderBy(asc(groups.name), asc(groups.groupId)).limit(MAX_OPT_IN_GROUPS);
}

/** Which of `groupIds` the member is in. */
export async function findMemberGroupIds(db: Db, orgId: string, contactId: number, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.select({ groupId: groupMembers.groupId }).from(groupMembers)
    .where(and(membershipsOf(orgId, contactId), inArray(groupMembers.groupId, [...groupIds])));
  return rows.map((row) => row.groupId);
}

/** Puts the member in `add` and takes them out of `remove`, in one transaction. */
export async function changeMemberGroups(db: Db, orgId: string, contactId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length > 0) await tx.delete(groupMembers).where(and(membershipsOf(orgId, contactId), inArray(groupMembers.groupId, [...remove])));
    if (add.length > 0) await tx.insert(groupMembers).values(add.map((groupId) => ({ orgId, contactId, groupId }))).onConflictDoNothing();
  });
}

/** One group members may opt into, and the one it is listed under (by name). For the demo organisations. */
export interface OptInGroupSeed {
  name: string;
  parent?: string;
}

/** Makes the opt-in groups of `orgId` (parents before children). For the demo organisations. */
export async function createOptInGroups(db: Db, orgId: string, seeds: readonly OptInGroupSeed[]): Promise<void> {
  const ids = new Map<string, number>();
  for (const seed of seeds) {
    const parentGroupId = seed.parent === undefined ? null : ids.get(seed.parent) ?? null;
    const [row] = await db.insert(groups).values({ orgId, name: seed.name, optIn: true, parentGroupId })
      .onConflictDoUpdate({ target: [groups.orgId, groups.name], set: { optIn: true, parentGroupId } }).returning({ groupId: groups.groupId });
    ids.set(seed.name, row!.groupId);
  }
}

/** The groups the member is in, by id (at most MAX_OPT_IN_GROUPS): whom incident topics are offered to. */
export async function findMemberGroups(db: Db, orgId: string, contactId: number) {
  return db.select({ groupId: groups.groupId, name: groups.name }).from(groupMembers)
    .innerJoin(groups, and(eq(groups.orgId, groupMembers.orgId), eq(groups.groupId, groupMembers.groupId)))
    .where(membershipsOf(orgId, contactId)).orderBy(asc(groups.groupId)).limit(MAX_OPT_IN_GROUPS);
}

/** The names of the groups `groupIds` of `orgId` (ids of another organisation name none). */
export async function findGroupNames(db: Db, orgId: string, groupIds: readonly number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.select({ name: groups.name }).from(groups).where(and(eq(groups.orgId, orgId), inArray(groups.groupId, [...groupIds])));
  return rows.map((row) => row.name);
}
