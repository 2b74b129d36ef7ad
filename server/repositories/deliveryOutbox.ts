/** Queries on `delivery_outbox` (services/delivery/): one row per delivery attempt; `queued` rows are the outbox. */
import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deliveryOutbox } from '../db/schema.ts';
import { keepNewestPerOrganization } from './keepNewest.ts';

export type DeliveryRow = typeof deliveryOutbox.$inferSelect;
export type NewDeliveryRow = Omit<typeof deliveryOutbox.$inferInsert, 'deliveryId' | 'createdAt'>;

/** Records one attempt; answers its id. */
export async function insertDelivery(db: Db, row: NewDeliveryRow): Promise<number> {
  const [inserted] = await db.insert(deliveryOutbox).values(row).returning({ deliveryId: deliveryOutbox.deliveryId });
  return inserted!.deliveryId;
}

/** The newest `limit` attempts of an organisation, newest first (the demo mailbox). */
export function findNewestDeliveries(db: Db, orgId: string, limit: number): Promise<DeliveryRow[]> {
  return db.select().from(deliveryOutbox).where(eq(deliveryOutbox.orgId, orgId))
    .orderBy(desc(deliveryOutbox.createdAt), desc(deliveryOutbox.deliveryId)).limit(limit);
}

/** Removes the attempts recorded before `before` (the sweep, services/sweep.ts). */
export async function deleteDeliveriesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(deliveryOutbox).where(lt(deliveryOutbox.createdAt, before));
}

/** Keeps the newest `keep` attempts of each organisation and removes the older ones (one statement). */
export async function trimDeliveries(db: Db, keep: number): Promise<void> {
  await keepNewestPerOrganization(db, deliveryOutbox, deliveryOutbox.deliveryId, keep);
}
