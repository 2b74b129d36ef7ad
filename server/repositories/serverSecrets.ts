/** Queries on `server_secrets`: the installation's secrets (no organisation). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

/**
 * The secret called `name`, stored as `candidate` unless one exists: of concurrent creators, the
 * first row wins and every process reads it back.
 */
export async function findOrCreateSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}

/** The secret called `name`, or null when none was made yet. */
export async function findSecret(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}
