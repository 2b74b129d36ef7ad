/**
 * The public-portal sign-up calls of §7, typed: `GET /mbr-portal/api/v1/getPublicProfile?token`
 * (the profile the portal handed over) and `POST /mbr-portal/api/v1/register` (JSON, the public
 * variant of the §3 payload). Both are `isSignUp`: they handle 401/504 themselves (§8).
 */
import type { PublicProfile, PublicRegisterPayload } from '../../schemas/api/publicProfile.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';
import type { SignUpReply } from './registration.ts';

export type { PublicProfile };

export function getPublicProfile(token: string, signal?: AbortSignal) {
  return api.get<PublicProfile>(paths.publicProfile, { query: { token }, signal, isSignUp: true });
}

export function register(payload: PublicRegisterPayload, signal?: AbortSignal) {
  return api.post<SignUpReply | null>(paths.registerPublic, { json: payload, isSignUp: true, signal });
}
