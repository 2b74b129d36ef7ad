/**
 * Confirmed contact paths (issue 12, beyond the spec), a member domain (`/{orgId}/{contactId}/…`, only
 * the signed-in member's own contact). When a member adds or changes an e-mail address, SMS or voice
 * number, the profile save sends a one-time code through that path; the member enters it to confirm
 * the path:
 * - `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmationCode?language` → a new code through
 *   the path (the old one is void): `{outcome, maskedValue, expiresInSeconds, retryAfterSeconds}`;
 *   429 `pathConfirmation.tooSoon` (one a minute, 5 an hour, with `retryAfterSeconds`), 400
 *   `pathConfirmation.notNeeded` (no value, confirmed already, not a confirmable type, or the
 *   organisation does not ask for it);
 * - `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmation` (`code`) → `{confirmed: true}`;
 *   400 `pathConfirmation.wrongCode` (with `attemptsLeft`), 400 `pathConfirmation.expired` (no live
 *   code for this value, expired, or 5 wrong entries: send a new one), 400 `pathConfirmation.notNeeded`.
 * `GET …/contactPaths` says of each path whether it is confirmed (`confirmed`: null when nothing is asked of it).
 * Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import type { ContactPathType } from '../entities.ts';
import { Refusal, type Reply } from './common.ts';
import { MemberParams } from './profile.ts';

/** The path types a code is sent through (issue 12: "an SMS or voice number or an e-mail address"). */
export const CONFIRMABLE_PATH_TYPES: readonly ContactPathType[] = ['EMAIL', 'PLAINTEXTEMAIL', 'SMS', 'PHONE'];

export const PATH_CONFIRMATION = {
  /** Digits of a code (Rave Alert sends 4; 6 make a guess 100 times less likely). */
  codeLength: 6,
  /** How long a code is good for. */
  codeSeconds: 10 * 60,
  /** Wrong entries that void a code. */
  maxAttempts: 5,
  /** The least time between two codes to one path… */
  resendSeconds: 60,
  /** …and the most codes to one path in an hour. */
  maxSendsPerHour: 5,
} as const;

/** The errorCodes of a refused send or confirmation (each a message in the 27 catalogues). */
export const PATH_CONFIRMATION_ERRORS = {
  tooSoon: 'pathConfirmation.tooSoon',
  notNeeded: 'pathConfirmation.notNeeded',
  wrongCode: 'pathConfirmation.wrongCode',
  expired: 'pathConfirmation.expired',
} as const;

/** `/{orgId}/{contactId}/contactPaths/{pathId}/…`: the member's address and one of their paths. */
export const PathConfirmationParams = Type.Object({ ...MemberParams.properties, pathId: Type.String({ pattern: '^[0-9]{1,6}$' }) });
export type PathConfirmationParams = Static<typeof PathConfirmationParams>;

export const PathConfirmationCodeQuery = Type.Object({ language: Type.Optional(Type.String({ maxLength: 10 })) });
export type PathConfirmationCodeQuery = Static<typeof PathConfirmationCodeQuery>;

/** What became of a code sent through a path (the delivery layer's outcome; queued: in the delivery outbox). */
export const PathConfirmationCodeAnswer = Type.Object({
  outcome: Type.Union([Type.Literal('sent'), Type.Literal('queued'), Type.Literal('failed')]),
  /** The address the code went to, mostly hidden. */
  maskedValue: Type.String(),
  expiresInSeconds: Type.Integer(),
  /** Seconds until another code may be sent. */
  retryAfterSeconds: Type.Integer(),
});
export type PathConfirmationCodeAnswer = Static<typeof PathConfirmationCodeAnswer>;

/** The code as the member typed it: spaces and dashes are ignored, anything else is a wrong code. */
export const PathConfirmationBody = Type.Object({ code: Type.String({ maxLength: 20 }) }, { additionalProperties: false });
export type PathConfirmationBody = Static<typeof PathConfirmationBody>;

export const PathConfirmationAnswer = Type.Object({ confirmed: Type.Literal(true) });
export type PathConfirmationAnswer = Static<typeof PathConfirmationAnswer>;

export const PathConfirmationRefusal = Type.Object({
  ...Refusal.properties,
  retryAfterSeconds: Type.Optional(Type.Integer()),
  attemptsLeft: Type.Optional(Type.Integer()),
});
export type PathConfirmationRefusal = Static<typeof PathConfirmationRefusal>;
export type PathConfirmationCodeReply = Reply<PathConfirmationCodeAnswer, PathConfirmationRefusal>;
export type PathConfirmationReply = Reply<PathConfirmationAnswer, PathConfirmationRefusal>;
