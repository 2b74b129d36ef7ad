/**
 * Queries on `contacts` (§3 Contact): the members of an organisation, organisation first in every
 * call. A username is unique per organisation without regard to case (the unique index
 * contacts_org_username_idx on lower(username)), so it is looked up the same way, here only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Account } from '../../schemas/account.ts';
import type { OrgSettings } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { deleteAccessKeysOf } from './accessKeys.ts';
import { deleteSignInsOf } from './sessions.ts';

export type Contact = typeof contacts.$inferSelect;

const ofContact = (orgId: string, contactId: number) => and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId));

/** The contact of `orgId` whose username is `username` (without regard to case), or null. */
export async function findContactByUsername(db: Db, orgId: string, username: string): Promise<Contact | null> {
  const [row] = await db.select().from(contacts)
    .where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.username}) = ${username.toLowerCase()}`)).limit(1);
  return row ?? null;
}

export async function findContact(db: Db, orgId: string, contactId: number): Promise<Contact | null> {
  const [row] = await db.select().from(contacts).where(ofContact(orgId, contactId));
  return row ?? null;
}

/** The usernames registered with an e-mail address (without regard to case), for forgot username. */
export async function findUsernamesByEmail(db: Db, orgId: string, email: string): Promise<(string | null)[]> {
  const rows = await db.select({ username: contacts.username }).from(contacts)
    .where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.email}) = ${email.toLowerCase()}`));
  return rows.map((row) => row.username);
}

/**
 * §3 Account of a contact in one organisation, as the boot calls return it; `secureMessaging` (the
 * organisation's service addresses) decides whether a bridge the member has is shown.
 */
export async function findAccount(db: Db, orgId: string, contactId: number, secureMessaging: OrgSettings['secureMessaging']): Promise<Account | null> {
  const row = await findContact(db, orgId, contactId);
  if (!row) return null;
  const hasSecureBridge = row.hasSecureBridge && secureMessaging.secureBridgeUrl !== '';
  return {
    id: row.contactId,
    name: `${row.firstName} ${row.lastName}`.trim() || (row.username ?? ''),
    username: row.username,
    timeZone: row.timeZone,
    registered: row.registered,
    isMigrated: row.isMigrated,
    showEvent: row.showEvent,
    showOnCallSchedule: row.showOnCallSchedule,
    showDirectoryChat: row.showDirectoryChat,
    hasHipaaBridge: row.hasHipaaBridge && secureMessaging.hipaaBridgeUrl !== '',
    hasSecureBridge,
    sbWebUri: hasSecureBridge ? secureMessaging.secureBridgeUrl : '',
  };
}

/**
 * A new password, in one transaction: the expired marker goes with the old one, every session
 * sign-in of the contact ends (ASVS 5.0 §7.4, issue 9 row 10: the browser that changed it is signed
 * in again on a new session by its route) and their access keys are revoked (issue 9 row 16).
 */
export async function setPassword(db: Db, orgId: string, contactId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ passwordHash, passwordExpired: false }).where(ofContact(orgId, contactId));
    await deleteSignInsOf(tx, orgId, contactId);
    await deleteAccessKeysOf(tx, orgId, contactId);
  });
}

/** Deletes a contact; everything of theirs goes with it (the tenant tables cascade from contacts). */
export async function deleteContact(db: Db, orgId: string, contactId: number): Promise<void> {
  await db.delete(contacts).where(ofContact(orgId, contactId));
}

/**
 * The unregistered contact an invitation names: the one already pending for this e-mail address
 * (renamed as given), or a new one. Answers its contactId.
 */
export async function upsertInvitedContact(db: Db, orgId: string, person: { firstName: string; lastName: string; email: string }): Promise<number> {
  const { firstName, lastName, email } = person;
  const [pending] = await db.update(contacts).set({ firstName, lastName })
    .where(and(eq(contacts.orgId, orgId), eq(contacts.registered, false), isNull(contacts.username), sql`lower(${contacts.email}) = ${email.toLowerCase()}`))
    .returning({ contactId: contacts.contactId });
  if (pending) return pending.contactId;
  const [inserted] = await db.insert(contacts)
    .values({ orgId, username: null, passwordHash: null, firstName, lastName, email, registered: false })
    .returning({ contactId: contacts.contactId });
  return inserted!.contactId;
}
