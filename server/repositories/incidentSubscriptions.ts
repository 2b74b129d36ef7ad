/**
 * The incident topics a member follows (table `incident_subscriptions`), organisation first in every query.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contacts, incidentSubscriptions } from '../db/schema.ts';

/** The most topics a member follows (as many as an organisation may have). */
const MAX_FOLLOWED = 100;

const followedBy = (orgId: string, contactId: number) => and(eq(incidentSubscriptions.orgId, orgId), eq(incidentSubscriptions.contactId, contactId));

export async function findFollowedTopics(db: Db, orgId: string, contactId: number): Promise<string[]> {
  const rows = await db.select({ topicId: incidentSubscriptions.topicId }).from(incidentSubscriptions)
    .where(followedBy(orgId, contactId)).orderBy(asc(incidentSubscriptions.topicId)).limit(MAX_FOLLOWED);
  return rows.map((row) => row.topicId);
}

/** The member follows exactly `topicIds`, in one transaction with the contact's row locked. False when there is no such contact. */
export async function replaceFollowedTopics(db: Db, orgId: string, contactId: number, topicIds: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contact] = await tx.select({ contactId: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId))).for('update');
    if (!contact) return false;
    await tx.delete(incidentSubscriptions).where(followedBy(orgId, contactId));
    if (topicIds.length > 0) await tx.insert(incidentSubscriptions).values(topicIds.map((topicId) => ({ orgId, contactId, topicId })));
    return true;
  });
}
