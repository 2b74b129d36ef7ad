/**
 * §2 "A cookie entryFromPublicPortal=true, scoped to the org path, is set on portal-home or
 * new-profile and removed on new or login." It makes the 'back to portal' link appear.
 */
import { readCookie, writeOrgCookie } from '../api/client.ts';

export const PUBLIC_PORTAL_COOKIE = 'entryFromPublicPortal';

export function hasPublicPortalEntry(): boolean {
  return readCookie(PUBLIC_PORTAL_COOKIE) === 'true';
}

export function setPublicPortalEntry(orgId: string, on: boolean): void {
  writeOrgCookie(orgId, PUBLIC_PORTAL_COOKIE, on ? 'true' : null);
}
