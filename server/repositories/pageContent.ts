/** Queries on what an organisation shows on its pages: `help_and_answers` (§2 help tips) and `banners`. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, helpAndAnswers } from '../db/schema.ts';

/** The stored help tip of a help type, or null. */
export async function findHelpAndAnswer(db: Db, orgId: string, type: string): Promise<string | null> {
  const [row] = await db.select({ content: helpAndAnswers.content }).from(helpAndAnswers)
    .where(and(eq(helpAndAnswers.orgId, orgId), eq(helpAndAnswers.type, type)));
  return row?.content ?? null;
}

/** The organisation's banner image (base64), or null. */
export async function findBanner(db: Db, orgId: string): Promise<{ contentType: string; data: string } | null> {
  const [row] = await db.select({ contentType: banners.contentType, data: banners.data }).from(banners).where(eq(banners.orgId, orgId));
  return row ?? null;
}
