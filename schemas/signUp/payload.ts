/**
 * §3 "Account creation payload" and its public-portal variant: what the sign-up screens send in
 * `POST /rest/registration/signUp` (form `userDetail`) and `POST /mbr-portal/api/v1/register`.
 * The browser builds it from the sign-up builder's form data (`toPayload.ts`); the server turns it
 * back into that form data (`fromPayload.ts`) and validates it with the very same schema.
 */

/** §3 contact paths: e-mail is pathId 1; SMS, phone and Slack take theirs from the organisation settings. */
export const EMAIL_PATH_ID = 1;

/**
 * The payload's shapes are defined once, as the JSON Schemas the server validates the bodies with
 * (schemas/api/registration.ts, schemas/api/publicProfile.ts); these are their derived types:
 * §3 contact paths and `contactAddressVo`, the creation payload and its public variant (§3 "public
 * variant uses firstName, lastName, email, organizationId, contactPaths, publicProfileId"), the §3
 * Public profile and the §1 invitation parameters of a private organisation's sign-up link.
 */
export type { ContactAddressVo, InvitationParams, SignUpContactPath, SignUpPayload } from '../api/registration.ts';
export type { PublicProfile, PublicRegisterPayload } from '../api/publicProfile.ts';
