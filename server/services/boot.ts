/**
 * What the §7 boot calls read: the boot data of an organisation (§3 Organisation, nav config,
 * account) and who an access key (§5, §6) signs in as.
 */
import type { Account } from '../../schemas/account.ts';
import type { BootData } from '../../schemas/boot.ts';
import type { MapTiles } from '../config.ts';
import type { Db } from '../db/client.ts';
import { findAccount } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { resolveAccessKey } from './accessKeys.ts';
import { organizationRefusal } from './organizationAccess.ts';

/** The member an access key signs in as; none where members cannot sign in (disabled, SSP off). */
export async function accessKeyHolder(db: Db, org: Organization, accessKey: string | null | undefined): Promise<number | null> {
  if (!accessKey || organizationRefusal(org, { selfService: true })) return null;
  return resolveAccessKey(db, org.orgId, accessKey);
}

/** §3 Account of the signed-in contact, or null for a visitor. */
export function accountOf(db: Db, org: Organization, contactId: number | null): Promise<Account | null> {
  return contactId === null ? Promise.resolve(null) : findAccount(db, org.orgId, contactId, org.settings.secureMessaging);
}

/**
 * `GET /rest/init`'s answer. A disabled organisation answers too (settings only, no account): the
 * browser learns from it that the organisation is disabled and shows the not-found page (§2).
 */
export async function bootData(db: Db, org: Organization, contactId: number | null, site: { serverVersion: string; mapTiles: MapTiles | null }): Promise<BootData> {
  return {
    orgId: org.orgId,
    organization: org.settings,
    // §3 "Nav config: showNotification, showWeather, showEvent".
    navConfig: {
      showNotification: org.settings.showNotificationsToMemberPortal,
      showWeather: org.settings.showWeather,
      showEvent: org.settings.showEvent,
    },
    account: org.settings.disabled ? null : await accountOf(db, org, contactId),
    serverVersion: site.serverVersion,
    // The tiles' address and credit; their key only on request (GET /rest/api/map/cas/token).
    mapTiles: site.mapTiles ? { url: site.mapTiles.url, attribution: site.mapTiles.attribution } : null,
  };
}
