/** Queries on `preview_validator_modules`: the admin preview's compiled form validators, by the SHA-256 of their code. */
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { previewValidatorModules } from '../db/schema.ts';

/** Keeps `code` under `digest` (the same code twice is one row). */
export async function storePreviewModule(db: Db, digest: string, code: string): Promise<void> {
  await db.insert(previewValidatorModules).values({ digest, code }).onConflictDoNothing();
}

export async function findPreviewModule(db: Db, digest: string): Promise<string | null> {
  const [row] = await db.select({ code: previewValidatorModules.code }).from(previewValidatorModules).where(eq(previewValidatorModules.digest, digest));
  return row?.code ?? null;
}

/** The sweep's part: modules compiled before `before` go (a preview open that long compiles again). */
export async function deletePreviewModulesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(previewValidatorModules).where(lt(previewValidatorModules.createdAt, before));
}
