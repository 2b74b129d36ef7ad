/**
 * The six feature flags requested per organisation (§6), sent as
 * `POST /featureFlags?orgId` with `[{ trafficType: 'organization', names }]`.
 */
export const FEATURE_FLAG_NAMES = [
  'cme_mbr_delelteButton',
  'ebs_trm_enableSecuredTravelEducationPortal',
  'PUBLIC_PORTAL_HIDE_LOGIN_TO_MP',
  'PUBLIC_PORTAL_SHOW_LOGIN_TO_UP',
  'PUBLIC_PORTAL_FORCE_LINKED_ACCOUNT_TO_UP',
  'PUBLIC_PORTAL_FORCE_NEW_ACCOUNT_TO_UP',
] as const;

export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

/** The answer of `POST /featureFlags`: every requested flag, on or off. */
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** All six flags off: what a member sees before the flags arrive or when the call fails. */
export const FEATURE_FLAGS_OFF: FeatureFlags = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;
