/**
 * Queries on `public_profiles` (§3 Public profile): a token's SHA-256 is unique over every
 * organisation, so the token itself says which organisation it belongs to (the one lookup without an
 * organisation first).
 */
import { eq, and, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { publicProfiles } from '../db/schema.ts';

export type PublicProfileRow = typeof publicProfiles.$inferSelect;

export async function insertPublicProfile(db: Db, orgId: string, profile: Omit<typeof publicProfiles.$inferInsert, 'orgId'>): Promise<void> {
  await db.insert(publicProfiles).values({ orgId, ...profile });
}

/** The unexpired profile whose token hashes to `tokenHash`, in whichever organisation, or null. */
export async function findUsableProfileByTokenHash(db: Db, tokenHash: string): Promise<PublicProfileRow | null> {
  const [row] = await db.select().from(publicProfiles).where(and(eq(publicProfiles.tokenHash, tokenHash), gt(publicProfiles.expiresAt, new Date())));
  return row ?? null;
}

/** Removes expired public profiles (the sweep, services/sweep.ts): their token no longer opens new-profile. */
export async function deleteExpiredPublicProfiles(db: Db): Promise<void> {
  await db.delete(publicProfiles).where(lt(publicProfiles.expiresAt, new Date()));
}
