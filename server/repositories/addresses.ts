/**
 * A member's static locations (§3 Address, table `addresses`): listed, added (at most `limit`,
 * counted in the statement that adds, so two saves at once cannot pass it), changed by id, removed
 * by name (§7 "delete = POST … with _method DELETE and name"). A name is unique per contact without
 * regard to case (the index `addresses_contact_name_idx`): a save that meets it is refused, nothing
 * written.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addresses } from '../db/schema.ts';
import { violatedUniqueIndex } from './accounts.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** The fields a member's save writes. */
export interface AddressValues {
  locationName: string;
  streetAddress: string;
  suite: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
  addressGeoCodingSource: string | null;
  locationSource: string;
}

export type AddressWriteResult = { ok: true } | { ok: false; reason: 'nameTaken' | 'limit' | 'notFound' };

const nameTaken = (error: unknown) => violatedUniqueIndex(error) === 'addresses_contact_name_idx';

/** The contact's first `limit` locations, oldest first. */
export function listAddresses(db: Db, orgId: string, contactId: number, limit: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, contactId)))
    .orderBy(asc(addresses.locationId)).limit(limit);
}

/** Adds a location unless the contact has `limit` already. */
export async function insertAddress(db: Db, orgId: string, contactId: number, values: AddressValues, limit: number): Promise<AddressWriteResult> {
  try {
    const added = await db.execute(sql`
      insert into addresses (org_id, contact_id, location_name, street_address, suite, city, state, postal_code, country, lat, lon, address_geocoding_source, location_source)
      select ${orgId}, ${contactId}, ${values.locationName}, ${values.streetAddress}, ${values.suite}, ${values.city}, ${values.state}, ${values.postalCode},
        ${values.country}, ${values.lat}::float8, ${values.lon}::float8, ${values.addressGeoCodingSource}, ${values.locationSource}
      where (select count(*) from addresses where org_id = ${orgId} and contact_id = ${contactId}) < ${limit}
      returning location_id`);
    return (added as unknown as { rows: unknown[] }).rows.length === 1 ? { ok: true } : { ok: false, reason: 'limit' };
  } catch (error) {
    if (nameTaken(error)) return { ok: false, reason: 'nameTaken' };
    throw error;
  }
}

/** Changes the contact's location `locationId`. */
export async function updateAddress(db: Db, orgId: string, contactId: number, locationId: number, values: AddressValues): Promise<AddressWriteResult> {
  try {
    const changed = await db.update(addresses).set(values)
      .where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, contactId), eq(addresses.locationId, locationId)))
      .returning({ locationId: addresses.locationId });
    return changed.length === 1 ? { ok: true } : { ok: false, reason: 'notFound' };
  } catch (error) {
    if (nameTaken(error)) return { ok: false, reason: 'nameTaken' };
    throw error;
  }
}

/**
 * Removes the contact's location named `name` (without regard to case); with `keepOne`, not the last
 * one. Answers how it went.
 */
export async function deleteAddressByName(db: Db, orgId: string, contactId: number, name: string, keepOne: boolean): Promise<'deleted' | 'notFound' | 'last'> {
  const removed = await db.execute(sql`
    with target as (
      select location_id from addresses where org_id = ${orgId} and contact_id = ${contactId} and lower(location_name) = ${name.toLowerCase()}
    ), allowed as (
      select 1 where not ${keepOne} or (select count(*) from addresses where org_id = ${orgId} and contact_id = ${contactId}) > 1
    )
    delete from addresses where org_id = ${orgId} and location_id in (select location_id from target) and exists (select from allowed)
    returning location_id`);
  if ((removed as unknown as { rows: unknown[] }).rows.length > 0) return 'deleted';
  const [exists] = await db.select({ id: addresses.locationId }).from(addresses)
    .where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, contactId), sql`lower(${addresses.locationName}) = ${name.toLowerCase()}`)).limit(1);
  return exists ? 'last' : 'notFound';
}

/** Whether the contact has a location named `name` (without regard to case), other than `except`. */
export async function locationNameUsed(db: Db, orgId: string, contactId: number, name: string, except: string | null): Promise<boolean> {
  const [row] = await db.select({ id: addresses.locationId }).from(addresses).where(and(
    eq(addresses.orgId, orgId), eq(addresses.contactId, contactId), sql`lower(${addresses.locationName}) = ${name.trim().toLowerCase()}`,
    ...(except ? [sql`lower(${addresses.locationName}) <> ${except.trim().toLowerCase()}`] : []),
  )).limit(1);
  return row !== undefined;
}
