/**
 * The test-notification calls of §7 (issue 12 "Test notification, for real"), a member domain
 * (`/{orgId}/{contactId}/…`, only the signed-in member's own contact):
 * - `GET /{orgId}/{contactId}/testNotification/permission` → whether the member may send one now
 *   (§6 "Test notification needs permission and a captcha token": the organisation's
 *   `sendNotificationPermission.permission` and a path with a value that is not waiting out its 5
 *   minutes), the paths it can go to, and the captcha: `altcha` (self-hosted proof of work, its
 *   challenge from `…/testNotification/challenge`) or `recaptcha` with its public site key;
 * - `GET /{orgId}/{contactId}/testNotification/challenge` → an ALTCHA challenge (v2 proof of work,
 *   `{parameters, signature}`, signed and expiring in minutes), as the `altcha` widget fetches it;
 * - `POST /{orgId}/{contactId}/testNotification?language` (form `g-recaptcha-response`: the captcha's
 *   solution, the ALTCHA payload or the reCAPTCHA token; `pathId`) → `{success, message}`: success
 *   false with the message when the delivery failed. Refusals: 400 `captcha.*` (missing, invalid,
 *   expired, replayed), 400 `testNotification.unknownPath`, 403 `testNotification.notPermitted`,
 *   429 `testNotification.tooSoon` (with `retryAfterSeconds`).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { CONTACT_PATH_TYPES, type ContactPathType } from '../entities.ts';
import { LANGUAGES } from '../languages.ts';
import { Refusal, type Reply } from './common.ts';

/** One test per member per path in this window (issue 12 "Limits"). */
export const TEST_NOTIFICATION_WINDOW_SECONDS = 5 * 60;

/** The errorCodes of a refused send (each a message in the 27 catalogues). */
export const TEST_NOTIFICATION_ERRORS = {
  tooSoon: 'testNotification.tooSoon',
  notPermitted: 'testNotification.notPermitted',
  unknownPath: 'testNotification.unknownPath',
  captchaMissing: 'captcha.missing',
  captchaInvalid: 'captcha.invalid',
  captchaExpired: 'captcha.expired',
  captchaReplayed: 'captcha.replayed',
  captchaUnavailable: 'captcha.unavailable',
} as const;

const PathType = Type.Unsafe<ContactPathType>({ type: 'string', enum: [...CONTACT_PATH_TYPES] });

/** A path a test can go to: the organisation's definition and the member's value, masked. */
export const TestNotificationPath = Type.Object({
  pathId: Type.Integer(),
  pathType: PathType,
  name: Type.String(),
  /** The member's address with most of it hidden (`a•••@example.org`, `+•••••••0134`). */
  maskedValue: Type.String(),
  /** Seconds until a test may go to it again (0: now). */
  retryAfterSeconds: Type.Integer({ minimum: 0 }),
});
export type TestNotificationPath = Static<typeof TestNotificationPath>;

/**
 * The captcha the send needs: self-hosted ALTCHA, or Google reCAPTCHA with the organisation's site
 * key and the script the browser loads for it (RECAPTCHA_SCRIPT_URL; the organisation's pages let it
 * past their Content-Security-Policy).
 */
export const CaptchaInfo = Type.Union([
  Type.Object({ kind: Type.Literal('altcha'), challengeUrl: Type.String() }),
  Type.Object({ kind: Type.Literal('recaptcha'), siteKey: Type.String(), scriptUrl: Type.String() }),
]);
export type CaptchaInfo = Static<typeof CaptchaInfo>;

/** `GET …/testNotification/permission`. */
export const TestNotificationPermissionAnswer = Type.Object({
  /** §3 sendNotificationPermission.permission for this member now: the organisation allows it and some path may take one. */
  permission: Type.Boolean(),
  /** §3 sendNotificationPermission.recaptchaSiteKey: '' unless reCAPTCHA is in use. */
  recaptchaSiteKey: Type.String(),
  captcha: CaptchaInfo,
  paths: Type.Array(TestNotificationPath),
  windowSeconds: Type.Integer(),
});
export type TestNotificationPermissionAnswer = Static<typeof TestNotificationPermissionAnswer>;

/** `GET …/testNotification/challenge`: altcha-lib v2's Challenge, what the altcha v3 widget solves. */
export const AltchaChallengeAnswer = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Number()),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))),
  }),
  signature: Type.String(),
});
export type AltchaChallengeAnswer = Static<typeof AltchaChallengeAnswer>;

/** `POST …/testNotification?language`: the language of the message (§9 default en_US). */
export const TestNotificationQuery = Type.Object({
  language: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: LANGUAGES.map(({ lang }) => lang) })),
});
export type TestNotificationQuery = Static<typeof TestNotificationQuery>;

/** The send's form: the captcha's solution (§7 `g-recaptcha-response`) and the chosen path. */
export const TestNotificationBody = Type.Object({
  'g-recaptcha-response': Type.String({ maxLength: 4000 }),
  /** §3 Contact path pathId, as a form sends it: digits. */
  pathId: Type.String({ pattern: '^[0-9]{1,6}$' }),
}, { additionalProperties: false });
export type TestNotificationBody = Static<typeof TestNotificationBody>;

/** What the browser sends (a form). */
export interface TestNotificationForm {
  'g-recaptcha-response': string;
  pathId: string;
}

/** §7 "success, message": success false with the message when the delivery failed. */
export const TestNotificationAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type TestNotificationAnswer = Static<typeof TestNotificationAnswer>;

/** A refused send; 429 carries the seconds to wait. */
export const TestNotificationRefusal = Type.Object({ ...Refusal.properties, retryAfterSeconds: Type.Optional(Type.Integer()) });
export type TestNotificationRefusal = Static<typeof TestNotificationRefusal>;
export type TestNotificationReply = Reply<TestNotificationAnswer, TestNotificationRefusal>;
