/**
 * Demo organisations (README "Demo organisations"): seeded on first start unless DEMO=0.
 * The same JSON files are the settings fixtures of the tests (tests/fixtures/orgs.ts).
 * Seeding is idempotent: an organisation that exists is left as it is.
 */
import { readFile, readdir } from 'node:fs/promises';
import argon2 from 'argon2';
import sanitizeHtml from 'sanitize-html';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { OrgSettingsInput } from '../../schemas/orgSettings.ts';
import { validateOrgSettings } from '../services/orgSettingsValidator.ts';
import { normalizeSecurityAnswer } from '../services/passwordChecks.ts';
import type { Db } from './client.ts';
import { banners, contacts, featureFlags, helpAndAnswers, organizations } from './schema.ts';

export interface DemoOrg {
  orgId: string;
  description: string;
  settings: OrgSettingsInput;
  featureFlags: FeatureFlags;
  helpAndAnswer: Record<string, string>;
  banner?: boolean;
  members: DemoMember[];
}

export interface DemoMember {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  /** For forgot password (§2 security question; the answer is kept as argon2id of its trimmed lower-case form). */
  securityQuestion?: string;
  securityAnswer?: string;
  /** The next login must change the password (§4 expired password). */
  passwordExpired?: boolean;
}

const demoDir = new URL('./demo/', import.meta.url);

export async function loadDemoOrgs(): Promise<DemoOrg[]> {
  const dir = new URL('orgs/', demoDir);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(new URL(f, dir), 'utf8')) as DemoOrg));
}

/** Seeds every demo organisation that does not exist yet; returns the ids it created. */
export async function seedDemo(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const org of await loadDemoOrgs()) {
    const checked = validateOrgSettings(org.settings);
    if (!checked.ok) throw new Error(`demo organisation ${org.orgId} has invalid settings: ${JSON.stringify(checked.errors)}`);
    const hashes = await Promise.all(org.members.map((m) => argon2.hash(m.password, { type: argon2.argon2id })));
    const answers = await Promise.all(org.members.map((m) => (m.securityAnswer ? argon2.hash(normalizeSecurityAnswer(m.securityAnswer), { type: argon2.argon2id }) : null)));
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx.insert(organizations).values({ orgId: org.orgId, settings: checked.settings }).onConflictDoNothing().returning();
      if (rows.length === 0) return false;
      await tx.insert(featureFlags).values(Object.entries(org.featureFlags).map(([name, enabled]) => ({ orgId: org.orgId, name, enabled })));
      const tips = Object.entries(org.helpAndAnswer).map(([type, content]) => ({ orgId: org.orgId, type, content: sanitizeHtml(content) }));
      if (tips.length) await tx.insert(helpAndAnswers).values(tips);
      if (org.banner) {
        const svg = await readFile(new URL(`banner-${org.orgId}.svg`, demoDir));
        await tx.insert(banners).values({ orgId: org.orgId, contentType: 'image/svg+xml', data: svg.toString('base64') });
      }
      for (const [i, m] of org.members.entries()) {
        await tx.insert(contacts).values({
          orgId: org.orgId, username: m.username, passwordHash: hashes[i]!, firstName: m.firstName, lastName: m.lastName, email: m.email,
          securityQuestion: m.securityQuestion ?? null, securityAnswerHash: answers[i] ?? null, passwordExpired: m.passwordExpired ?? false,
        });
      }
      return true;
    });
    if (inserted) created.push(org.orgId);
  }
  return created;
}
