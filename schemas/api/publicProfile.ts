/**
 * The public-portal sign-up calls of §7 (§2 new-profile):
 * - `GET /mbr-portal/api/v1/getPublicProfile?token` → §3 Public profile (400 'token not found',
 *   404 'Failed to get public user information');
 * - `POST /mbr-portal/api/v1/register` (JSON or eb-base64 JSON) → the new account, signed in.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Text } from './common.ts';
import { SignUpContactPaths } from './registration.ts';

export const PublicProfileQuery = Type.Object({ token: Type.Optional(Text(200)) });
export type PublicProfileQuery = Static<typeof PublicProfileQuery>;

/** §3 "Public profile: firstName, lastName, email, phone, countryCode, id" ('' where the profile has none). */
export const PublicProfile = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  countryCode: Type.String(),
});
export type PublicProfile = Static<typeof PublicProfile>;

/** §3 "public variant uses firstName, lastName, email, organizationId, contactPaths, publicProfileId". */
export const PublicRegisterPayload = Type.Object({
  firstName: Text(1000),
  lastName: Text(1000),
  email: Text(1000),
  organizationId: Text(64),
  contactPaths: SignUpContactPaths,
  publicProfileId: Text(200),
  /** The public-portal token the profile was fetched with (getPublicProfile): proof the person holds it. */
  token: Text(200),
});
export type PublicRegisterPayload = Static<typeof PublicRegisterPayload>;

/** register's answer: the new account (§7 individualAccountId), signed in on a new session. */
export const RegisterAnswer = Type.Object({ individualAccountId: Type.Integer(), CSRF_TOKEN_FOR_SESSION: Type.String() });
export type RegisterAnswer = Static<typeof RegisterAnswer>;
