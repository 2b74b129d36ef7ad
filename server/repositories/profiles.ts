/**
 * A member's profile and contact paths (§3 Profile, Contact path, Quiet time) as the profile calls
 * read and save them, organisation first in every query.
 *
 * A save is one transaction that first moves `contacts.profile_version` on from the version the
 * member edited (issue 12 "Safety"): `UPDATE … WHERE profile_version = expected` takes the contact's
 * row lock, so of two saves of one version the second waits for the first and then finds the
 * version moved on: it changes nothing and answers the conflict. A save refused inside (an external
 * id taken meanwhile, by the unique index) rolls back whole.
 */
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { ContactPathType } from '../../schemas/entities.ts';
import type { ContactPathValues } from '../../schemas/profile/formData.ts';
import type { ProfileChanges, StoredProfile } from '../../schemas/profile/fromPayload.ts';
import type { Db } from '../db/client.ts';
import { contactPaths, contacts } from '../db/schema.ts';
import { violatedUniqueIndex, type StoredContactPath } from './accounts.ts';
import type { Contact } from './contacts.ts';
import { confirmPathsBut } from './pathConfirmations.ts';

const ofContact = (orgId: string, contactId: number) => and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId));
const pathsOf = (orgId: string, contactId: number) => and(eq(contactPaths.orgId, orgId), eq(contactPaths.contactId, contactId));

/** A stored path as the profile reads it. */
export function contactPathValues(row: StoredContactPath): ContactPathValues {
  return {
    pathId: row.pathId,
    type: row.pathType as ContactPathType,
    value: row.value,
    countryCode: row.countryCode,
    noValidate: row.noValidate,
    phoneExt: row.phoneExt,
    pin: row.pin,
    systemRequirement: row.systemRequirement,
    waitTime: row.waitTime,
    pathEnable: row.pathEnable,
    quietTimeFrames: row.quietTimeFrames,
  };
}

export interface MemberProfileRecord {
  contact: Contact;
  /** The profile as the save reads it: the contact's fields and its paths in the member's order. */
  profile: StoredProfile;
  /** Each stored path's confirmed value (`contact_paths.confirmed_key`; services/pathConfirmation.ts). */
  confirmedKeys: ReadonlyMap<number, string | null>;
}

/** The member's contact and paths (their order: sortOrder, then pathId), or null when there is no such contact. */
export async function findMemberProfile(db: Db, orgId: string, contactId: number): Promise<MemberProfileRecord | null> {
  const [contact] = await db.select().from(contacts).where(ofContact(orgId, contactId));
  if (!contact) return null;
  const rows = await db.select().from(contactPaths).where(pathsOf(orgId, contactId)).orderBy(asc(contactPaths.sortOrder), asc(contactPaths.pathId));
  return {
    contact,
    profile: {
      firstName: contact.firstName, lastName: contact.lastName, middleInitial: contact.middleInitial, suffix: contact.suffix,
      externalId: contact.externalId, email: contact.email, preferredLanguage: contact.preferredLanguage, timeZone: contact.timeZone,
      contactPaths: rows.map(contactPathValues),
    },
    confirmedKeys: new Map(rows.map((row) => [row.pathId, row.confirmedKey])),
  };
}

/** The version a member's profile is at, or null when there is no such contact. */
export async function findProfileVersion(db: Db, orgId: string, contactId: number): Promise<number | null> {
  const [row] = await db.select({ profileVersion: contacts.profileVersion }).from(contacts).where(ofContact(orgId, contactId));
  return row?.profileVersion ?? null;
}

/** Whether a contact of `orgId` other than `contactId` has the external id `externalId` (§5 server uniqueness). */
export async function isExternalIdTaken(db: Db, orgId: string, externalId: string, contactId: number): Promise<boolean> {
  const [row] = await db.select({ contactId: contacts.contactId }).from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.externalId, externalId), ne(contacts.contactId, contactId))).limit(1);
  return row !== undefined;
}

export type SaveProfileOutcome =
  | { ok: true; profileVersion: number }
  /** Another save came first: nothing was changed; the version now stored (null: the contact is gone). */
  | { ok: false; refusal: 'conflict'; profileVersion: number | null }
  | { ok: false; refusal: 'externalId.taken' };

class Conflict extends Error {}

/**
 * Saves `changes` and the member's whole list of paths (`paths`, in order: sortOrder is the position)
 * if the profile is still at `expectedVersion`, and moves the version on; otherwise changes nothing.
 */
export async function saveMemberProfile(
  db: Db, orgId: string, contactId: number, expectedVersion: number, changes: ProfileChanges, paths: readonly ContactPathValues[],
): Promise<SaveProfileOutcome> {
  try {
    const profileVersion = await db.transaction(async (tx) => {
      const { preferredLanguage, firstName, lastName, ...rest } = changes;
      const [moved] = await tx.update(contacts)
        .set({
          ...rest,
          // Columns that hold a value always: an unchanged one is not written.
          ...(preferredLanguage ? { preferredLanguage } : {}),
          ...(firstName !== undefined ? { firstName: firstName ?? '' } : {}),
          ...(lastName !== undefined ? { lastName: lastName ?? '' } : {}),
          profileVersion: expectedVersion + 1,
        })
        .where(and(ofContact(orgId, contactId), eq(contacts.profileVersion, expectedVersion)))
        .returning({ profileVersion: contacts.profileVersion });
      if (!moved) throw new Conflict();
      const pathIds = paths.map((path) => path.pathId);
      await tx.delete(contactPaths).where(pathIds.length > 0 ? and(pathsOf(orgId, contactId), notInArray(contactPaths.pathId, pathIds)) : pathsOf(orgId, contactId));
      for (const [sortOrder, path] of paths.entries()) {
        const row = {
          pathType: path.type, value: path.value, countryCode: path.countryCode, noValidate: path.noValidate, phoneExt: path.phoneExt, pin: path.pin,
          systemRequirement: path.systemRequirement, waitTime: path.waitTime, pathEnable: path.pathEnable, sortOrder, quietTimeFrames: path.quietTimeFrames,
        };
        await tx.insert(contactPaths).values({ orgId, contactId, pathId: path.pathId, ...row })
          .onConflictDoUpdate({ target: [contactPaths.orgId, contactPaths.contactId, contactPaths.pathId], set: row });
      }
      return moved.profileVersion;
    });
    return { ok: true, profileVersion };
  } catch (error) {
    if (error instanceof Conflict) return { ok: false, refusal: 'conflict', profileVersion: await findProfileVersion(db, orgId, contactId) };
    if (violatedUniqueIndex(error) === 'contacts_org_external_id_idx') return { ok: false, refusal: 'externalId.taken' };
    throw error;
  }
}

/** The demo seed's profile of a demo member (server/services/demoSeed.ts): their profile fields and paths, confirmed but for `unconfirmed`. */
export async function storeDemoProfile(
  db: Db, orgId: string, username: string, changes: ProfileChanges, paths: readonly ContactPathValues[], unconfirmed: readonly number[] = [],
): Promise<void> {
  const [contact] = await db.select({ contactId: contacts.contactId, profileVersion: contacts.profileVersion }).from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.username, username)));
  if (!contact) throw new Error(`no demo member ${username} in ${orgId}`);
  const saved = await saveMemberProfile(db, orgId, contact.contactId, contact.profileVersion, changes, paths);
  if (!saved.ok) throw new Error(`the demo profile of ${username} in ${orgId} was not stored: ${saved.refusal}`);
  await confirmPathsBut(db, orgId, contact.contactId, unconfirmed);
}
