/** Queries on what an organisation shows on its pages: `help_and_answers` (§2 help tips) and `banners`. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, helpAndAnswers, organizations } from '../db/schema.ts';
import { notifyOrganizationChanged } from './organizations.ts';

/** Every stored help tip of the organisation, by help type. */
export async function findHelpAndAnswers(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = await db.select({ type: helpAndAnswers.type, content: helpAndAnswers.content }).from(helpAndAnswers)
    .where(eq(helpAndAnswers.orgId, orgId));
  return new Map(rows.map((row) => [row.type, row.content]));
}

/** The organisation's banner image (base64), or null. */
export async function findBanner(db: Db, orgId: string): Promise<{ contentType: string; data: string } | null> {
  const [row] = await db.select({ contentType: banners.contentType, data: banners.data }).from(banners).where(eq(banners.orgId, orgId));
  return row ?? null;
}

/**
 * Writes (or, `content` null, removes) the help tip of a help type, setting the organisation's
 * `updated_at` and notifying the other processes in the same transaction (the tips are cached:
 * services/orgCache.ts). Whether there was one to remove.
 */
export async function writeHelpTip(db: Db, orgId: string, type: string, content: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    let changed = true;
    if (content === null) {
      changed = (await tx.delete(helpAndAnswers).where(and(eq(helpAndAnswers.orgId, orgId), eq(helpAndAnswers.type, type))).returning({ type: helpAndAnswers.type })).length === 1;
    } else {
      await tx.insert(helpAndAnswers).values({ orgId, type, content })
        .onConflictDoUpdate({ target: [helpAndAnswers.orgId, helpAndAnswers.type], set: { content } });
    }
    if (!changed) return false;
    const [stamp] = await tx.update(organizations).set({ updatedAt: new Date() }).where(eq(organizations.orgId, orgId))
      .returning({ orgId: organizations.orgId, settingsVersion: organizations.settingsVersion, updatedAt: organizations.updatedAt });
    if (stamp) await notifyOrganizationChanged(tx, stamp);
    return true;
  });
}
