/**
 * Passkeys and one-time codes (issue 15, beyond the spec). Two scopes:
 *
 * The member's own sign-in security, a member domain (`/{orgId}/{contactId}/…`, only the signed-in
 * member's own contact; CSRF token on every change):
 * - `GET …/secondFactors` → what they have (SecondFactorsAnswer);
 * - `POST …/secondFactors/totp/setup` → a new authenticator-app secret, its `otpauth://` address and
 *   QR code (TotpSetupAnswer); 409 `secondFactor.totpExists`;
 * - `POST …/secondFactors/totp` (`code`) → the app confirmed by a code of it, with 10 new recovery
 *   codes shown once (RecoveryCodesAnswer); 400 `secondFactor.codeInvalid`, 409 `secondFactor.setupExpired`;
 * - `DELETE …/secondFactors/totp`, `DELETE …/secondFactors/passkeys/{passkeyId}` → `{status: 'ok'}`;
 *   404 `secondFactor.notFound`, 409 `secondFactor.required` (the organisation requires a second
 *   factor and this is the member's last);
 * - `POST …/secondFactors/passkeys/options` → WebAuthn creation options (PasskeyOptionsAnswer); 409
 *   `passkey.limit` (MAX_PASSKEYS), 403 `passkey.unavailable` (no relying party at this address);
 * - `POST …/secondFactors/passkeys` (`credential`, `name`) → the passkey stored (PasskeyAddedAnswer,
 *   with recovery codes when it is the member's first factor); 400 `passkey.invalid` (a wrong
 *   challenge, origin, signature, or no user verification), 409 `passkey.exists`, `passkey.limit`,
 *   `secondFactor.setupExpired`;
 * - `PUT …/secondFactors/passkeys/{passkeyId}` (`name`) → renamed;
 * - `POST …/secondFactors/recoveryCodes` → 10 new recovery codes (the old ones void); 409 `secondFactor.none`.
 *
 * The second step of a sign-in (account scope; the browser's HttpOnly SSPPENDING cookie names the
 * pending sign-in the password started, path `/{orgId}/signIn`; CSRF token on every POST):
 * - `GET /{orgId}/signIn/pending` → which second steps the member has, or must enrol one
 *   (PendingSignInAnswer); 403 `secondFactor.pendingExpired` without a live one (5 minutes);
 * - `POST /{orgId}/signIn/pending/code` (`code`: 6 digits of the app, or a recovery code) → signed in
 *   (SignedInAnswer); 403 `secondFactor.codeInvalid` (FedRAMP: with `remainCount`),
 *   `secondFactor.codeUsed` (that step's code was taken), `ssp.request.account.locked.fedRamp`
 *   (with `fedrampLockTime`), 429 `login.throttled`: the password's counting (services/passwordAttempts.ts);
 * - `POST /{orgId}/signIn/pending/passkey/options` and `…/pending/passkey` (`credential`) → the same with a passkey;
 * - enrolment where the organisation requires a second factor and the member has none:
 *   `POST …/pending/totp/setup`, `POST …/pending/totp` (`code`), `POST …/pending/passkeys/options`,
 *   `POST …/pending/passkeys` (`credential`, `name`) → signed in, with the recovery codes; 403
 *   `secondFactor.enrolNotAllowed` otherwise;
 * - `POST /{orgId}/signIn/passkey/options` and `POST /{orgId}/signIn/passkey` (`credential`): "Sign in
 *   with a passkey", no username (a discoverable credential, user verification required); 403
 *   `passkey.unknown` for a passkey the organisation does not know.
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { Constant, OrgId, Text, type Reply } from './common.ts';
import { LoginRefusal } from './accounts.ts';
import { MemberParams } from './profile.ts';

/** Issue 15's bounds. */
export const SECOND_FACTOR_LIMITS = {
  /** Passkeys a member may have. */
  maxPasskeys: 10,
  /** Characters of a passkey's name. */
  nameLength: 64,
  /** Recovery codes made at a time. */
  recoveryCodes: 10,
  /** Seconds a sign-in waits for its second step. */
  pendingSeconds: 5 * 60,
} as const;

/** A base64url value of at most `maxLength` characters (what WebAuthn's JSON carries). */
const Base64Url = (maxLength: number) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*$' });

/** A credential id as the browser sends it: at most 1,023 bytes (WebAuthn), 1,364 characters in base64url. */
export const CredentialId = Type.String({ minLength: 1, maxLength: 1364, pattern: '^[A-Za-z0-9_-]+$' });

/** What a WebAuthn answer may also carry that nothing here reads. */
const ClientExtras = {
  authenticatorAttachment: Type.Optional(Text(32)),
  clientExtensionResults: Type.Optional(Type.Object({}, { additionalProperties: true, maxProperties: 20 })),
};

/** `navigator.credentials.create()`'s answer as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const RegistrationCredential = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Constant('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65536),
    authenticatorData: Type.Optional(Base64Url(32768)),
    transports: Type.Optional(Type.Array(Text(32), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(8192)),
  }),
  ...ClientExtras,
});
export type RegistrationCredential = Static<typeof RegistrationCredential>;

/** `navigator.credentials.get()`'s answer as @simplewebauthn/browser sends it (AuthenticationResponseJSON). */
export const AuthenticationCredential = Type.Object({
  id: CredentialId,
  rawId: CredentialId,
  type: Constant('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(32768),
    signature: Base64Url(8192),
    userHandle: Type.Optional(Base64Url(128)),
  }),
  ...ClientExtras,
});
export type AuthenticationCredential = Static<typeof AuthenticationCredential>;

