import type { FeatureFlags } from './featureFlags.ts';
import { isFollowableUrl } from './followableUrl.ts';
import type { OrgSettings } from './orgSettings.ts';

/**
 * The organisation's universal profile (§2: the public portal's own sign-up and login), with orgId
 * as query, or null when there is none to go to: the public portal is Disabled, or no usable address
 * is set.
 */
export function universalProfileUrl(org: Pick<OrgSettings, 'publicPortal'>, orgId: string): string | null {
  if (org.publicPortal.status === 'Disabled') return null;
  const target = org.publicPortal.universalProfileUrl.trim();
  if (!isFollowableUrl(target)) return null;
  const hashAt = target.indexOf('#');
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}orgId=${encodeURIComponent(orgId)}${hash}`;
}

/**
 * §2 Sign-up redirects: "If the flag forcing new accounts to the universal profile is on, the public
 * portal is not Disabled and a universal-profile URL exists, the browser is sent to that URL (with
 * orgId as query)." The address to send the browser to, or null when the rule does not apply. It is an
 * address outside the portal, which the router's redirects (relative to /{orgId}) cannot express, so
 * the sign-up screen follows it itself, and the login page's sign-up link points there.
 */
export function universalProfileRedirect(org: Pick<OrgSettings, 'publicPortal'>, flags: FeatureFlags, orgId: string): string | null {
  return flags.PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP ? universalProfileUrl(org, orgId) : null;
}

/**
 * §2 Login page: "When universal-profile flags apply, sign-up links to the external URL and a
 * universal-profile panel with Continue shows; login form hidden when hide-login flag set and public
 * portal not Disabled."
 */
export function loginPageVariant(org: Pick<OrgSettings, 'publicPortal'>, flags: FeatureFlags, orgId: string) {
  return {
    /** Where the sign-up link goes when it leaves the portal (null: the portal's own sign-up). */
    signUpUrl: universalProfileRedirect(org, flags, orgId),
    /** The Continue of the universal-profile panel (null: no panel). */
    panelUrl: flags.PUBLIC_PORTAL_SHOW_LOGIN_TO_UP ? universalProfileUrl(org, orgId) : null,
    hideLoginForm: flags.PUBLIC_PORTAL_HIDE_LOGIN_TO_MP && org.publicPortal.status !== 'Disabled',
  };
}
