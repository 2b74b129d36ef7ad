/** Queries on `organizations` (§3 Organisation) and what is created with one. */
import { and, eq, sql } from 'drizzle-orm';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { resolveOrgSettings, type OrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { banners, contacts, featureFlags, helpAndAnswers, organizations } from '../db/schema.ts';

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

/** The settings as stored (without defaults filled in), for the admin API; null when there is no such organisation. */
export async function findStoredSettings(db: Db, orgId: string): Promise<{ settings: OrgSettingsInput; settingsVersion: number } | null> {
  const [row] = await db.select({ settings: organizations.settings, settingsVersion: organizations.settingsVersion })
    .from(organizations).where(eq(organizations.orgId, orgId));
  return row ?? null;
}

/**
 * Writes new settings when the stored ones are still `expectedVersion` (optimistic locking: nobody
 * saved in between); answers the new version, or null when the version has moved on or there is no
 * such organisation.
 */
export async function updateSettings(db: Db, orgId: string, settings: OrgSettingsInput, expectedVersion: number): Promise<number | null> {
  const [updated] = await db.update(organizations)
    .set({ settings, settingsVersion: sql`${organizations.settingsVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(organizations.orgId, orgId), eq(organizations.settingsVersion, expectedVersion)))
    .returning({ settingsVersion: organizations.settingsVersion });
  return updated?.settingsVersion ?? null;
}

export interface NewOrganization {
  settings: OrgSettingsInput;
  featureFlags: Partial<FeatureFlags>;
  /** Help tips by help type, already sanitised. */
  helpAndAnswers: Record<string, string>;
  banner: { contentType: string; base64: string } | null;
  members: {
    username: string; passwordHash: string; firstName: string; lastName: string; email: string;
    securityQuestion: string | null; securityAnswerHash: string | null; passwordExpired: boolean;
  }[];
}

/**
 * Creates an organisation with its flags, help tips, banner and members in one transaction, unless
 * it exists (then nothing changes); answers whether it was created.
 */
export async function createOrganization(db: Db, orgId: string, org: NewOrganization): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(organizations).values({ orgId, settings: org.settings }).onConflictDoNothing().returning();
    if (rows.length === 0) return false;
    const flags = Object.entries(org.featureFlags).map(([name, enabled]) => ({ orgId, name, enabled: enabled === true }));
    if (flags.length) await tx.insert(featureFlags).values(flags);
    const tips = Object.entries(org.helpAndAnswers).map(([type, content]) => ({ orgId, type, content }));
    if (tips.length) await tx.insert(helpAndAnswers).values(tips);
    if (org.banner) await tx.insert(banners).values({ orgId, contentType: org.banner.contentType, data: org.banner.base64 });
    for (const member of org.members) await tx.insert(contacts).values({ orgId, ...member });
    return true;
  });
}
