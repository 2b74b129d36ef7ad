import { eq } from 'drizzle-orm';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { resolveOrgSettings, type OrgSettings } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { featureFlags, organizations } from '../db/schema.ts';

export interface Organization {
  orgId: string;
  settings: OrgSettings;
  settingsVersion: number;
}

/** The organisation with its settings' defaults filled in, or null when there is none. */
export async function findOrganization(db: Db, orgId: string): Promise<Organization | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.orgId, orgId));
  if (!row) return null;
  return { orgId: row.orgId, settings: resolveOrgSettings(row.settings), settingsVersion: row.settingsVersion };
}

export async function listOrganizations(db: Db): Promise<Organization[]> {
  const rows = await db.select().from(organizations).orderBy(organizations.orgId);
  return rows.map((row) => ({ orgId: row.orgId, settings: resolveOrgSettings(row.settings), settingsVersion: row.settingsVersion }));
}

/** §6 feature flags of one organisation; a flag without a row is off. */
export async function findFeatureFlags(db: Db, orgId: string): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags).where(eq(featureFlags.orgId, orgId));
  const flags = { ...FEATURE_FLAGS_OFF };
  for (const row of rows) if (row.name in flags) flags[row.name as keyof FeatureFlags] = row.enabled;
  return flags;
}
