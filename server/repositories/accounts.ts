/**
 * A member's account as sign-up stores it (§7 signUp and the public-portal register): the contact,
 * its contact paths and its address in ONE transaction, so a refused or failed sign-up leaves nothing
 * behind; and what userInfo reads back of an invited contact. The unique indexes are the one
 * uniqueness check at creation (a username taken without regard to case, a location name twice for
 * one contact): their violation is answered as a refusal, so two sign-ups racing for one name cannot
 * both win.
 */
import { LOCATION_SOURCE } from '../../schemas/api/addresses.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ContactAddressVo, SignUpContactPath } from '../../schemas/signUp/payload.ts';
import type { Db } from '../db/client.ts';
import { addresses, contactPaths, contacts, publicProfiles } from '../db/schema.ts';

export interface NewAccount {
  /** An invited, unregistered contact of the organisation to complete instead of inserting a new one. */
  invitedContactId?: number;
  contact: {
    /** Null for a public-portal account (it signs in at the portal). */
    username: string | null;
    /** argon2id; null for a public-portal account. */
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    email: string | null;
    preferredLanguage: string;
    securityQuestion: string | null;
    /** argon2id of the trimmed, lower-cased answer. */
    securityAnswerHash: string | null;
    /** The public-portal profile the account is made from (new-profile); at most one account per profile. */
    publicProfileId?: string | null;
  };
  contactPaths: SignUpContactPath[];
  address: ContactAddressVo | null;
}

export type AccountRefusal = 'username.taken' | 'locationName.taken' | 'invitation.used' | 'publicProfile.used';

export type CreateAccountResult = { ok: true; contactId: number } | { ok: false; refusal: AccountRefusal };

/** Thrown inside the transaction to roll it back; answered as a refusal. */
class Refused extends Error {
  constructor(readonly refusal: AccountRefusal) {
    super(`account not created: ${refusal}`);
  }
}

/** The unique index PostgreSQL's unique_violation names, wherever a driver or Drizzle has wrapped it; null for any other error. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The unique indexes a sign-up can meet (server/db/schema.ts): the username, and an invited contact's location names. */
const REFUSAL_OF_INDEX: Record<string, AccountRefusal> = {
  contacts_org_username_idx: 'username.taken',
  addresses_contact_name_idx: 'locationName.taken',
};

/** Stores `account` in `orgId` and answers its contactId, or why it may not be stored (then nothing was). */
export async function createAccount(db: Db, orgId: string, account: NewAccount): Promise<CreateAccountResult> {
  try {
    const contactId = await db.transaction(async (tx) => {
      const profileId = account.contact.publicProfileId ?? null;
      if (profileId !== null) {
        // Holding the profile's row makes concurrent registrations with one profile wait for each other.
        await tx.select({ profileId: publicProfiles.profileId }).from(publicProfiles)
          .where(and(eq(publicProfiles.orgId, orgId), eq(publicProfiles.profileId, profileId))).for('update');
        const [holder] = await tx.select({ contactId: contacts.contactId }).from(contacts)
          .where(and(eq(contacts.orgId, orgId), eq(contacts.publicProfileId, profileId))).limit(1);
        if (holder) throw new Refused('publicProfile.used');
      }

      const values = { ...account.contact, publicProfileId: profileId, registered: true };
      let id: number;
      if (account.invitedContactId !== undefined) {
        const [completed] = await tx.update(contacts).set(values)
          .where(and(
            eq(contacts.orgId, orgId), eq(contacts.contactId, account.invitedContactId),
            eq(contacts.registered, false), isNull(contacts.username),
          ))
          .returning({ contactId: contacts.contactId });
        if (!completed) throw new Refused('invitation.used');
        id = completed.contactId;
      } else {
        const [inserted] = await tx.insert(contacts).values({ orgId, ...values }).returning({ contactId: contacts.contactId });
        id = inserted!.contactId;
      }

      const rows = account.contactPaths.map((path, sortOrder) => ({
        orgId, contactId: id, pathId: path.pathId, pathType: path.pathType, value: path.value,
        countryCode: path.countryCode ?? null, noValidate: path.noValidate ?? false, sortOrder,
      }));
      // An invited contact may already have paths the organisation entered: the member's own win.
      for (const row of rows) {
        await tx.insert(contactPaths).values(row).onConflictDoUpdate({
          target: [contactPaths.orgId, contactPaths.contactId, contactPaths.pathId],
          set: { pathType: row.pathType, value: row.value, countryCode: row.countryCode, noValidate: row.noValidate, sortOrder: row.sortOrder },
        });
      }

      if (account.address) {
        const a = account.address;
        const orNull = (text: string) => (text === '' ? null : text);
        await tx.insert(addresses).values({
          orgId, contactId: id, locationName: a.locationName, streetAddress: a.streetAddress, suite: orNull(a.suite), city: orNull(a.city),
          state: orNull(a.state), postalCode: orNull(a.postalCode), country: orNull(a.country), lat: a.lat, lon: a.lon,
          addressGeoCodingSource: orNull(a.addressGeoCodingSource), locationSource: LOCATION_SOURCE,
        });
      }
      return id;
    });
    return { ok: true, contactId };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    const index = violatedUniqueIndex(error);
    const refusal = index === null ? undefined : REFUSAL_OF_INDEX[index];
    if (refusal) return { ok: false, refusal };
    throw error;
  }
}

export type StoredContactPath = typeof contactPaths.$inferSelect;
export type StoredAddress = typeof addresses.$inferSelect;

/** A contact's paths in the order the member gave them. */
export function findContactPaths(db: Db, orgId: string, contactId: number): Promise<StoredContactPath[]> {
  return db.select().from(contactPaths)
    .where(and(eq(contactPaths.orgId, orgId), eq(contactPaths.contactId, contactId))).orderBy(asc(contactPaths.sortOrder));
}

/** A contact's locations, oldest first. */
export function findAddresses(db: Db, orgId: string, contactId: number): Promise<StoredAddress[]> {
  return db.select().from(addresses)
    .where(and(eq(addresses.orgId, orgId), eq(addresses.contactId, contactId))).orderBy(asc(addresses.locationId));
}
