/**
 * Demo organisations (README "Demo organisations"): seeded on first start unless DEMO=0. A service,
 * not part of server/db/ (which holds only the schema, migrations and the demo data files): it hashes
 * passwords and validates settings.
 * The same JSON files are the settings fixtures of the tests (tests/fixtures/orgs.ts).
 * Seeding is idempotent: an organisation that exists is left as it is.
 */
import { readFile, readdir } from 'node:fs/promises';
import type { QuietTimeFrame } from '../../schemas/entities.ts';
import type { CommunicationBody } from '../../schemas/api/comms.ts';
import type { EventBody, EventNotificationBody } from '../../schemas/api/events.ts';
import type { NotificationBody, WeatherAlertsBody } from '../../schemas/api/publishing.ts';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import { contactPathDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import { resolveOrgSettings, type OrgSettings, type OrgSettingsInput } from '../../schemas/orgSettings.ts';
import type { ContactPathValues } from '../../schemas/profile/formData.ts';
import type { Db } from '../db/client.ts';
import { findContactByUsername } from '../repositories/contacts.ts';
import { createOptInGroups, joinGroups, type OptInGroupSeed } from '../repositories/groups.ts';
import { createOrganization, findOrganizationStamps } from '../repositories/organizations.ts';
import { storeDemoProfile } from '../repositories/profiles.ts';
import { validateOrgSettings } from './orgSettingsValidator.ts';
import { sanitizeAdminHtml } from './pageContent.ts';
import { publishCommunication } from './communications.ts';
import { storeFile, storeLink } from './documents.ts';
import { publishEvent, publishEventNotification } from './events.ts';
import { zonePoint } from './nwsZones.ts';
import { hashPassword, hashSecurityAnswer } from './passwords.ts';
import { importWeatherAlerts, publishNotification, publishOrgPage } from './publishing.ts';

export interface DemoOrg {
  orgId: string;
  description: string;
  settings: OrgSettingsInput;
  featureFlags: FeatureFlags;
  helpAndAnswer: Record<string, string>;
  banner?: boolean;
  /** §3 Group opt-in: the groups members may join themselves, parents before the groups listed under them. */
  optInGroups?: OptInGroupSeed[];
  /** What its public pages show on a first start (issue 14), written through the publishing API's services. */
  content?: DemoContent;
  members: DemoMember[];
}

export interface DemoContent {
  /** Documents (§3 Public document) under fixed ids, so that notifications can show them: a file of server/db/demo/files/, or a link. */
  documents?: { id: string; name: string; file?: string; fileLink?: string; public?: boolean }[];
  /** §3 Notifications, sent `minutesAgo` before the seeding (so the demo's relative ages read true). */
  notifications?: (Omit<NotificationBody, 'sendDate'> & { id: string; minutesAgo: number })[];
  /**
   * api.weather.gov samples of server/db/demo/nws/, imported as `npm run import:nws` does;
   * `recent`: moved in time so that the latest alert of the file was sent ten minutes before the
   * seeding (its headline, which names the sample's times, is left out: the title is then the event).
   */
  weatherFiles?: { file: string; recent?: boolean }[];
  /** §3 Event subscriptions with their notifications, each sent `minutesAgo` before the seeding. */
  events?: (EventBody & { id: string; notifications?: (Omit<EventNotificationBody, 'sendDate'> & { id: string; minutesAgo: number })[] })[];
  /** §3 Communications under fixed ids (the README links one), sent `minutesAgo` before the seeding. */
  communications?: (Omit<CommunicationBody, 'sendDate'> & { id: string; minutesAgo: number })[];
  faq?: string;
  overview?: string;
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
  /** What the member keeps in their profile beyond sign-up (§3 Profile, Contact path), so the profile and home pages have something to show. */
  profile?: DemoProfile;
  /** The names of the groups the member belongs to (§3 Group membership): made in the organisation as they are named. */
  groups?: string[];
  /** §3 Account hasHipaaBridge, hasSecureBridge, showDirectoryChat: the services the organisation gave the member (home's tiles). */
  services?: { hipaaBridge?: boolean; secureBridge?: boolean; directoryChat?: boolean };
}

export interface DemoProfile {
  middleInitial?: string;
  suffix?: string;
  externalId?: string;
  timeZone?: string;
  /** The member's paths in their order; a path's type is the organisation's for its pathId. */
  contactPaths: DemoContactPath[];
}

export interface DemoContactPath {
  pathId: number;
  value: string;
  countryCode?: string;
  phoneExt?: string;
  pathEnable?: boolean;
  quietTimeFrames?: QuietTimeFrame[];
  /** False: the path is left to confirm with a code (issue 12 "Confirmed contact paths"); every other demo path is confirmed. */
  confirmed?: boolean;
}

/** A demo member's paths as stored: the organisation's type for each pathId, the rest as given. */
function demoContactPaths(settings: OrgSettings, paths: readonly DemoContactPath[]): ContactPathValues[] {
  const definitions = contactPathDefinitionsOf(settings);
  return paths.map((path) => {
    const definition = definitions.find((candidate) => candidate.pathId === path.pathId);
    if (!definition) throw new Error(`demo contact path ${path.pathId} is not a path of the organisation`);
    return {
      pathId: path.pathId, type: definition.type, value: path.value, countryCode: path.countryCode ?? null, noValidate: false,
      phoneExt: path.phoneExt ?? null, pin: null, systemRequirement: null, waitTime: null, pathEnable: path.pathEnable ?? true,
      quietTimeFrames: path.quietTimeFrames ?? [],
    };
  });
}

const demoDir = new URL('../db/demo/', import.meta.url);

export async function loadDemoOrgs(): Promise<DemoOrg[]> {
  const dir = new URL('orgs/', demoDir);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(new URL(f, dir), 'utf8')) as DemoOrg));
}

