/**
 * Confirmed contact paths (issue 12): the live one-time code of each member's path
 * (`path_confirmations`) and the confirmed value of the path (`contact_paths.confirmed_key`),
 * organisation first in every query. Each step that a concurrent request could also take is one
 * conditional statement: a send claims its place in the limits, a guess claims an attempt before
 * the code is compared, a confirmation holds only while the path still has the value the code went to.
 */
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { PATH_CONFIRMATION } from '../../schemas/api/pathConfirmation.ts';
import type { Db } from '../db/client.ts';
import { contactPaths, pathConfirmations } from '../db/schema.ts';

/** What a code confirms: a path's value with its country (the migration's SQL writes the same). */
export function confirmationKey(value: string, countryCode: string | null): string {
  return `${countryCode ?? ''} ${value}`;
}
const storedKey = sql`coalesce(${contactPaths.countryCode}, '') || ' ' || ${contactPaths.value}`;

const ofPath = (orgId: string, contactId: number, pathId: number) =>
  and(eq(pathConfirmations.orgId, orgId), eq(pathConfirmations.contactId, contactId), eq(pathConfirmations.pathId, pathId));

export interface ConfirmationRow {
  targetKey: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  sentAt: Date;
  sends: number;
  windowStartedAt: Date;
}

/** The live code of a path, if any. */
export async function findConfirmation(db: Db, orgId: string, contactId: number, pathId: number): Promise<ConfirmationRow | null> {
  const [row] = await db.select({
    targetKey: pathConfirmations.targetKey, codeHash: pathConfirmations.codeHash, expiresAt: pathConfirmations.expiresAt, attempts: pathConfirmations.attempts,
    sentAt: pathConfirmations.sentAt, sends: pathConfirmations.sends, windowStartedAt: pathConfirmations.windowStartedAt,
  }).from(pathConfirmations).where(ofPath(orgId, contactId, pathId));
  return row ?? null;
}

/** Seconds until the limits let another code go to the path whose row is `row` (0: now). */
export function secondsUntilNextSend(row: Pick<ConfirmationRow, 'sentAt' | 'sends' | 'windowStartedAt'> | null, now: number): number {
  if (!row) return 0;
  const afterLast = row.sentAt.getTime() + PATH_CONFIRMATION.resendSeconds * 1000 - now;
  const windowEnd = row.windowStartedAt.getTime() + 3600 * 1000 - now;
  const wait = row.sends >= PATH_CONFIRMATION.maxSendsPerHour && windowEnd > 0 ? Math.max(afterLast, windowEnd) : afterLast;
  return Math.max(0, Math.ceil(wait / 1000));
}

/**
 * Stores a new code for the path (voiding the old one) if the limits allow a send now: one upsert
 * whose update holds only when the last code went out a minute ago or more and the hour's count is
 * not used up. True when stored.
 */
export async function claimConfirmationSend(db: Db, orgId: string, contactId: number, pathId: number, targetKey: string, codeHash: string): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${PATH_CONFIRMATION.codeSeconds})`;
  const hourAgo = sql`now() - interval '1 hour'`;
  const rows = await db.insert(pathConfirmations)
    .values({ orgId, contactId, pathId, targetKey, codeHash, expiresAt, sentAt: sql`now()`, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [pathConfirmations.orgId, pathConfirmations.contactId, pathConfirmations.pathId],
      set: {
        targetKey, codeHash, expiresAt, attempts: 0, sentAt: sql`now()`,
        sends: sql`case when ${pathConfirmations.windowStartedAt} < ${hourAgo} then 1 else ${pathConfirmations.sends} + 1 end`,
        windowStartedAt: sql`case when ${pathConfirmations.windowStartedAt} < ${hourAgo} then now() else ${pathConfirmations.windowStartedAt} end`,
      },
      setWhere: sql`${pathConfirmations.sentAt} <= now() - make_interval(secs => ${PATH_CONFIRMATION.resendSeconds})
        and (${pathConfirmations.windowStartedAt} < ${hourAgo} or ${pathConfirmations.sends} < ${PATH_CONFIRMATION.maxSendsPerHour})`,
    })
    .returning({ pathId: pathConfirmations.pathId });
  return rows.length > 0;
}

/**
 * Takes one attempt at the path's live code: counts it first, then answers the code to compare with,
 * so concurrent guesses cannot get past the limit. Null when there is no live code with attempts left.
 */
export async function claimConfirmationAttempt(db: Db, orgId: string, contactId: number, pathId: number): Promise<{ targetKey: string; codeHash: string; attempts: number } | null> {
  const [row] = await db.update(pathConfirmations).set({ attempts: sql`${pathConfirmations.attempts} + 1` })
    .where(and(ofPath(orgId, contactId, pathId), sql`${pathConfirmations.expiresAt} > now()`, lt(pathConfirmations.attempts, PATH_CONFIRMATION.maxAttempts)))
    .returning({ targetKey: pathConfirmations.targetKey, codeHash: pathConfirmations.codeHash, attempts: pathConfirmations.attempts });
  return row ?? null;
}

/**
 * Marks the path confirmed for `targetKey` if it still holds that value, and voids the code (the
 * row stays for the send limits, with a code no entry can match). True when confirmed.
 */
export async function markPathConfirmed(db: Db, orgId: string, contactId: number, pathId: number, targetKey: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx.update(contactPaths).set({ confirmedKey: targetKey })
      .where(and(eq(contactPaths.orgId, orgId), eq(contactPaths.contactId, contactId), eq(contactPaths.pathId, pathId), sql`${storedKey} = ${targetKey}`))
      .returning({ pathId: contactPaths.pathId });
    await tx.update(pathConfirmations).set({ codeHash: '', expiresAt: sql`now()` }).where(ofPath(orgId, contactId, pathId));
    return confirmed.length > 0;
  });
}

/** The demo seed's members: every path with a value confirmed as it is, but those of `unconfirmed`. */
export async function confirmPathsBut(db: Db, orgId: string, contactId: number, unconfirmed: readonly number[]): Promise<void> {
  await db.update(contactPaths).set({ confirmedKey: storedKey })
    .where(and(eq(contactPaths.orgId, orgId), eq(contactPaths.contactId, contactId), sql`${contactPaths.value} <> ''`,
      unconfirmed.length > 0 ? notInArray(contactPaths.pathId, [...unconfirmed]) : undefined));
}

/** The sweep: rows whose code has expired and whose limits count nothing any more. */
export async function deleteSpentConfirmations(db: Db, before: Date): Promise<void> {
  await db.delete(pathConfirmations).where(and(lt(pathConfirmations.sentAt, before), lt(pathConfirmations.expiresAt, before)));
}
