/**
 * A member's expected (travel) locations (§3 Expected location, table `expected_locations`): a page
 * of them in the order asked, added (at most `limit`, counted in the statement that adds), changed and
 * removed by id, always within the member's own rows.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { expectedLocations } from '../db/schema.ts';
import type { AddressValues } from './addresses.ts';

export type ExpectedLocationRow = typeof expectedLocations.$inferSelect;
export type ExpectedLocationValues = AddressValues & { arriveDate: string; expireDate: string };
export type ExpectedLocationOrder = 'arriveDate' | 'expireDate' | 'locationName';

const ORDER_COLUMNS = {
  arriveDate: expectedLocations.arriveDate,
  expireDate: expectedLocations.expireDate,
  locationName: expectedLocations.locationName,
} as const;

const ofContact = (orgId: string, contactId: number) => and(eq(expectedLocations.orgId, orgId), eq(expectedLocations.contactId, contactId));

/** Page `pageNo` (from 1) of `pageSize`, ordered by `order` (then by id, so that pages never overlap), and how many there are. */
export async function pageOfExpectedLocations(
  db: Db, orgId: string, contactId: number, page: { pageNo: number; pageSize: number; order: ExpectedLocationOrder; descending: boolean },
): Promise<{ rows: ExpectedLocationRow[]; total: number }> {
  const direction = page.descending ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db.select().from(expectedLocations).where(ofContact(orgId, contactId))
      .orderBy(direction(ORDER_COLUMNS[page.order]), direction(expectedLocations.expectedLocationId))
      .limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize),
    db.select({ total: count() }).from(expectedLocations).where(ofContact(orgId, contactId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Adds one unless the contact has `limit` already: its id, or null. */
export async function insertExpectedLocation(db: Db, orgId: string, contactId: number, values: ExpectedLocationValues, limit: number): Promise<number | null> {
  const added = await db.execute(sql`
    insert into expected_locations (org_id, contact_id, location_name, street_address, suite, city, state, postal_code, country, lat, lon,
      address_geocoding_source, location_source, arrive_date, expire_date)
    select ${orgId}, ${contactId}, ${values.locationName}, ${values.streetAddress}, ${values.suite}, ${values.city}, ${values.state}, ${values.postalCode},
      ${values.country}, ${values.lat}::float8, ${values.lon}::float8, ${values.addressGeoCodingSource}, ${values.locationSource}, ${values.arriveDate}, ${values.expireDate}
    where (select count(*) from expected_locations where org_id = ${orgId} and contact_id = ${contactId}) < ${limit}
    returning expected_location_id`);
  const [row] = (added as unknown as { rows: { expected_location_id: number }[] }).rows;
  return row ? Number(row.expected_location_id) : null;
}

/** Changes the contact's expected location `id`: whether there was one. */
export async function updateExpectedLocation(db: Db, orgId: string, contactId: number, id: number, values: ExpectedLocationValues): Promise<boolean> {
  const changed = await db.update(expectedLocations).set(values)
    .where(and(ofContact(orgId, contactId), eq(expectedLocations.expectedLocationId, id))).returning({ id: expectedLocations.expectedLocationId });
  return changed.length === 1;
}

/** Removes the contact's expected location `id`: whether there was one. */
export async function deleteExpectedLocation(db: Db, orgId: string, contactId: number, id: number): Promise<boolean> {
  const removed = await db.delete(expectedLocations)
    .where(and(ofContact(orgId, contactId), eq(expectedLocations.expectedLocationId, id))).returning({ id: expectedLocations.expectedLocationId });
  return removed.length === 1;
}