/** The times of an api.weather.gov alert, moved by `shiftMs`. */
const ALERT_TIMES = ['sent', 'effective', 'onset', 'expires', 'ends'] as const;

/** `collection` with every alert's times moved so that its latest was sent ten minutes before `now`, without the headlines that name the old times. */
function movedToNow(collection: WeatherAlertsBody, now: Date): WeatherAlertsBody {
  const latest = Math.max(...collection.features.map((feature) => Date.parse(feature.properties.sent)));
  const shiftMs = now.getTime() - 10 * 60_000 - latest;
  return {
    ...collection,
    features: collection.features.map((feature) => ({
      ...feature,
      properties: {
        ...feature.properties,
        headline: null,
        ...Object.fromEntries(ALERT_TIMES.filter((name) => typeof feature.properties[name] === 'string')
          .map((name) => [name, new Date(Date.parse(feature.properties[name]!) + shiftMs).toISOString()])),
      },
    })),
  };
}

async function seedContent(db: Db, orgId: string, content: DemoContent): Promise<void> {
  const now = Date.now();
  for (const document of content.documents ?? []) {
    const result = document.file
      ? await storeFile(db, orgId, {
        name: document.name, fileName: document.file, bytes: await readFile(new URL(`files/${document.file}`, demoDir)), truncated: false, public: document.public ?? true,
      }, document.id)
      : await storeLink(db, orgId, { name: document.name, fileLink: document.fileLink ?? '', public: document.public ?? true }, document.id);
    if (!result.ok) throw new Error(`demo document ${document.id} of ${orgId} refused: ${JSON.stringify(result.body)}`);
  }
  for (const { id, minutesAgo, ...notification } of content.notifications ?? []) {
    const result = await publishNotification(db, orgId, { ...notification, sendDate: new Date(now - minutesAgo * 60_000).toISOString() }, id);
    if (!result.ok) throw new Error(`demo notification ${id} of ${orgId} refused: ${JSON.stringify(result.body)}`);
  }
  for (const { file, recent } of content.weatherFiles ?? []) {
    const collection = JSON.parse(await readFile(new URL(`nws/${file}`, demoDir), 'utf8')) as WeatherAlertsBody;
    await importWeatherAlerts(db, orgId, recent ? movedToNow(collection, new Date(now)) : collection, zonePoint);
  }
  for (const { id: eventId, notifications = [], ...event } of content.events ?? []) {
    const made = await publishEvent(db, orgId, eventId, event);
    if (!made.ok) throw new Error(`demo event ${eventId} of ${orgId} refused: ${JSON.stringify(made.body)}`);
    for (const { id, minutesAgo, ...notification } of notifications) {
      const result = await publishEventNotification(db, orgId, eventId, id, { ...notification, sendDate: new Date(now - minutesAgo * 60_000).toISOString() });
      if (!result.ok) throw new Error(`demo event notification ${id} of ${orgId} refused: ${JSON.stringify(result.body)}`);
    }
  }
  for (const { id, minutesAgo, ...communication } of content.communications ?? []) {
    const result = await publishCommunication(db, orgId, { ...communication, sendDate: new Date(now - minutesAgo * 60_000).toISOString() }, '', id);
    if (!result.ok) throw new Error(`demo communication ${id} of ${orgId} refused: ${JSON.stringify(result.body)}`);
  }
  if (content.faq) await publishOrgPage(db, orgId, 'faq', content.faq);
  if (content.overview) await publishOrgPage(db, orgId, 'overview', content.overview);
}

