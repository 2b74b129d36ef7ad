/** Queries on `organizations` (§3 Organisation) and what is created with one. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { resolveOrgSettings, type OrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { banners, contacts, featureFlags, helpAndAnswers, organizations } from '../db/schema.ts';
import { keepSettingVersion } from './settingVersions.ts';

export interface Organization {
  orgId: string;
  settings: OrgSettings;
  settingsVersion: number;
}

/**
 * The channel every write of an organisation's settings, feature flags, help tips or banner notifies
 * (issue 10 item 4), with the payload `{"orgId":…,"settingsVersion":…,"updatedAt":…}`: the
 * organisation's change stamp after the write (services/orgCache.ts listens). The NOTIFY is sent inside the write's transaction, so PostgreSQL delivers it only once
 * the write is committed, and never for a write rolled back.
 */
export const ORG_CHANGED_CHANNEL = 'org_changed';

/** One organisation's change stamp: settings_version, and updated_at, which every write of its settings, flags, tips or banner sets. */
export interface OrganizationStamp {
  orgId: string;
  settingsVersion: number;
  updatedAt: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Sends the change notification inside the caller's transaction. A write of an organisation's flags,
 * tips or banner also sets its `updated_at` in that transaction, so the fallback check sees it.
 */
export async function notifyOrganizationChanged(tx: Tx, stamp: OrganizationStamp): Promise<void> {
  const payload = JSON.stringify({ orgId: stamp.orgId, settingsVersion: stamp.settingsVersion, updatedAt: stamp.updatedAt.toISOString() });
  await tx.execute(sql`select pg_notify(${ORG_CHANGED_CHANNEL}, ${payload})`);
}

/**
 * The change stamps of these organisations (the cache's fallback check every few seconds): one query
 * by primary key, whatever their settings, flags and tips weigh; an organisation not answered does not exist.
 */
export async function findOrganizationStamps(db: Db, orgIds: readonly string[]): Promise<OrganizationStamp[]> {
  if (orgIds.length === 0) return [];
  return db.select({ orgId: organizations.orgId, settingsVersion: organizations.settingsVersion, updatedAt: organizations.updatedAt })
    .from(organizations).where(inArray(organizations.orgId, [...orgIds]));
}

/** The organisation with its settings' defaults filled in, or null when there is none. */
export async function findOrganization(db: Db, orgId: string): Promise<Organization | null> {
  return (await findOrganizationWithStamp(db, orgId))?.organization ?? null;
}

/** The organisation and its change stamp as read together (what the cache keeps), or null when there is none. */
export async function findOrganizationWithStamp(db: Db, orgId: string): Promise<{ organization: Organization; stamp: OrganizationStamp } | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.orgId, orgId));
  if (!row) return null;
  return {
    organization: { orgId: row.orgId, settings: resolveOrgSettings(row.settings), settingsVersion: row.settingsVersion },
    stamp: { orgId: row.orgId, settingsVersion: row.settingsVersion, updatedAt: row.updatedAt },
  };
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
 * such organisation. In the same transaction it keeps the version written (and the one it replaced)
 * in `setting_versions` with who saved it (repositories/settingVersions.ts), and notifies
 * ORG_CHANGED_CHANNEL.
 */
export async function updateSettings(db: Db, orgId: string, settings: OrgSettingsInput, expectedVersion: number, savedBy: string | null = null): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ settings: organizations.settings, updatedAt: organizations.updatedAt }).from(organizations)
      .where(and(eq(organizations.orgId, orgId), eq(organizations.settingsVersion, expectedVersion))).for('update');
    if (!previous) return null;
    const [updated] = await tx.update(organizations)
      .set({ settings, settingsVersion: sql`${organizations.settingsVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(organizations.orgId, orgId), eq(organizations.settingsVersion, expectedVersion)))
      .returning({ orgId: organizations.orgId, settingsVersion: organizations.settingsVersion, updatedAt: organizations.updatedAt });
    if (!updated) return null;
    await keepSettingVersion(
      tx, orgId,
      { version: expectedVersion, settings: previous.settings, savedAt: previous.updatedAt },
      { version: updated.settingsVersion, settings, savedBy, savedAt: updated.updatedAt },
    );
    await notifyOrganizationChanged(tx, updated);
    return updated.settingsVersion;
  });
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
    hasHipaaBridge?: boolean; hasSecureBridge?: boolean; showDirectoryChat?: boolean;
  }[];
}

/**
 * Creates an organisation with its flags, help tips, banner and members in one transaction, unless
 * it exists (then nothing changes); answers whether it was created. Notifies ORG_CHANGED_CHANNEL in
 * that transaction (a process may remember that the organisation did not exist).
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
    await notifyOrganizationChanged(tx, rows[0]!);
    return true;
  });
}
