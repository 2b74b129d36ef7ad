/**
 * §2 "A cookie entryFromPublicPortal=true, scoped to the org path, is set on portal-home or
 * new-profile and removed on new or login." It makes the 'back to portal' link appear.
 */
import { readCookie } from '../api/client.ts';

export const PUBLIC_PORTAL_COOKIE = 'entryFromPublicPortal';

export function hasPublicPortalEntry(): boolean {
  return readCookie(PUBLIC_PORTAL_COOKIE) === 'true';
}

export function setPublicPortalEntry(orgId: string, on: boolean): void {
  const path = `/${encodeURIComponent(orgId)}`;
  document.cookie = on
    ? `${PUBLIC_PORTAL_COOKIE}=true; path=${path}; SameSite=Lax`
    : `${PUBLIC_PORTAL_COOKIE}=; path=${path}; SameSite=Lax; max-age=0`;
}
