/**
 * Who may use an organisation's portal (§2, §8): an unknown organisation and a disabled one do not
 * exist for a caller (404 `org.notFound`); with `enableSSP` false the self-service calls (login,
 * sign-up, recovery, member calls) answer 403 `ssp.page.deactivated`. Written once, here: the
 * organisation plugin (server/plugins/organization.ts) applies it to every route that declares an
 * organisation, and the public-portal register applies it to the organisation its token names.
 */
import type { Organization } from '../repositories/organizations.ts';

/** The §8 answer for an organisation that does not exist (or is disabled). */
export const ORG_NOT_FOUND = { errorCode: 'org.notFound' } as const;
/** §2 "enableSSP false … a deactivated page (message ssp.page.deactivated)". */
export const SSP_DEACTIVATED = { errorCode: 'ssp.page.deactivated' } as const;

export interface OrganizationNeeds {
  /**
   * 'allow' lets a disabled organisation through: the boot calls must answer it so that the browser
   * learns it is disabled and shows the not-found page (§2); the admin API edits it.
   */
  disabled?: 'refuse' | 'allow';
  /** The call is self-service (§2: login, new, forgot and similar): refused while `enableSSP` is false. */
  selfService?: boolean;
}

export type OrganizationRefusal =
  | { status: 404; body: typeof ORG_NOT_FOUND }
  | { status: 403; body: typeof SSP_DEACTIVATED };

/** Why `org` may not be used as `needs` says, or null when it may. */
export function organizationRefusal(org: Organization | null, needs: OrganizationNeeds): OrganizationRefusal | null {
  if (!org || (org.settings.disabled && needs.disabled !== 'allow')) return { status: 404, body: ORG_NOT_FOUND };
  if (needs.selfService && !org.settings.enableSSP) return { status: 403, body: SSP_DEACTIVATED };
  return null;
}
