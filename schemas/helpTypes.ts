/**
 * The help-and-answer types of §2 "Help paths": one tip per page family,
 * fetched with `GET /{orgId}/helpAndAnswer?type`.
 */
export const HELP_TYPES = [
  'home',
  'my-profile',
  'my-location',
  'my-subscription',
  'my-additionalInformation',
  'login',
  'login/sso',
  'new',
  'new/account',
] as const;

export type HelpType = (typeof HELP_TYPES)[number];
