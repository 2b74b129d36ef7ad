/** Queries on what an organisation shows on its pages: `help_and_answers` (§2 help tips) and `banners`. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, helpAndAnswers } from '../db/schema.ts';

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
