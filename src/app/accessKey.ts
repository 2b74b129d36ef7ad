/**
 * §5 "Access key: a non-empty accessKey in the URL is saved in an org-scoped cookie unless equal to
 * stored and user logged in." The boot's init call sends the URL's accessKey, else the stored one
 * (§7 `GET /rest/init?orgId&accessKey`), so a member who opened an access-key link once is let in
 * again from a plain address of the organisation for as long as the key is valid.
 */
import { readCookie, writeOrgCookie } from '../api/client.ts';

export const ACCESS_KEY_COOKIE = 'accessKey';

/** The server keeps an access key 30 days (admin accessKeys); the cookie does not outlive it. */
const ACCESS_KEY_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The key the init call sends: the URL's when it has a non-empty one, else the stored one, else none. */
export function accessKeyForInit(urlKey: string | null, storedKey: string | null): string | null {
  return urlKey || storedKey || null;
}

/**
 * The §5 decision, after the init call answered: the key to save in the cookie, or null to leave
 * the cookie as it is. A URL key is saved unless it is the stored one and the member is signed in.
 */
export function accessKeyToStore(urlKey: string | null, storedKey: string | null, loggedIn: boolean): string | null {
  if (!urlKey) return null;
  if (urlKey === storedKey && loggedIn) return null;
  return urlKey;
}

/** The key stored for the organisation of the current address (the cookie's path is /{orgId}). */
export function storedAccessKey(): string | null {
  return readCookie(ACCESS_KEY_COOKIE) || null;
}

export function storeAccessKey(orgId: string, key: string): void {
  writeOrgCookie(orgId, ACCESS_KEY_COOKIE, key, ACCESS_KEY_MAX_AGE_S);
}