/** Seeds every demo organisation that does not exist yet; returns the ids it created. */
export async function seedDemo(db: Db): Promise<string[]> {
  const created: string[] = [];
  const orgs = await loadDemoOrgs();
  // Organisations that exist are not hashed for again (issue 10 item 6): every start on an existing
  // data directory made 12 argon2id hashes of 19 MiB each only to throw them away, and the threads
  // that made them kept up to 78 MB of it (glibc keeps a thread's freed memory for its next use).
  const existing = new Set((await findOrganizationStamps(db, orgs.map((org) => org.orgId))).map((stamp) => stamp.orgId));
  for (const org of orgs.filter((candidate) => !existing.has(candidate.orgId))) {
    const checked = validateOrgSettings(org.settings);
    if (!checked.ok) throw new Error(`demo organisation ${org.orgId} has invalid settings: ${JSON.stringify(checked.errors)}`);
    const members = await Promise.all(org.members.map(async (m) => ({
      username: m.username, passwordHash: await hashPassword(m.password), firstName: m.firstName, lastName: m.lastName, email: m.email,
      securityQuestion: m.securityQuestion ?? null,
      securityAnswerHash: m.securityAnswer ? await hashSecurityAnswer(m.securityAnswer) : null,
      passwordExpired: m.passwordExpired ?? false,
      hasHipaaBridge: m.services?.hipaaBridge ?? false, hasSecureBridge: m.services?.secureBridge ?? false, showDirectoryChat: m.services?.directoryChat ?? false,
    })));
    const banner = org.banner
      ? { contentType: 'image/svg+xml', base64: (await readFile(new URL(`banner-${org.orgId}.svg`, demoDir))).toString('base64') }
      : null;
    const helpAndAnswers = Object.fromEntries(Object.entries(org.helpAndAnswer).map(([type, content]) => [type, sanitizeAdminHtml(content)]));
    if (await createOrganization(db, org.orgId, { settings: checked.settings, featureFlags: org.featureFlags, helpAndAnswers, banner, members })) {
      created.push(org.orgId);
      const settings = resolveOrgSettings(checked.settings);
      if (org.optInGroups) await createOptInGroups(db, org.orgId, org.optInGroups);
      if (org.content) await seedContent(db, org.orgId, org.content);
      for (const { username, profile, groups } of org.members) {
        if (groups) await joinGroups(db, org.orgId, (await findContactByUsername(db, org.orgId, username))!.contactId, groups);
        if (!profile) continue;
        const { contactPaths, ...fields } = profile;
        const unconfirmed = contactPaths.filter((path) => path.confirmed === false).map((path) => path.pathId);
        await storeDemoProfile(db, org.orgId, username, fields, demoContactPaths(settings, contactPaths), unconfirmed);
      }
    }
  }
  return created;
}
