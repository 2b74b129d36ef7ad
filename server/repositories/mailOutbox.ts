/** Queries on `mail_outbox` (services/mail.ts): every mail is a row first, then its delivery is recorded on it. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Writes a mail to the outbox; answers its id. */
export async function insertMail(db: Db, orgId: string, mail: { recipient: string; subject: string; text: string; html: string | null }): Promise<number> {
  const [row] = await db.insert(mailOutbox).values({ orgId, ...mail }).returning({ mailId: mailOutbox.mailId });
  return row!.mailId;
}

/** Records how a delivery went: when it was sent, or why not. */
export async function recordDelivery(db: Db, orgId: string, mailId: number, result: { sentAt: Date | null; error: string | null }): Promise<void> {
  await db.update(mailOutbox).set(result).where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.mailId, mailId)));
}

/** The newest `limit` mails of an organisation, newest first. */
export function findNewestMails(db: Db, orgId: string, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.orgId, orgId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.mailId)).limit(limit);
}

/** Removes the mails written before `before`, whatever became of them (the sweep, services/sweep.ts). */
export async function deleteMailsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, before));
}

/** Keeps the newest `keep` mails of each organisation and removes the older ones (one statement). */
export async function trimOutboxes(db: Db, keep: number): Promise<void> {
  await db.execute(sql`
    delete from ${mailOutbox} where (org_id, mail_id) in (
      select org_id, mail_id from (
        select org_id, mail_id, row_number() over (partition by org_id order by created_at desc, mail_id desc) as newer
        from ${mailOutbox}
      ) ranked where newer > ${keep}
    )`);
}
