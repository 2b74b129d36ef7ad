/**
 * Organisation data from memory (issue 10 item 4): the settings row, feature flags, help tips and
 * banner every call of an organisation reads, kept per organisation in an in-process LRU of a bounded
 * size and loaded from the database on a miss. A visitor's boot calls then ask the database nothing.
 *
 * Kept current three ways:
 * - a write in this process invalidates the organisation at once (`invalidate`, called by the service
 *   that wrote: services/orgSettings.ts);
 * - every write notifies ORG_CHANGED_CHANNEL inside its transaction (repositories/organizations.ts),
 *   which this cache LISTENs on (db/notifications.ts): other processes drop the organisation as soon
 *   as the write is committed. A LISTEN connection that dropped may have missed notifications, so once
 *   it is back the whole cache is dropped;
 * - as a fallback, every `pollIntervalMs` one query reads the change stamps (settings_version,
 *   updated_at) of the cached organisations and drops those that changed or are gone, and the
 *   unknown ids that now exist: a change made straight in the database without a notification shows
 *   within that interval.
 *
 * Unknown organisation ids are remembered too (in a second LRU of the same bound), so requests for an
 * organisation that does not exist do not each cost a query; they cannot push known ones out.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureFlags } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { listen, type Listener } from '../db/notifications.ts';
import { findFeatureFlags } from '../repositories/featureFlags.ts';
import {
  findOrganizationStamps, findOrganizationWithStamp, ORG_CHANGED_CHANNEL, type Organization, type OrganizationStamp,
} from '../repositories/organizations.ts';
import { findBanner, findHelpAndAnswers } from '../repositories/pageContent.ts';
import { sanitizeAdminHtml } from './pageContent.ts';

export interface OrganizationData {
  organization: Organization;
  /** §6 feature flags (a flag without a row is off). */
  featureFlags: FeatureFlags;
  /** §2 help tips by help type, sanitised once when loaded. */
  helpTips: ReadonlyMap<string, string>;
  /** The banner image; `'uncached'` when it is larger than `maxBannerBytes` (read from the database when asked for). */
  banner: { contentType: string; bytes: Buffer } | null | 'uncached';
  /** The change stamp read with the settings: what the fallback check compares. */
  stamp: OrganizationStamp;
}

export interface OrgCacheOptions {
  /** How many organisations are kept (and, apart, how many unknown ids); the least recently used goes first. */
  maxOrganizations: number;
  /** How often the fallback check reads the cached organisations' change stamps; 0 turns it off. */
  pollIntervalMs: number;
  /** Whether to LISTEN for other processes' writes (tests of the fallback turn it off). */
  listen: boolean;
  /** Banners up to this size (decoded) are kept in memory with the rest. */
  maxBannerBytes: number;
}

export const ORG_CACHE_DEFAULTS: OrgCacheOptions = { maxOrganizations: 1_000, pollIntervalMs: 5_000, listen: true, maxBannerBytes: 256 * 1024 };

export interface OrgCache {
  /** The organisation's data, from memory when cached; null when there is no such organisation. */
  get(orgId: string): Promise<OrganizationData | null>;
  /** Drops one organisation (after a write of it): the next `get` reads it again. */
  invalidate(orgId: string): void;
  /** Drops everything. */
  clear(): void;
  /** How many organisations are cached (unknown ids not counted). */
  readonly size: number;
  /** The fallback check, once (what the timer runs). */
  checkStamps(): Promise<void>;
  /** Stops the timer and the LISTEN connection (the app's onClose). */
  stop(): Promise<void>;
}

/** Reads one organisation's data: its row first (none: no such organisation), then flags, tips and banner. */
async function loadOrganization(db: Db, orgId: string, maxBannerBytes: number): Promise<OrganizationData | null> {
  const found = await findOrganizationWithStamp(db, orgId);
  if (!found) return null;
  const featureFlags = await findFeatureFlags(db, orgId);
  const tips = await findHelpAndAnswers(db, orgId);
  const banner = await findBanner(db, orgId);
  const bannerBytes = banner ? Buffer.from(banner.data, 'base64') : null;
  return {
    organization: found.organization,
    featureFlags,
    helpTips: new Map([...tips].map(([type, content]) => [type, sanitizeAdminHtml(content)])),
    banner: !banner || !bannerBytes ? null : bannerBytes.length > maxBannerBytes ? 'uncached' : { contentType: banner.contentType, bytes: bannerBytes },
    stamp: found.stamp,
  };
}

/** A Map used as an LRU: reading an entry moves it to the end; the first entry is the least recently used. */
function touch<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}

