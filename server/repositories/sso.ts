/**
 * Queries of single sign-on (issue 15): the sign-ins under way (`sso_requests`), the SAML assertions
 * already accepted, who a member is at each identity provider, the identity provider's session behind
 * a portal sign-in (single logout) and the OpenID Connect client secrets.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactPaths, contacts, ssoClientSecrets, ssoIdentities, ssoRequests, ssoSignIns, ssoUsedAssertions } from '../db/schema.ts';
import { violatedUniqueIndex } from './accounts.ts';

export type SsoRequestRow = typeof ssoRequests.$inferSelect;

/** At most this many sign-ins under way per organisation: a flood of starts cannot fill the table. */
export const MAX_PENDING_REQUESTS = 10_000;

/** Stores a sign-in under way, unless the organisation already has MAX_PENDING_REQUESTS unexpired ones (then false). */
export async function insertSsoRequest(db: Db, row: typeof ssoRequests.$inferInsert): Promise<boolean> {
  const [{ pending }] = await db.select({ pending: sql<number>`count(*)::int` }).from(ssoRequests)
    .where(and(eq(ssoRequests.orgId, row.orgId), gt(ssoRequests.expiresAt, new Date()))) as [{ pending: number }];
  if (pending >= MAX_PENDING_REQUESTS) return false;
  await db.insert(ssoRequests).values(row);
  return true;
}

/** The unexpired sign-in under way `requestId` of `orgId` and provider, whatever its status; null when unknown or expired. */
export async function findSsoRequest(db: Db, orgId: string, providerId: string, requestId: string): Promise<SsoRequestRow | null> {
  const [row] = await db.select().from(ssoRequests).where(and(
    eq(ssoRequests.orgId, orgId), eq(ssoRequests.providerId, providerId), eq(ssoRequests.requestId, requestId), gt(ssoRequests.expiresAt, new Date()),
  ));
  return row ?? null;
}

/**
 * A SAML answer proved `identity` for the pending request: stored on it, once. False when the request
 * is not pending any more (another answer came first).
 */
export async function markSsoRequestAsserted(db: Db, orgId: string, requestId: string, identity: unknown): Promise<boolean> {
  const rows = await db.update(ssoRequests).set({ status: 'asserted', identity })
    .where(and(eq(ssoRequests.orgId, orgId), eq(ssoRequests.requestId, requestId), eq(ssoRequests.status, 'pending'), gt(ssoRequests.expiresAt, new Date())))
    .returning({ requestId: ssoRequests.requestId });
  return rows.length === 1;
}

