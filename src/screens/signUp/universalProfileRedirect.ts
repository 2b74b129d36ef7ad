import type { FeatureFlags } from '../../../schemas/featureFlags.ts';
import type { OrgSettings } from '../../../schemas/orgSettings.ts';

/** Only web addresses (or a path of this site) may be followed: never `javascript:` or the like. */
const FOLLOWABLE = /^(?:https?:\/\/|\/(?!\/))/i;

/**
 * §2 Sign-up redirects: "If the flag forcing new accounts to the universal profile is on, the public
 * portal is not Disabled and a universal-profile URL exists, the browser is sent to that URL (with
 * orgId as query)." The address to send the browser to, or null when the rule does not apply. It is an
 * address outside the portal, which the router's redirects (relative to /{orgId}) cannot express, so
 * the sign-up screen follows it itself.
 */
export function universalProfileRedirect(org: Pick<OrgSettings, 'publicPortal'>, flags: FeatureFlags, orgId: string): string | null {
  if (!flags.PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP) return null;
  if (org.publicPortal.status === 'Disabled') return null;
  const target = org.publicPortal.universalProfileUrl.trim();
  if (!target || !FOLLOWABLE.test(target)) return null;
  const hashAt = target.indexOf('#');
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}orgId=${encodeURIComponent(orgId)}${hash}`;
}
