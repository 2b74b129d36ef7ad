/**
 * A member's second factors (issue 15): passkeys (`member_passkeys`), the authenticator app
 * (`member_totp`), recovery codes (`recovery_codes`) and the factor being added
 * (`second_factor_enrolments`), organisation first in every query. Each step a concurrent request
 * could also take is one conditional statement: a time step is taken once, a recovery code deleted
 * once, an enrolment used once; removing a factor locks the member's row first, so two removals at
 * once cannot both leave the member without the factor their organisation requires.
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contacts, memberPasskeys, memberTotp, recoveryCodes, secondFactorEnrolments } from '../db/schema.ts';

export type PasskeyRow = typeof memberPasskeys.$inferSelect;
export type TotpRow = typeof memberTotp.$inferSelect;

/** What a member has: the authenticator app or not, how many passkeys and recovery codes. */
export interface FactorCounts {
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

/** The member's factors, counted in one statement. */
export async function factorCounts(db: Db, orgId: string, contactId: number): Promise<FactorCounts> {
  const [row] = await db.select({
    totp: sql<boolean>`exists (select from ${memberTotp} where ${memberTotp.orgId} = ${orgId} and ${memberTotp.contactId} = ${contactId})`,
    passkeys: sql<number>`(select count(*)::int from ${memberPasskeys} where ${memberPasskeys.orgId} = ${orgId} and ${memberPasskeys.contactId} = ${contactId})`,
    recoveryCodes: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.orgId} = ${orgId} and ${recoveryCodes.contactId} = ${contactId})`,
  }).from(sql`(select) as one`);
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0), recoveryCodes: Number(row?.recoveryCodes ?? 0) };
}

// Passkeys

/** The member's passkeys, oldest first. */
export async function listPasskeys(db: Db, orgId: string, contactId: number): Promise<PasskeyRow[]> {
  return db.select().from(memberPasskeys)
    .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId)))
    .orderBy(asc(memberPasskeys.createdAt), asc(memberPasskeys.credentialId));
}

/** The passkey `credentialId` of the organisation, whoever's it is. */
export async function findPasskey(db: Db, orgId: string, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(memberPasskeys).where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.credentialId, credentialId)));
  return row ?? null;
}

/** The WebAuthn user handle the member's passkeys share, or null before their first. */
export async function userHandleOf(db: Db, orgId: string, contactId: number): Promise<string | null> {
  const [row] = await db.select({ userHandle: memberPasskeys.userHandle }).from(memberPasskeys)
    .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId))).limit(1);
  return row?.userHandle ?? null;
}

export type NewPasskey = Omit<PasskeyRow, 'createdAt' | 'lastUsedAt'>;

/**
 * Stores a passkey while the member has fewer than `limit` (their row locked meanwhile, so two at once
 * cannot pass the limit). Answers 'added', 'limit' (the member has `limit` already) or 'exists' (the
 * credential is registered already, to anyone).
 */
export async function insertPasskey(db: Db, passkey: NewPasskey, limit: number): Promise<'added' | 'limit' | 'exists'> {
  const { orgId, contactId } = passkey;
  return db.transaction(async (tx) => {
    await lockMember(tx as unknown as Db, orgId, contactId);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(memberPasskeys)
      .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId)));
    if (Number(count?.n ?? 0) >= limit) return 'limit';
    const rows = await tx.insert(memberPasskeys).values(passkey).onConflictDoNothing().returning({ id: memberPasskeys.credentialId });
    return rows.length > 0 ? 'added' : 'exists';
  });
}

/** Locks the member's row until the transaction ends (the changes of their factors go one at a time). */
async function lockMember(tx: Db, orgId: string, contactId: number): Promise<void> {
  await tx.select({ contactId: contacts.contactId }).from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId))).for('update');
}

/** A passkey used: its new signature counter and when. */
export async function markPasskeyUsed(db: Db, orgId: string, credentialId: string, counter: number): Promise<void> {
  await db.update(memberPasskeys).set({ counter, lastUsedAt: sql`now()` })
    .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.credentialId, credentialId)));
}

/** Renames the member's passkey; false when they have none by that id. */
export async function renamePasskey(db: Db, orgId: string, contactId: number, credentialId: string, name: string): Promise<boolean> {
  const rows = await db.update(memberPasskeys).set({ name })
    .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId), eq(memberPasskeys.credentialId, credentialId)))
    .returning({ credentialId: memberPasskeys.credentialId });
  return rows.length > 0;
}

// The authenticator app

export async function findTotp(db: Db, orgId: string, contactId: number): Promise<TotpRow | null> {
  const [row] = await db.select().from(memberTotp).where(and(eq(memberTotp.orgId, orgId), eq(memberTotp.contactId, contactId)));
  return row ?? null;
}

/** Stores the member's authenticator app, the step of the code that confirmed it taken; false when they have one already. */
export async function insertTotp(db: Db, orgId: string, contactId: number, secret: string, confirmedStep: number): Promise<boolean> {
  const rows = await db.insert(memberTotp).values({ orgId, contactId, secret, lastUsedStep: confirmedStep, lastUsedAt: sql`now()` })
    .onConflictDoNothing().returning({ contactId: memberTotp.contactId });
  return rows.length > 0;
}

/**
 * Takes time step `step` of the member's authenticator app: true only when no code of this step or a
 * later one was taken before (one conditional update, so two requests with one code cannot both pass).
 */
export async function claimTotpStep(db: Db, orgId: string, contactId: number, step: number): Promise<boolean> {
  const rows = await db.update(memberTotp).set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(and(
      eq(memberTotp.orgId, orgId), eq(memberTotp.contactId, contactId),
      sql`(${memberTotp.lastUsedStep} is null or ${memberTotp.lastUsedStep} < ${step})`,
    ))
    .returning({ contactId: memberTotp.contactId });
  return rows.length > 0;
}

// Removal

export type RemovedFactor = 'removed' | 'notFound' | 'lastRequired';

/**
 * Removes one factor of the member (the authenticator app, or the passkey `credentialId`) unless
 * `required` and it is their last; removing their last one removes their recovery codes too (they
 * stand in for a factor, not for none). The member's row is locked for the transaction.
 */
export async function removeFactor(
  db: Db, orgId: string, contactId: number, factor: { kind: 'totp' } | { kind: 'passkey'; credentialId: string }, required: boolean,
): Promise<RemovedFactor> {
  return db.transaction(async (tx) => {
    await lockMember(tx as unknown as Db, orgId, contactId);
    const counts = await factorCounts(tx as unknown as Db, orgId, contactId);
    const has = factor.kind === 'totp'
      ? counts.totp
      : (await tx.select({ id: memberPasskeys.credentialId }).from(memberPasskeys)
        .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId), eq(memberPasskeys.credentialId, factor.credentialId)))).length > 0;
    if (!has) return 'notFound';
    const left = (counts.totp ? 1 : 0) + counts.passkeys - 1;
    if (required && left === 0) return 'lastRequired';
    if (factor.kind === 'totp') {
      await tx.delete(memberTotp).where(and(eq(memberTotp.orgId, orgId), eq(memberTotp.contactId, contactId)));
    } else {
      await tx.delete(memberPasskeys)
        .where(and(eq(memberPasskeys.orgId, orgId), eq(memberPasskeys.contactId, contactId), eq(memberPasskeys.credentialId, factor.credentialId)));
    }
    if (left === 0) await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.orgId, orgId), eq(recoveryCodes.contactId, contactId)));
    return 'removed';
  });
}

// Recovery codes

/** The member's recovery codes replaced by these (their HMACs), in one transaction. */
export async function replaceRecoveryCodes(db: Db, orgId: string, contactId: number, codeHashes: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.orgId, orgId), eq(recoveryCodes.contactId, contactId)));
    if (codeHashes.length) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ orgId, contactId, codeHash })));
  });
}

/** Uses up the member's recovery code whose HMAC is `codeHash`: true when it was there (now gone). */
export async function useRecoveryCode(db: Db, orgId: string, contactId: number, codeHash: string): Promise<boolean> {
  const rows = await db.delete(recoveryCodes)
    .where(and(eq(recoveryCodes.orgId, orgId), eq(recoveryCodes.contactId, contactId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length > 0;
}

// Enrolments

export type EnrolmentKind = 'totp' | 'passkey';

/** Starts adding a factor of `kind`: its secret or challenge, replacing one started before. */
export async function putEnrolment(db: Db, orgId: string, contactId: number, kind: EnrolmentKind, value: string, expiresAt: Date): Promise<void> {
  await db.insert(secondFactorEnrolments).values({ orgId, contactId, kind, value, expiresAt })
    .onConflictDoUpdate({ target: [secondFactorEnrolments.orgId, secondFactorEnrolments.contactId, secondFactorEnrolments.kind], set: { value, expiresAt } });
}

/** The live enrolment of `kind`, left in place (a wrong code may be typed again). */
export async function findEnrolment(db: Db, orgId: string, contactId: number, kind: EnrolmentKind): Promise<string | null> {
  const [row] = await db.select({ value: secondFactorEnrolments.value }).from(secondFactorEnrolments)
    .where(and(ofEnrolment(orgId, contactId, kind), gt(secondFactorEnrolments.expiresAt, new Date())));
  return row?.value ?? null;
}

/** The live enrolment of `kind`, used up (a challenge is answered once): null when there is none. */
export async function takeEnrolment(db: Db, orgId: string, contactId: number, kind: EnrolmentKind): Promise<string | null> {
  const [row] = await db.delete(secondFactorEnrolments)
    .where(and(ofEnrolment(orgId, contactId, kind), gt(secondFactorEnrolments.expiresAt, new Date())))
    .returning({ value: secondFactorEnrolments.value });
  return row?.value ?? null;
}

const ofEnrolment = (orgId: string, contactId: number, kind: EnrolmentKind) =>
  and(eq(secondFactorEnrolments.orgId, orgId), eq(secondFactorEnrolments.contactId, contactId), eq(secondFactorEnrolments.kind, kind));

/** The sweep: enrolments past their end. */
export async function deleteExpiredEnrolments(db: Db, now: Date): Promise<void> {
  await db.delete(secondFactorEnrolments).where(lt(secondFactorEnrolments.expiresAt, now));
}
