/** Queries on `mail_outbox` (services/mail.ts): every mail is a row first, then its delivery is recorded on it. */
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { keepNewestPerOrganization } from './keepNewest.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** A row to write: who it goes to, what it is for (services/mail.ts MailKind) and what it says. */
export interface NewMail { recipient: string; kind: string; subject: string; text: string; html: string | null }

/**
 * Writes a mail to the outbox unless `limit` mails of its kind went to its recipient (any case, any
 * organisation) since `since`; answers its id, or null when the limit was reached and nothing was
 * written. Count and insert run in one transaction holding an advisory lock on the recipient and
 * kind, so concurrent requests, in one process or many, cannot write more than the limit.
 */
export async function insertMailWithinLimit(db: Db, orgId: string, mail: NewMail, limit: number, since: Date): Promise<number | null> {
  const recipient = mail.recipient.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_LOCK_CLASS}, hashtext(${`${mail.kind}|${recipient}`}))`);
    const [sent] = await tx.select({ mails: count() }).from(mailOutbox)
      .where(and(eq(sql`lower(${mailOutbox.recipient})`, recipient), eq(mailOutbox.kind, mail.kind), gt(mailOutbox.createdAt, since)));
    if ((sent?.mails ?? 0) >= limit) return null;
    const [row] = await tx.insert(mailOutbox).values({ orgId, ...mail }).returning({ mailId: mailOutbox.mailId });
    return row!.mailId;
  });
}

/** The first key of the outbox's advisory locks (an arbitrary constant: "mail" in ASCII). */
const MAIL_LOCK_CLASS = 0x6d61696c;

/** Records how a delivery went: when it was sent, or why not. */
export async function recordDelivery(db: Db, orgId: string, mailId: number, result: { sentAt: Date | null; error: string | null }): Promise<void> {
  await db.update(mailOutbox).set(result).where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.mailId, mailId)));
}

/** The newest `limit` mails of an organisation, newest first. */
export function findNewestMails(db: Db, orgId: string, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.orgId, orgId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.mailId)).limit(limit);
}

/** The outbox's mails not delivered (the metrics): unsent (waiting, or kept without SMTP) and failed. */
export async function countOutbox(db: Db): Promise<{ unsent: number; failed: number }> {
  const [row] = await db.select({
    unsent: sql`count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.error} is null)`.mapWith(Number),
    failed: sql`count(*) filter (where ${mailOutbox.error} is not null)`.mapWith(Number),
  }).from(mailOutbox);
  return { unsent: row?.unsent ?? 0, failed: row?.failed ?? 0 };
}

/** Removes the mails written before `before`, whatever became of them (the sweep, services/sweep.ts). */
export async function deleteMailsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, before));
}

/** Keeps the newest `keep` mails of each organisation and removes the older ones (one statement). */
export async function trimOutboxes(db: Db, keep: number): Promise<void> {
  await keepNewestPerOrganization(db, mailOutbox, mailOutbox.mailId, keep);
}
