import type { SsoInfoAnswer } from '../../../schemas/api/sso.ts';

/** The discovery return address for `providerId` (§3 SSO info), with forceAuthn on §8's retry. */
export function ssoStartUrl(info: Pick<SsoInfoAnswer, 'idpDiscoReturnURL' | 'idpDiscoReturnParam'>, providerId: string, forceAuthn: boolean): string {
  const query = new URLSearchParams({ [info.idpDiscoReturnParam]: providerId, ...(forceAuthn ? { forceAuthn: 'true' } : {}) });
  return `${info.idpDiscoReturnURL}?${query}`;
}

/** How long one retry with forceAuthn counts for: a second `invalid_assertion` within it is shown, not retried again. */
const RETRY_WINDOW_MS = 5 * 60_000;
const retryKey = (orgId: string, providerId: string) => `ssp.sso.retried.${orgId}.${providerId}`;

/**
 * §8 SSO: "errorCode invalid_assertion resubmits with forceAuthn=true; others in an alert". True when
 * this `invalid_assertion` is the first in a while for this provider (the retry is marked as made);
 * false when a retry was just made, so the page shows the error instead of looping.
 */
export function claimSsoRetry(orgId: string, providerId: string, now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(retryKey(orgId, providerId)) ?? 0);
    if (now - last < RETRY_WINDOW_MS) return false;
    sessionStorage.setItem(retryKey(orgId, providerId), String(now));
    return true;
  } catch {
    // No session storage (a private window's quota): no retry rather than a loop.
    return false;
  }
}

/** The catalogue key of an SSO errorCode's message (login.sso.error.*); an unknown code reads as the general one. */
export function ssoErrorKey(code: string): string {
  const known = ['invalid_assertion', 'signature', 'audience', 'issuer', 'replay', 'request', 'denied', 'token', 'unavailable', 'provider', 'disabled'];
  const name = code.replace(/^sso\./, '');
  return `login.sso.error.${known.includes(name) ? name : 'general'}`;
}
