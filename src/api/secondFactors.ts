/**
 * Passkeys and one-time codes, typed (issue 15; schemas/api/secondFactors.ts says what each answers):
 * the member's own sign-in security (`/{orgId}/{contactId}/secondFactors…`), the second step of a
 * sign-in (`/{orgId}/signIn/pending…`, the pending sign-in named by an HttpOnly cookie the browser
 * sends by itself) and Sign in with a passkey (`/{orgId}/signIn/passkey…`). WebAuthn's own JSON goes
 * through as @simplewebauthn/browser makes and reads it.
 */
import type {
  PasskeyAddedReply, PasskeyOptionsReply, PendingSignInReply, RecoveryCodesReply, SecondFactorsReply, SecondFactorStatusReply, SignedInReply, TotpSetupReply,
} from '../../schemas/api/secondFactors.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type {
  PasskeyAddedReply, PasskeyOptionsReply, PendingSignInReply, RecoveryCodesReply, SecondFactorsReply, SecondFactorStatusReply, SignedInReply, TotpSetupReply,
};

// The member's own

export const getSecondFactors = (orgId: string, contactId: number) => api.get<SecondFactorsReply | null>(paths.secondFactors(orgId, contactId));
export const startTotpSetup = (orgId: string, contactId: number) => api.post<TotpSetupReply | null>(paths.totpSetup(orgId, contactId));
export const confirmTotp = (orgId: string, contactId: number, code: string) => api.post<RecoveryCodesReply | null>(paths.totp(orgId, contactId), { json: { code } });
export const removeTotp = (orgId: string, contactId: number) => api.delete<SecondFactorStatusReply | null>(paths.totp(orgId, contactId));
export const passkeyRegistrationOptions = (orgId: string, contactId: number) => api.post<PasskeyOptionsReply | null>(paths.passkeyOptions(orgId, contactId));
export const addPasskey = (orgId: string, contactId: number, credential: unknown, name: string) =>
  api.post<PasskeyAddedReply | null>(paths.passkeys(orgId, contactId), { json: { credential, name } });
export const renamePasskey = (orgId: string, contactId: number, passkeyId: string, name: string) =>
  api.put<SecondFactorStatusReply | null>(paths.passkey(orgId, contactId, passkeyId), { json: { name } });
export const removePasskey = (orgId: string, contactId: number, passkeyId: string) => api.delete<SecondFactorStatusReply | null>(paths.passkey(orgId, contactId, passkeyId));
export const renewRecoveryCodes = (orgId: string, contactId: number) => api.post<RecoveryCodesReply | null>(paths.recoveryCodes(orgId, contactId));

// The second step of a sign-in

export const getPendingSignIn = (orgId: string) => api.get<PendingSignInReply | null>(paths.pendingSignIn(orgId));
export const sendSecondStepCode = (orgId: string, code: string) => api.post<SignedInReply | null>(paths.pendingSignInCode(orgId), { json: { code } });
export const secondStepPasskeyOptions = (orgId: string) => api.post<PasskeyOptionsReply | null>(paths.pendingSignInPasskeyOptions(orgId));
export const sendSecondStepPasskey = (orgId: string, credential: unknown) => api.post<SignedInReply | null>(paths.pendingSignInPasskey(orgId), { json: { credential } });
export const startEnrolmentTotp = (orgId: string) => api.post<TotpSetupReply | null>(paths.pendingSignInTotpSetup(orgId));
export const confirmEnrolmentTotp = (orgId: string, code: string) => api.post<SignedInReply | null>(paths.pendingSignInTotp(orgId), { json: { code } });
export const enrolmentPasskeyOptions = (orgId: string) => api.post<PasskeyOptionsReply | null>(paths.pendingSignInPasskeysOptions(orgId));
export const enrolPasskey = (orgId: string, credential: unknown, name: string) =>
  api.post<SignedInReply | null>(paths.pendingSignInPasskeys(orgId), { json: { credential, name } });

// Sign in with a passkey

export const passkeySignInOptions = (orgId: string) => api.post<PasskeyOptionsReply | null>(paths.passkeySignInOptions(orgId));
export const sendPasskeySignIn = (orgId: string, credential: unknown) => api.post<SignedInReply | null>(paths.passkeySignIn(orgId), { json: { credential } });
