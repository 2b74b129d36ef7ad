/** Queries on `setting_versions` (issue 11): the last saved versions of an organisation's settings, organisation first. */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { Db } from '../db/client.ts';
import { settingVersions } from '../db/schema.ts';

/** How many versions of one organisation's settings are kept: a save drops the oldest beyond these. */
export const SETTINGS_VERSIONS_KEPT = 20;

/** The database, or the transaction of the settings write the versions are kept in. */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SettingVersion {
  version: number;
  settings: OrgSettingsInput;
  /** The administrator who saved it; null for the version stored before the first admin save. */
  savedBy: string | null;
  savedAt: Date;
}

/**
 * Keeps the version a save just wrote and, when it is not kept yet, the one it replaced (so the
 * settings as they were before the first admin save can be put back too); then drops all but the
 * newest SETTINGS_VERSIONS_KEPT. Called inside the save's transaction (repositories/organizations.ts).
 */
export async function keepSettingVersion(
  tx: Executor, orgId: string,
  previous: { version: number; settings: OrgSettingsInput; savedAt: Date },
  saved: { version: number; settings: OrgSettingsInput; savedBy: string | null; savedAt: Date },
): Promise<void> {
  await tx.insert(settingVersions).values({ orgId, version: previous.version, settings: previous.settings, savedBy: null, savedAt: previous.savedAt }).onConflictDoNothing();
  await tx.insert(settingVersions).values({ orgId, ...saved }).onConflictDoUpdate({
    target: [settingVersions.orgId, settingVersions.version],
    set: { settings: saved.settings, savedBy: saved.savedBy, savedAt: saved.savedAt },
  });
  const [oldestKept] = await tx.select({ version: settingVersions.version }).from(settingVersions)
    .where(eq(settingVersions.orgId, orgId)).orderBy(desc(settingVersions.version)).offset(SETTINGS_VERSIONS_KEPT - 1).limit(1);
  if (oldestKept) await tx.delete(settingVersions).where(and(eq(settingVersions.orgId, orgId), lt(settingVersions.version, oldestKept.version)));
}

/** The kept versions of an organisation's settings, newest first. */
export async function listSettingVersions(db: Db, orgId: string): Promise<SettingVersion[]> {
  return db.select({ version: settingVersions.version, settings: settingVersions.settings, savedBy: settingVersions.savedBy, savedAt: settingVersions.savedAt })
    .from(settingVersions).where(eq(settingVersions.orgId, orgId)).orderBy(desc(settingVersions.version));
}

/** One kept version, or null when it is not (or no longer) kept. */
export async function findSettingVersion(db: Db, orgId: string, version: number): Promise<SettingVersion | null> {
  const [row] = await db.select({ version: settingVersions.version, settings: settingVersions.settings, savedBy: settingVersions.savedBy, savedAt: settingVersions.savedAt })
    .from(settingVersions).where(and(eq(settingVersions.orgId, orgId), eq(settingVersions.version, version)));
  return row ?? null;
}