export async function startOrgCache(db: Db, log: FastifyBaseLogger, options: Partial<OrgCacheOptions> = {}): Promise<OrgCache> {
  const { maxOrganizations, pollIntervalMs, maxBannerBytes, listen: listening } = { ...ORG_CACHE_DEFAULTS, ...options };
  const known = new Map<string, OrganizationData>();
  const unknown = new Map<string, true>();
  /**
   * Loads under way. A load that began before a write may hold what the write replaced: a write's
   * invalidation marks it stale (it answers its callers but is not kept), and a notification that
   * came during it is kept only if the load read that write's stamp.
   */
  interface Load { promise: Promise<OrganizationData | null>; stale: boolean; notified: { settingsVersion: unknown; updatedAt: unknown }[] }
  const loading = new Map<string, Load>();

  const invalidate = (orgId: string) => {
    known.delete(orgId);
    unknown.delete(orgId);
    const load = loading.get(orgId);
    if (load) load.stale = true;
    loading.delete(orgId);
  };
  const clear = () => {
    known.clear();
    unknown.clear();
    for (const load of loading.values()) load.stale = true;
    loading.clear();
  };
  const sameStamp = (stamp: OrganizationStamp, notified: { settingsVersion: unknown; updatedAt: unknown }) =>
    stamp.settingsVersion === notified.settingsVersion && typeof notified.updatedAt === 'string'
    && stamp.updatedAt.getTime() === Date.parse(notified.updatedAt);

  /** A notification of a write that left `orgId` with this stamp: what was read before it goes. */
  const notified = (orgId: string, stamp: { settingsVersion: unknown; updatedAt: unknown }) => {
    const cached = known.get(orgId);
    // Read already after that write (this process's own, reloaded before its notification came): kept.
    if (cached && sameStamp(cached.stamp, stamp)) return;
    const load = loading.get(orgId);
    if (load && !cached) {
      load.notified.push(stamp);
      return;
    }
    invalidate(orgId);
  };

  const get = (orgId: string): Promise<OrganizationData | null> => {
    const hit = known.get(orgId);
    if (hit) {
      touch(known, orgId, hit, maxOrganizations);
      return Promise.resolve(hit);
    }
    if (unknown.has(orgId)) {
      touch(unknown, orgId, true, maxOrganizations);
      return Promise.resolve(null);
    }
    const pending = loading.get(orgId);
    if (pending) return pending.promise;
    const load: Load = { promise: Promise.resolve(null), stale: false, notified: [] };
    load.promise = loadOrganization(db, orgId, maxBannerBytes).then((data) => {
      if (loading.get(orgId) === load) loading.delete(orgId);
      const current = !load.stale && load.notified.every((stamp) => data !== null && sameStamp(data.stamp, stamp));
      if (current) {
        if (data) touch(known, orgId, data, maxOrganizations);
        else touch(unknown, orgId, true, maxOrganizations);
      }
      return data;
    }, (error: unknown) => {
      if (loading.get(orgId) === load) loading.delete(orgId);
      throw error;
    });
    loading.set(orgId, load);
    return load.promise;
  };

  const checkStamps = async () => {
    const ids = [...known.keys(), ...unknown.keys()];
    if (ids.length === 0) return;
    const stamps = new Map((await findOrganizationStamps(db, ids)).map((stamp) => [stamp.orgId, stamp]));
    for (const [orgId, data] of known) {
      const stamp = stamps.get(orgId);
      if (!stamp || stamp.settingsVersion !== data.stamp.settingsVersion || stamp.updatedAt.getTime() !== data.stamp.updatedAt.getTime()) {
        invalidate(orgId);
      }
    }
    for (const orgId of unknown.keys()) if (stamps.has(orgId)) invalidate(orgId);
  };

  let listener: Listener | null = null;
  if (listening) {
    listener = await listen(db, ORG_CHANGED_CHANNEL, {
      onNotify(payload) {
        try {
          const { orgId, settingsVersion, updatedAt } = JSON.parse(payload) as { orgId?: unknown; settingsVersion?: unknown; updatedAt?: unknown };
          if (typeof orgId === 'string') return notified(orgId, { settingsVersion, updatedAt });
        } catch {
          // fall through: a payload we cannot read drops everything rather than something stale staying.
        }
        clear();
      },
      onReconnect() {
        log.warn('organisation cache: LISTEN connection back, dropping every cached organisation (notifications may have been missed)');
        clear();
      },
      onError(error) {
        log.warn({ err: error }, 'organisation cache: LISTEN connection failed; retrying, the fallback check covers the gap');
      },
    });
  }

  // The fallback check: one at a time, on an unref'd timer that never keeps the process alive.
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const schedule = () => {
    if (stopped || pollIntervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      running = checkStamps()
        .catch((error: unknown) => log.warn({ err: error }, 'organisation cache: the change-stamp check failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    get,
    invalidate,
    clear,
    get size() {
      return known.size;
    },
    checkStamps,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await listener?.close();
    },
  };
}