/** Takes a request out for good (the sign-in it started is over); the row as it was, or null when another took it first. */
export async function takeSsoRequest(db: Db, orgId: string, requestId: string): Promise<SsoRequestRow | null> {
  const [row] = await db.delete(ssoRequests)
    .where(and(eq(ssoRequests.orgId, orgId), eq(ssoRequests.requestId, requestId), gt(ssoRequests.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/** Records an accepted assertion until it expires; false when it was accepted before (a replay). */
export async function recordAssertion(db: Db, orgId: string, providerId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(ssoUsedAssertions).values({ orgId, providerId, assertionId, expiresAt }).onConflictDoNothing()
    .returning({ assertionId: ssoUsedAssertions.assertionId });
  return rows.length === 1;
}

/** Whether an assertion was accepted before (and is still kept). */
export async function isAssertionRecorded(db: Db, orgId: string, providerId: string, assertionId: string): Promise<boolean> {
  const rows = await db.select({ assertionId: ssoUsedAssertions.assertionId }).from(ssoUsedAssertions)
    .where(and(eq(ssoUsedAssertions.orgId, orgId), eq(ssoUsedAssertions.providerId, providerId), eq(ssoUsedAssertions.assertionId, assertionId)));
  return rows.length === 1;
}

/** What an identity provider says of a member, as the attribute mapping reads it. */
export interface SsoPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  externalId: string | null;
}

/** A contact path a new member starts with (their e-mail, their mobile number), in this order. */
export interface SsoContactPath {
  pathId: number;
  pathType: string;
  value: string;
  countryCode: string | null;
}

export type SsoContact = { contactId: number; created: boolean };

/**
 * The contact signing in as `subject` of `providerId`: the one linked before; else, when `linkByEmail`,
 * the invited contact (not signed up yet) with the person's e-mail; else a new contact from `person`.
 * Linking and creating happen in one transaction with the link itself, so two first sign-ins of one
 * subject at once make one contact.
 */
export async function contactForSubject(
  db: Db, orgId: string, providerId: string, subject: string, person: SsoPerson, options: { linkByEmail: boolean; paths: SsoContactPath[] },
): Promise<SsoContact> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [known] = await tx.update(ssoIdentities).set({ lastSignInAt: new Date() })
          .where(and(eq(ssoIdentities.orgId, orgId), eq(ssoIdentities.providerId, providerId), eq(ssoIdentities.subject, subject)))
          .returning({ contactId: ssoIdentities.contactId });
        if (known) return { contactId: known.contactId, created: false };

        let contactId: number | undefined;
        if (options.linkByEmail && person.email) {
          const [invited] = await tx.update(contacts).set({ registered: true })
            .where(and(eq(contacts.orgId, orgId), eq(contacts.registered, false), isNull(contacts.username),
              sql`lower(${contacts.email}) = ${person.email.toLowerCase()}`,
              sql`not exists (select 1 from sso_identities i where i.org_id = ${orgId} and i.provider_id = ${providerId} and i.contact_id = ${contacts.contactId})`))
            .returning({ contactId: contacts.contactId });
          contactId = invited?.contactId;
        }
        if (contactId === undefined) {
          // An external id another contact holds is left out rather than refusing the sign-in.
          const externalId = person.externalId && !(await tx.select({ id: contacts.contactId }).from(contacts)
            .where(and(eq(contacts.orgId, orgId), eq(contacts.externalId, person.externalId))).limit(1)).length ? person.externalId : null;
          const [inserted] = await tx.insert(contacts).values({
            orgId, username: null, passwordHash: null, firstName: person.firstName, lastName: person.lastName, email: person.email, externalId, registered: true,
          }).returning({ contactId: contacts.contactId });
          contactId = inserted!.contactId;
          for (const [sortOrder, path] of options.paths.entries()) await tx.insert(contactPaths).values({ orgId, contactId, ...path, sortOrder });
        }
        await tx.insert(ssoIdentities).values({ orgId, providerId, subject, contactId });
        return { contactId, created: true };
      });
    } catch (error) {
      // The other first sign-in of this subject won: the next attempt finds its link.
      if (attempt === 0 && violatedUniqueIndex(error) !== null) continue;
      throw error;
    }
  }
}

/** The identity provider's session behind a sign-in (single logout). */
export type SsoSignIn = typeof ssoSignIns.$inferSelect;

export async function storeSsoSignIn(db: Db, row: SsoSignIn): Promise<void> {
  await db.insert(ssoSignIns).values(row).onConflictDoUpdate({
    target: [ssoSignIns.orgId, ssoSignIns.sessionHash],
    set: { providerId: row.providerId, nameId: row.nameId, nameIdFormat: row.nameIdFormat, sessionIndex: row.sessionIndex, idToken: row.idToken },
  });
}

export async function findSsoSignIn(db: Db, orgId: string, sessionHash: string): Promise<SsoSignIn | null> {
  const [row] = await db.select().from(ssoSignIns).where(and(eq(ssoSignIns.orgId, orgId), eq(ssoSignIns.sessionHash, sessionHash)));
  return row ?? null;
}

/** An OpenID Connect provider's client secret, or null when none was set. */
export async function findClientSecret(db: Db, orgId: string, providerId: string): Promise<string | null> {
  const [row] = await db.select({ secret: ssoClientSecrets.secret }).from(ssoClientSecrets)
    .where(and(eq(ssoClientSecrets.orgId, orgId), eq(ssoClientSecrets.providerId, providerId)));
  return row?.secret ?? null;
}

/** The providers of `orgId` that have a client secret, with when it was set (never the secret). */
export async function listClientSecrets(db: Db, orgId: string): Promise<{ providerId: string; updatedAt: Date }[]> {
  return db.select({ providerId: ssoClientSecrets.providerId, updatedAt: ssoClientSecrets.updatedAt }).from(ssoClientSecrets)
    .where(eq(ssoClientSecrets.orgId, orgId));
}

export async function storeClientSecret(db: Db, orgId: string, providerId: string, secret: string): Promise<void> {
  await db.insert(ssoClientSecrets).values({ orgId, providerId, secret }).onConflictDoUpdate({
    target: [ssoClientSecrets.orgId, ssoClientSecrets.providerId], set: { secret, updatedAt: new Date() },
  });
}

/** Removes what has expired: requests never finished, assertions past their end. */
export async function deleteExpiredSsoRows(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
  await db.delete(ssoUsedAssertions).where(lt(ssoUsedAssertions.expiresAt, now));
}
