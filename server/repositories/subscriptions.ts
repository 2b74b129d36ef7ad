/**
 * A member's alert subscriptions (§3 Subscriptions; table `member_subscriptions`, one row per
 * member), organisation first in every query.
 */
import { and, eq } from 'drizzle-orm';
import type { NoDisturb } from '../../schemas/entities.ts';
import type { Db } from '../db/client.ts';
import { contacts, memberSubscriptions } from '../db/schema.ts';

export interface StoredSubscriptions {
  serviceIds: number[];
  weatherCategories: string[];
  noDisturb: NoDisturb | null;
}

const NONE: StoredSubscriptions = { serviceIds: [], weatherCategories: [], noDisturb: null };

/** What the member chose; nothing chosen when there is no row. */
export async function findSubscriptions(db: Db, orgId: string, contactId: number): Promise<StoredSubscriptions> {
  const [row] = await db.select({ serviceIds: memberSubscriptions.serviceIds, weatherCategories: memberSubscriptions.weatherCategories, noDisturb: memberSubscriptions.noDisturb })
    .from(memberSubscriptions).where(and(eq(memberSubscriptions.orgId, orgId), eq(memberSubscriptions.contactId, contactId)));
  return row ?? NONE;
}

/**
 * Replaces the member's choice, the contact's row locked first so two saves of one member run one
 * after the other. False when there is no such contact (nothing is written).
 */
export async function saveSubscriptions(db: Db, orgId: string, contactId: number, chosen: StoredSubscriptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contact] = await tx.select({ contactId: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId))).for('update');
    if (!contact) return false;
    const values = { ...chosen, updatedAt: new Date() };
    await tx.insert(memberSubscriptions).values({ orgId, contactId, ...values })
      .onConflictDoUpdate({ target: [memberSubscriptions.orgId, memberSubscriptions.contactId], set: values });
    return true;
  });
}
