/** Queries on `feature_flags` (§6): per organisation, a flag without a row is off. */
import { eq } from 'drizzle-orm';
import { FEATURE_FLAGS_OFF, type FeatureFlags } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { featureFlags } from '../db/schema.ts';

/** §6 feature flags of one organisation; a flag without a row is off. */
export async function findFeatureFlags(db: Db, orgId: string): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags).where(eq(featureFlags.orgId, orgId));
  const flags = { ...FEATURE_FLAGS_OFF };
  for (const row of rows) if (row.name in flags) flags[row.name as keyof FeatureFlags] = row.enabled;
  return flags;
}