/** A passkey as the member's page lists it (never its key). */
export const PasskeyItem = Type.Object({
  /** The credential id: what removing or renaming it names. */
  id: Type.String(),
  /** The member's name for it; '' when they gave none (the page names it by `deviceType`). */
  name: Type.String(),
  /** `singleDevice` (on one device) or `multiDevice` (synced by the device's maker). */
  deviceType: Type.String(),
  backedUp: Type.Boolean(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PasskeyItem = Static<typeof PasskeyItem>;

export const SecondFactorsAnswer = Type.Object({
  /** The organisation requires a second factor: the last one cannot be removed. */
  required: Type.Boolean(),
  totp: Type.Union([Type.Object({ createdAt: Type.String(), lastUsedAt: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  passkeys: Type.Array(PasskeyItem),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: Type.Integer(),
  maxPasskeys: Type.Integer(),
});
export type SecondFactorsAnswer = Static<typeof SecondFactorsAnswer>;

/** A new authenticator-app secret: base32 for typing in, the `otpauth://totp/…` address, and its QR code as an SVG data URL. */
export const TotpSetupAnswer = Type.Object({ secret: Type.String(), uri: Type.String(), qrCode: Type.String() });
export type TotpSetupAnswer = Static<typeof TotpSetupAnswer>;

/** A code typed by the member: 6 digits of their app, or a recovery code (spaces and dashes are ignored). */
export const CodeBody = Type.Object({ code: Text(40) });
export type CodeBody = Static<typeof CodeBody>;

/** Recovery codes, shown once: the server keeps only their HMACs. */
export const RecoveryCodesAnswer = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodesAnswer = Static<typeof RecoveryCodesAnswer>;

/**
 * WebAuthn options for `navigator.credentials.create()` or `.get()` (PublicKeyCredentialCreationOptionsJSON
 * or …RequestOptionsJSON, passed on as they are), and the origin the answer must come from (a page at
 * another address, the demo's http://127.0.0.1 for http://localhost, says where passkeys work).
 */
export const PasskeyOptionsAnswer = Type.Object({
  options: Type.Object({}, { additionalProperties: true }),
  origin: Type.String(),
});
export type PasskeyOptionsAnswer = Static<typeof PasskeyOptionsAnswer>;

export const PasskeyRegistrationBody = Type.Object({
  credential: RegistrationCredential,
  name: Type.Optional(Text(SECOND_FACTOR_LIMITS.nameLength)),
});
export type PasskeyRegistrationBody = Static<typeof PasskeyRegistrationBody>;

export const PasskeyAddedAnswer = Type.Object({
  passkey: PasskeyItem,
  /** With the member's first factor: their 10 recovery codes, shown once. */
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
});
export type PasskeyAddedAnswer = Static<typeof PasskeyAddedAnswer>;

export const PasskeyRenameBody = Type.Object({ name: Text(SECOND_FACTOR_LIMITS.nameLength) });
export type PasskeyRenameBody = Static<typeof PasskeyRenameBody>;

/** `/{orgId}/{contactId}/secondFactors/passkeys/{passkeyId}`. */
export const PasskeyParams = Type.Object({ ...MemberParams.properties, passkeyId: CredentialId });
export type PasskeyParams = Static<typeof PasskeyParams>;

/** `{status: 'ok'}` of a removal or a rename. */
export const SecondFactorStatus = Type.Object({ status: Type.String() });
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

/** `/{orgId}/signIn/…`. */
export const SignInParams = Type.Object({ orgId: OrgId });
export type SignInParams = Static<typeof SignInParams>;

/** What the second-step page offers: the member's factors, or the enrolment their organisation requires. */
export const PendingSignInAnswer = Type.Object({
  /** The organisation requires a second factor and the member has none: they add one now. */
  enrol: Type.Boolean(),
  totp: Type.Boolean(),
  passkey: Type.Boolean(),
  recoveryCodes: Type.Boolean(),
  expiresInSeconds: Type.Integer(),
});
export type PendingSignInAnswer = Static<typeof PendingSignInAnswer>;

export const SecondStepPasskeyBody = Type.Object({ credential: AuthenticationCredential });
export type SecondStepPasskeyBody = Static<typeof SecondStepPasskeyBody>;

/**
 * Signed in (as §7's login answers `status '1'`): the home page and the new session's CSRF token; after
 * an enrolment, the member's recovery codes, shown once.
 */
export const SignedInAnswer = Type.Object({
  status: Type.String(),
  redirect: Type.String(),
  CSRF_TOKEN_FOR_SESSION: Type.String(),
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
});
export type SignedInAnswer = Static<typeof SignedInAnswer>;

/** A refused second step: as a refused login (FedRAMP's `remainCount` and `fedrampLockTime` included). */
export const SecondStepRefusal = LoginRefusal;

export type SecondFactorsReply = Reply<SecondFactorsAnswer>;
export type TotpSetupReply = Reply<TotpSetupAnswer>;
export type RecoveryCodesReply = Reply<RecoveryCodesAnswer>;
export type PasskeyOptionsReply = Reply<PasskeyOptionsAnswer>;
export type PasskeyAddedReply = Reply<PasskeyAddedAnswer>;
export type SecondFactorStatusReply = Reply<SecondFactorStatus>;
export type PendingSignInReply = Reply<PendingSignInAnswer, LoginRefusal>;
export type SignedInReply = Reply<SignedInAnswer, LoginRefusal>;
