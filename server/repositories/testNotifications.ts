/**
 * The test notifications members sent themselves (`test_notifications`, one row per member and path)
 * and the captcha solutions already used (`captcha_uses`), organisation first in every query.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { captchaUses, testNotifications } from '../db/schema.ts';

export interface TestNotificationRow {
  pathId: number;
  sentAt: Date;
  outcome: string | null;
  errorCode: string | null;
}

const ofMember = (orgId: string, contactId: number) => and(eq(testNotifications.orgId, orgId), eq(testNotifications.contactId, contactId));

/** The last test to each of the member's paths. */
export async function findTestNotifications(db: Db, orgId: string, contactId: number): Promise<TestNotificationRow[]> {
  return db.select({ pathId: testNotifications.pathId, sentAt: testNotifications.sentAt, outcome: testNotifications.outcome, errorCode: testNotifications.errorCode })
    .from(testNotifications).where(ofMember(orgId, contactId));
}

/**
 * Claims the member's next test to `pathId`: one conditional upsert, so of concurrent sends at most
 * one claims it within `windowMs` of the last. True when claimed (the row now says: under way).
 */
export async function claimTestNotification(db: Db, orgId: string, contactId: number, pathId: number, windowMs: number): Promise<boolean> {
  const windowOpen = new Date(Date.now() - windowMs);
  const rows = await db.insert(testNotifications).values({ orgId, contactId, pathId })
    .onConflictDoUpdate({
      target: [testNotifications.orgId, testNotifications.contactId, testNotifications.pathId],
      set: { sentAt: sql`now()`, outcome: null, errorCode: null },
      setWhere: lt(testNotifications.sentAt, windowOpen),
    })
    .returning({ pathId: testNotifications.pathId });
  return rows.length > 0;
}

/** What became of the claimed test. */
export async function recordTestNotificationOutcome(db: Db, orgId: string, contactId: number, pathId: number, outcome: string, errorCode: string | null): Promise<void> {
  await db.update(testNotifications).set({ outcome, errorCode })
    .where(and(ofMember(orgId, contactId), eq(testNotifications.pathId, pathId)));
}

/** Uses a captcha solution once: true the first time `solutionHash` is stored, false when it was used already. */
export async function claimCaptchaUse(db: Db, orgId: string, solutionHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(captchaUses).values({ orgId, solutionHash, expiresAt }).onConflictDoNothing().returning({ solutionHash: captchaUses.solutionHash });
  return rows.length > 0;
}

/** The sweep: captcha solutions past their challenge's expiry, tests older than `before`. */
export async function deleteExpiredTestNotificationRows(db: Db, now: Date, before: Date): Promise<void> {
  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, now));
  await db.delete(testNotifications).where(lt(testNotifications.sentAt, before));
}
