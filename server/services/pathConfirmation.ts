/**
 * Confirmed contact paths (issue 12, beyond the spec): a wrong number means a missed warning. When a
 * member adds or changes an e-mail address, SMS or voice number, the save sends a 6-digit code
 * through that path (the delivery layer's adapters, or its outbox); the member enters it and the path
 * is confirmed for that value. The organisation's `contactPathConfirmation` settings say whether codes
 * are sent (`required`) and whether paths not confirmed yet still receive alerts
 * (`unconfirmedPathsReceive`; the demo organisations keep them receiving, marked).
 *
 * Codes last 10 minutes, are kept only as an HMAC under a server secret, are void after 5 wrong
 * entries, and one path gets at most one a minute and 5 an hour (schemas/api/pathConfirmation.ts
 * PATH_CONFIRMATION). The code's text is never logged (the delivery layer logs no text).
 */
import { randomInt } from 'node:crypto';
import { CONFIRMABLE_PATH_TYPES, PATH_CONFIRMATION, PATH_CONFIRMATION_ERRORS as ERRORS } from '../../schemas/api/pathConfirmation.ts';
import type { ContactPathDefinition, ContactPathType } from '../../schemas/entities.ts';
import { contactPathDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import type { ContactPathValues } from '../../schemas/profile/formData.ts';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import {
  claimConfirmationAttempt, claimConfirmationSend, confirmationKey, findConfirmation, markPathConfirmed, secondsUntilNextSend,
} from '../repositories/pathConfirmations.ts';
import { findMemberProfile } from '../repositories/profiles.ts';
import type { Delivery } from './delivery/createDelivery.ts';
import type { DeliveryLog } from './delivery/deliveryMessage.ts';
import { maskAddress } from './delivery/maskAddress.ts';
import { translate } from './messages.ts';
import { refuse, type Refusal } from './results.ts';
import { hmac } from './serverSecrets.ts';
import { sameToken } from './tokens.ts';

export interface PathConfirmationDeps {
  db: Db;
  delivery: Delivery;
  /** The request's logger: the delivery's lines carry its id. */
  log?: DeliveryLog;
}

const CONFIRMABLE: ReadonlySet<ContactPathType> = new Set(CONFIRMABLE_PATH_TYPES);
const NOT_FOUND = refuse(404, { errorCode: 'profile.notFound' });
const NOT_NEEDED = refuse(400, { errorCode: ERRORS.notNeeded });

/**
 * Whether a path is confirmed: null when nothing is asked of it (the organisation does not ask, its
 * type takes no code, or it has no value), else whether it holds the value the member confirmed.
 */
export function confirmationOf(org: Organization, path: Pick<ContactPathValues, 'type' | 'value' | 'countryCode'>, confirmedKey: string | null): boolean | null {
  if (!org.settings.contactPathConfirmation.required || !CONFIRMABLE.has(path.type) || path.value.trim() === '') return null;
  return confirmedKey === confirmationKey(path.value, path.countryCode);
}

function codeHash(db: Db, orgId: string, contactId: number, pathId: number, targetKey: string, code: string): Promise<string> {
  return hmac(db, 'path-confirmation', `${orgId}\n${contactId}\n${pathId}\n${targetKey}\n${code}`);
}

type SendResult =
  | { ok: true; outcome: 'sent' | 'queued' | 'failed'; maskedValue: string; expiresInSeconds: number; retryAfterSeconds: number }
  | Refusal;

/** Makes a code for the path, claims the send in the limits and sends it; refused 429 when the limits say wait. */
async function sendCode(deps: PathConfirmationDeps, org: Organization, contactId: number, definition: ContactPathDefinition, path: ContactPathValues, language: string | undefined): Promise<SendResult> {
  const targetKey = confirmationKey(path.value, path.countryCode);
  const code = String(randomInt(0, 10 ** PATH_CONFIRMATION.codeLength)).padStart(PATH_CONFIRMATION.codeLength, '0');
  const claimed = await claimConfirmationSend(deps.db, org.orgId, contactId, definition.pathId, targetKey, await codeHash(deps.db, org.orgId, contactId, definition.pathId, targetKey, code));
  if (!claimed) {
    const retryAfterSeconds = Math.max(1, secondsUntilNextSend(await findConfirmation(deps.db, org.orgId, contactId, definition.pathId), Date.now()));
    return refuse(429, { errorCode: ERRORS.tooSoon, retryAfterSeconds, message: translate(language, ERRORS.tooSoon, { seconds: retryAfterSeconds }) });
  }
  // A call says the digits one by one ("1 2 3 …"), not as one large number.
  const params = { orgName: org.settings.orgName, code: definition.type === 'PHONE' ? code.split('').join(' ') : code, minutes: PATH_CONFIRMATION.codeSeconds / 60 };
  const result = await deps.delivery.deliver({
    orgId: org.orgId, contactId, pathType: definition.type, address: path.value, countryCode: path.countryCode,
    subject: translate(language, 'pathConfirmation.message.subject', params),
    text: translate(language, 'pathConfirmation.message.text', params),
    kind: 'confirmation',
  }, deps.log);
  return {
    ok: true, outcome: result.outcome, maskedValue: maskAddress(definition.type, path.value),
    expiresInSeconds: PATH_CONFIRMATION.codeSeconds, retryAfterSeconds: PATH_CONFIRMATION.resendSeconds,
  };
}

/** The member's path `pathId` with its definition and confirmation, or a refusal. */
async function pathToConfirm(db: Db, org: Organization, contactId: number, pathId: number) {
  const record = await findMemberProfile(db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const definition = contactPathDefinitionsOf(org.settings).find((candidate) => candidate.pathId === pathId);
  const path = record.profile.contactPaths.find((candidate) => candidate.pathId === pathId);
  if (!definition || !path || confirmationOf(org, path, record.confirmedKeys.get(pathId) ?? null) !== false) return NOT_NEEDED;
  return { ok: true as const, definition, path };
}

/** `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmationCode?language`: a new code through the path. */
export async function sendConfirmationCode(deps: PathConfirmationDeps, org: Organization, contactId: number, pathId: number, language: string | undefined): Promise<SendResult> {
  const found = await pathToConfirm(deps.db, org, contactId, pathId);
  if (!found.ok) return found;
  return sendCode(deps, org, contactId, found.definition, found.path, language);
}

/** `POST /{orgId}/{contactId}/contactPaths/{pathId}/confirmation`: the code the member entered. */
export async function confirmPath(deps: PathConfirmationDeps, org: Organization, contactId: number, pathId: number, entered: string) {
  const found = await pathToConfirm(deps.db, org, contactId, pathId);
  if (!found.ok) return found;
  const targetKey = confirmationKey(found.path.value, found.path.countryCode);
  const attempt = await claimConfirmationAttempt(deps.db, org.orgId, contactId, pathId);
  // No live code, or one sent to an earlier value of the path: a new one must be sent.
  if (!attempt || attempt.targetKey !== targetKey) return refuse(400, { errorCode: ERRORS.expired });
  const code = entered.replace(/[\s-]/g, '');
  const hash = await codeHash(deps.db, org.orgId, contactId, pathId, targetKey, code);
  if (!/^\d+$/.test(code) || !sameToken(hash, attempt.codeHash)) {
    const attemptsLeft = PATH_CONFIRMATION.maxAttempts - attempt.attempts;
    return attemptsLeft > 0 ? refuse(400, { errorCode: ERRORS.wrongCode, attemptsLeft }) : refuse(400, { errorCode: ERRORS.expired });
  }
  if (!(await markPathConfirmed(deps.db, org.orgId, contactId, pathId, targetKey))) return refuse(400, { errorCode: ERRORS.expired });
  return { ok: true as const, confirmed: true as const };
}

/** After a sign-up: a code to every path the new account has that is asked to be confirmed, in the member's language. */
export async function sendCodesToNewAccount(deps: PathConfirmationDeps, org: Organization, contactId: number): Promise<number[]> {
  const record = await findMemberProfile(deps.db, org.orgId, contactId);
  if (!record) return [];
  return sendCodesForChangedPaths(deps, org, contactId, [], record.profile.contactPaths, record.confirmedKeys, record.contact.preferredLanguage);
}

/**
 * After a save: a code to every path the save gave a new value that is not confirmed (a path saved
 * unchanged gets none: "send the code again" is the member's). Sent side by side, each bounded by the
 * delivery layer; a path the limits hold back is left for "send the code again". Answers the pathIds
 * a code went to.
 */
export async function sendCodesForChangedPaths(
  deps: PathConfirmationDeps, org: Organization, contactId: number,
  before: readonly ContactPathValues[], after: readonly ContactPathValues[], confirmedKeys: ReadonlyMap<number, string | null>, language: string | undefined,
): Promise<number[]> {
  const definitions = new Map(contactPathDefinitionsOf(org.settings).map((definition) => [definition.pathId, definition]));
  const earlier = new Map(before.map((path) => [path.pathId, confirmationKey(path.value, path.countryCode)]));
  const changed = after.filter((path) => {
    const definition = definitions.get(path.pathId);
    return definition && earlier.get(path.pathId) !== confirmationKey(path.value, path.countryCode) && confirmationOf(org, path, confirmedKeys.get(path.pathId) ?? null) === false;
  });
  const sent = await Promise.all(changed.map(async (path) => ((await sendCode(deps, org, contactId, definitions.get(path.pathId)!, path, language)).ok ? [path.pathId] : [])));
  return sent.flat();
}
