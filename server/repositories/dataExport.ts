/**
 * The rows of one member that "download my data" (services/dataExport.ts) reads and no other
 * repository answers: locations (static and expected), every custom-field value kept, the subscriptions, the open sign-ins, test
 * notifications, deliveries and access keys. Organisation first in every query; only columns that
 * are no secret are selected (no hashes, no tokens), so a secret cannot reach the export by mistake.
 */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { MAX_EXPORTED_ROWS } from '../../schemas/api/dataExport.ts';
import { findGroupMemberships } from './groups.ts';
import type { Db } from '../db/client.ts';
import { accessKeys, addresses, contactCustomValues, deliveryOutbox, expectedLocations, memberSubscriptions, sessionLogins, sessions, testNotifications } from '../db/schema.ts';

export async function findExportRows(db: Db, orgId: string, contactId: number, now: Date) {
  const [locations, travel, customValues, openSignIns, tests, deliveries, [deliveryCount], keys, memberships, [subscriptions]] = await Promise.all([
    db.select({
      name: addresses.locationName, streetAddress: addresses.streetAddress, suite: addresses.suite, city: addresses.city, state: addresses.state,
      postalCode: addresses.postalCode, country: addresses.country, latitude: addresses.lat, longitude: addresses.lon,
      source: addresses.locationSource, createdAt: addresses.createdAt,
    }).from(addresses).where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, contactId))).orderBy(addresses.locationId).limit(MAX_EXPORTED_ROWS),
    db.select({
      name: expectedLocations.locationName, streetAddress: expectedLocations.streetAddress, suite: expectedLocations.suite, city: expectedLocations.city,
      state: expectedLocations.state, postalCode: expectedLocations.postalCode, country: expectedLocations.country, latitude: expectedLocations.lat,
      longitude: expectedLocations.lon, source: expectedLocations.locationSource, createdAt: expectedLocations.createdAt,
      arriveDate: expectedLocations.arriveDate, expireDate: expectedLocations.expireDate,
    }).from(expectedLocations).where(and(eq(expectedLocations.orgId, orgId), eq(expectedLocations.contactId, contactId)))
      .orderBy(expectedLocations.arriveDate, expectedLocations.expectedLocationId).limit(MAX_EXPORTED_ROWS),
    db.select({ attrId: contactCustomValues.attrId, values: contactCustomValues.values, updatedAt: contactCustomValues.updatedAt }).from(contactCustomValues)
      .where(and(eq(contactCustomValues.orgId, orgId), eq(contactCustomValues.contactId, contactId))).orderBy(contactCustomValues.attrId).limit(MAX_EXPORTED_ROWS),
    db.select({ signedInAt: sessionLogins.createdAt }).from(sessionLogins).innerJoin(sessions, eq(sessions.sessionHash, sessionLogins.sessionHash))
      .where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.contactId, contactId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessionLogins.createdAt)).limit(MAX_EXPORTED_ROWS),
    db.select({ pathId: testNotifications.pathId, sentAt: testNotifications.sentAt, outcome: testNotifications.outcome, errorCode: testNotifications.errorCode })
      .from(testNotifications).where(and(eq(testNotifications.orgId, orgId), eq(testNotifications.contactId, contactId))).orderBy(testNotifications.pathId),
    db.select({
      kind: deliveryOutbox.kind, pathType: deliveryOutbox.pathType, recipient: deliveryOutbox.recipientMasked, outcome: deliveryOutbox.outcome,
      errorCode: deliveryOutbox.errorCode, createdAt: deliveryOutbox.createdAt,
    }).from(deliveryOutbox).where(and(eq(deliveryOutbox.orgId, orgId), eq(deliveryOutbox.contactId, contactId)))
      .orderBy(desc(deliveryOutbox.createdAt), desc(deliveryOutbox.deliveryId)).limit(MAX_EXPORTED_ROWS),
    db.select({ total: count() }).from(deliveryOutbox).where(and(eq(deliveryOutbox.orgId, orgId), eq(deliveryOutbox.contactId, contactId))),
    db.select({ createdAt: accessKeys.createdAt, expiresAt: accessKeys.expiresAt }).from(accessKeys)
      .where(and(eq(accessKeys.orgId, orgId), eq(accessKeys.contactId, contactId))).orderBy(desc(accessKeys.createdAt)).limit(MAX_EXPORTED_ROWS),
    findGroupMemberships(db, orgId, contactId, { offset: 0, limit: MAX_EXPORTED_ROWS }),
    db.select({
      serviceIds: memberSubscriptions.serviceIds, weatherCategories: memberSubscriptions.weatherCategories,
      noDisturb: memberSubscriptions.noDisturb, updatedAt: memberSubscriptions.updatedAt,
    }).from(memberSubscriptions).where(and(eq(memberSubscriptions.orgId, orgId), eq(memberSubscriptions.contactId, contactId))),
  ]);
  return {
    locations, expectedLocations: travel, customValues, openSignIns, tests, deliveries, deliveriesTotal: deliveryCount?.total ?? 0, keys,
    groups: memberships.list, subscriptions: subscriptions ?? null,
  };
}
