/**
 * Download my data (issue 12, beyond the spec): everything the portal keeps about a member, as one
 * JSON document (schemas/api/dataExport.ts). The contact paths are read as the profile page reads
 * them (services/profile.ts readContactPaths: the organisation's names, the member's order), the
 * rest from the tables (repositories/dataExport.ts, which selects no secret column).
 */
import { EXPORT_FORMAT, type DataExportAnswer } from '../../schemas/api/dataExport.ts';
import { customFieldDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import type { Db } from '../db/client.ts';
import { findContact } from '../repositories/contacts.ts';
import { findExportRows } from '../repositories/dataExport.ts';
import type { Organization } from '../repositories/organizations.ts';
import { readContactPaths } from './profile.ts';
import { refuse, type Refusal } from './results.ts';

/**
 * What the portal does not keep about a member, said in the export so an absent section is not
 * taken for a lost one. Issue 13 (subscriptions) takes its line out when it stores them.
 */
const NOT_KEPT = [
  'Subscriptions: this portal does not store alert, group or incident subscriptions yet.',
  'Consents: this portal records none; signing up accepts the organisation\'s terms shown on the sign-up page.',
  'Ended sign-ins: only the sign-ins open now are kept; a sign-in is forgotten when it ends.',
  'Passwords and security answers: kept only as one-way hashes, which are not exported.',
];

const iso = (date: Date) => date.toISOString();

export async function exportMemberData(db: Db, org: Organization, contactId: number, now = new Date()): Promise<({ ok: true } & DataExportAnswer) | Refusal> {
  const contact = await findContact(db, org.orgId, contactId);
  if (!contact) return refuse(404, { errorCode: 'profile.notFound' });
  const paths = await readContactPaths(db, org, contactId);
  if (!paths.ok) return paths;
  const rows = await findExportRows(db, org.orgId, contactId, now);
  const fieldNames = new Map(customFieldDefinitionsOf(org.settings).map((field) => [field.attrId, field.name]));

  return {
    ok: true,
    format: EXPORT_FORMAT,
    exportedAt: iso(now),
    organization: { orgId: org.orgId, name: org.settings.orgName },
    account: {
      contactId: contact.contactId,
      username: contact.username,
      registered: contact.registered,
      hasPassword: contact.passwordHash !== null,
      securityQuestion: contact.securityQuestion,
      publicProfileId: contact.publicProfileId,
      createdAt: iso(contact.createdAt),
    },
    profile: {
      firstName: contact.firstName, middleInitial: contact.middleInitial, lastName: contact.lastName, suffix: contact.suffix,
      externalId: contact.externalId, email: contact.email, preferredLanguage: contact.preferredLanguage, timeZone: contact.timeZone,
    },
    // The paths the member has a value or a quiet time for, in their order.
    contactPaths: paths.contactPaths
      .filter((path) => path.value !== '' || path.quietTimeFrames.length > 0)
      .map((path, order) => ({
        pathId: path.pathId, name: path.name, type: path.type, value: path.value, countryCode: path.countryCode, phoneExt: path.phoneExt,
        pin: path.pin, pagerService: path.systemRequirement, receivesNotifications: path.pathEnable, confirmed: path.confirmed, order,
        quietTimes: path.quietTimeFrames,
      })),
    locations: rows.locations.map((location) => ({ ...location, createdAt: iso(location.createdAt) })),
    expectedLocations: rows.expectedLocations.map((location) => ({ ...location, createdAt: iso(location.createdAt) })),
    customFields: rows.customValues.map((row) => ({ attrId: row.attrId, name: fieldNames.get(row.attrId) ?? null, values: row.values, updatedAt: iso(row.updatedAt) })),
    groups: rows.groups,
    subscriptions: rows.subscriptions ? { ...rows.subscriptions, updatedAt: iso(rows.subscriptions.updatedAt) } : null,
    signIns: { open: rows.openSignIns.map((row) => ({ signedInAt: iso(row.signedInAt) })) },
    testNotifications: rows.tests.map((row) => ({ ...row, sentAt: iso(row.sentAt) })),
    deliveries: rows.deliveries.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    deliveriesTotal: rows.deliveriesTotal,
    accessKeys: rows.keys.map((row) => ({ createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) })),
    notKept: NOT_KEPT,
  };
}

/** The file's name: `springfield-42-data-2026-11-23.json`. */
export function exportFileName(orgId: string, contactId: number, now: Date): string {
  return `${orgId}-${contactId}-data-${now.toISOString().slice(0, 10)}.json`;
}
