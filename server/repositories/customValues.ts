/**
 * A member's custom-field values (§3 Custom field `savedValues`, table `contact_custom_values`),
 * organisation first in every query. Only the fields the caller names are read: values kept under an
 * attrId the organisation no longer shows are never answered, and a save deletes them.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactCustomValues, contacts } from '../db/schema.ts';

const valuesOf = (orgId: string, contactId: number) => and(eq(contactCustomValues.orgId, orgId), eq(contactCustomValues.contactId, contactId));

/** The member's saved values of the fields `attrIds`, by attrId (a field without any is absent). */
export async function findCustomValues(db: Db, orgId: string, contactId: number, attrIds: readonly number[]): Promise<Map<number, string[]>> {
  if (attrIds.length === 0) return new Map();
  const rows = await db.select({ attrId: contactCustomValues.attrId, values: contactCustomValues.values }).from(contactCustomValues)
    .where(and(valuesOf(orgId, contactId), inArray(contactCustomValues.attrId, [...attrIds])));
  return new Map(rows.map((row) => [row.attrId, row.values]));
}

/** One field's values to store; `[]` deletes the field's row. */
export interface CustomValuesChange {
  attrId: number;
  values: string[];
}

/**
 * Stores `changes` in one transaction, and deletes the member's values of every field not in
 * `shownAttrIds` (fields the organisation removed), so what is kept stays bounded. The contact's row
 * is locked first: two saves of one member run one after the other. False when there is no such
 * contact (nothing is written).
 */
export async function saveCustomValues(
  db: Db, orgId: string, contactId: number, changes: readonly CustomValuesChange[], shownAttrIds: readonly number[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contact] = await tx.select({ contactId: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId))).for('update');
    if (!contact) return false;
    await tx.delete(contactCustomValues)
      .where(shownAttrIds.length > 0 ? and(valuesOf(orgId, contactId), notInArray(contactCustomValues.attrId, [...shownAttrIds])) : valuesOf(orgId, contactId));
    for (const { attrId, values } of changes) {
      if (values.length === 0) {
        await tx.delete(contactCustomValues).where(and(valuesOf(orgId, contactId), eq(contactCustomValues.attrId, attrId)));
        continue;
      }
      const updatedAt = new Date();
      await tx.insert(contactCustomValues).values({ orgId, contactId, attrId, values, updatedAt })
        .onConflictDoUpdate({ target: [contactCustomValues.orgId, contactCustomValues.contactId, contactCustomValues.attrId], set: { values, updatedAt } });
    }
    return true;
  });
}
