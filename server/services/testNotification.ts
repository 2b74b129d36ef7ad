/**
 * The test notification (§7 testNotification calls, §6 "Test notification needs permission and a
 * captcha token", issue 12 "Test notification, for real"): a member sends themselves a short message
 * on one of their contact paths, through the delivery layer's real adapters, to see that it arrives.
 *
 * Who may: the organisation's `sendNotificationPermission.permission` (on by default), a path of the
 * member's with a value whose type something can deliver to (not RECIP: its value only says the app
 * is signed in), and that path not tested in the last 5 minutes.
 *
 * A send, in this order, so that a refused one uses up nothing it should not: the path (400
 * `testNotification.unknownPath`), the 5 minutes read (429 `testNotification.tooSoon`: the captcha is
 * not used up by it), the captcha verified and used up (400 `captcha.*`), the 5 minutes claimed by one
 * conditional upsert (429 when a concurrent send won), then the delivery, whose outcome is recorded on
 * the claim. The answer is §7's `{success, message}` in the language asked for.
 */
import { TEST_NOTIFICATION_ERRORS as ERRORS, TEST_NOTIFICATION_WINDOW_SECONDS, type TestNotificationPath } from '../../schemas/api/testNotification.ts';
import type { ContactPathDefinition, ContactPathType } from '../../schemas/entities.ts';
import { contactPathDefinitionsOf } from '../../schemas/forms/memberFlags.ts';
import type { ContactPathValues } from '../../schemas/profile/formData.ts';
import type { Db } from '../db/client.ts';
import type { Organization } from '../repositories/organizations.ts';
import { findMemberProfile } from '../repositories/profiles.ts';
import { claimTestNotification, findTestNotifications, recordTestNotificationOutcome, type TestNotificationRow } from '../repositories/testNotifications.ts';
import type { Captcha } from './captcha.ts';
import type { Delivery } from './delivery/createDelivery.ts';
import type { DeliveryLog } from './delivery/deliveryMessage.ts';
import { maskAddress } from './delivery/maskAddress.ts';
import { translate } from './messages.ts';
import { refuse } from './results.ts';

export interface TestNotificationDeps {
  db: Db;
  delivery: Delivery;
  captcha: Captcha;
  /** The request's logger: the delivery's lines carry its id. */
  log?: DeliveryLog;
}

const WINDOW_MS = TEST_NOTIFICATION_WINDOW_SECONDS * 1000;
/** RECIP's value says whether the member is signed in to the app: nothing can be sent to it. */
const UNDELIVERABLE: ReadonlySet<ContactPathType> = new Set(['RECIP']);
const NOT_FOUND = refuse(404, { errorCode: 'profile.notFound' });

interface TestablePath {
  definition: ContactPathDefinition;
  stored: ContactPathValues;
}

/** The member's paths a test can go to, in their order: defined and shown by the organisation, with a value. */
function testablePaths(org: Organization, stored: readonly ContactPathValues[]): TestablePath[] {
  const definitions = new Map(contactPathDefinitionsOf(org.settings).map((definition) => [definition.pathId, definition]));
  return stored.flatMap((path) => {
    const definition = definitions.get(path.pathId);
    if (!definition || !definition.expose || !path.value.trim() || UNDELIVERABLE.has(definition.type)) return [];
    return [{ definition, stored: path }];
  });
}

function secondsToWait(row: TestNotificationRow | undefined, now: number): number {
  return row ? Math.max(0, Math.ceil((row.sentAt.getTime() + WINDOW_MS - now) / 1000)) : 0;
}

/** What the profile answer says of test notifications (§3 sendNotificationPermission, hasSentTestNotification, sendErrorMsg). */
export interface TestNotificationState {
  sendNotificationPermission: { recaptchaSiteKey: string; permission: boolean };
  hasSentTestNotification: boolean;
  sendErrorMsg: string;
  paths: TestNotificationPath[];
}

/** The member's test-notification state; `stored` are their paths (the profile read them already). */
export async function testNotificationState(deps: Pick<TestNotificationDeps, 'db' | 'captcha'>, org: Organization, contactId: number, stored: readonly ContactPathValues[], language?: string): Promise<TestNotificationState> {
  const rows = await findTestNotifications(deps.db, org.orgId, contactId);
  const byPath = new Map(rows.map((row) => [row.pathId, row]));
  const now = Date.now();
  const paths = testablePaths(org, stored).map(({ definition, stored: path }) => ({
    pathId: definition.pathId, pathType: definition.type, name: definition.name,
    maskedValue: maskAddress(definition.type, path.value), retryAfterSeconds: secondsToWait(byPath.get(definition.pathId), now),
  }));
  const captcha = deps.captcha.kindFor(org);
  const last = [...rows].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())[0];
  return {
    sendNotificationPermission: {
      recaptchaSiteKey: captcha.kind === 'recaptcha' ? captcha.siteKey : '',
      permission: org.settings.sendNotificationPermission.permission && paths.some((path) => path.retryAfterSeconds === 0),
    },
    hasSentTestNotification: rows.some((row) => row.outcome === 'sent' || row.outcome === 'queued'),
    sendErrorMsg: last?.outcome === 'failed' ? translate(language, 'testNotification.failed.withCode', { errorCode: last.errorCode ?? 'delivery' }) : '',
    paths,
  };
}

/** `GET /{orgId}/{contactId}/testNotification/permission`. */
export async function readTestNotificationPermission(deps: TestNotificationDeps, org: Organization, contactId: number, challengeUrl: string) {
  const record = await findMemberProfile(deps.db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const state = await testNotificationState(deps, org, contactId, record.profile.contactPaths);
  const captcha = deps.captcha.kindFor(org);
  return {
    ok: true as const,
    ...state.sendNotificationPermission,
    captcha: captcha.kind === 'recaptcha' ? captcha : { kind: 'altcha' as const, challengeUrl },
    paths: state.paths,
    windowSeconds: TEST_NOTIFICATION_WINDOW_SECONDS,
  };
}

/** `GET /{orgId}/{contactId}/testNotification/challenge`: a new ALTCHA challenge for this member. */
export async function createTestNotificationChallenge(deps: TestNotificationDeps, org: Organization, contactId: number) {
  if (!org.settings.sendNotificationPermission.permission) return refuse(403, { errorCode: ERRORS.notPermitted });
  const { parameters, signature } = await deps.captcha.challenge(deps.db, org.orgId, contactId);
  // Always signed (services/captcha.ts signs every challenge); '' would only be refused as invalid.
  return { ok: true as const, parameters, signature: signature ?? '' };
}

export interface SendTestNotificationInput {
  pathId: number;
  captchaSolution: string;
  language: string | undefined;
  remoteIp: string;
}

/** `POST /{orgId}/{contactId}/testNotification?language`. */
export async function sendTestNotification(deps: TestNotificationDeps, org: Organization, contactId: number, input: SendTestNotificationInput) {
  if (!org.settings.sendNotificationPermission.permission) return refuse(403, { errorCode: ERRORS.notPermitted });
  const record = await findMemberProfile(deps.db, org.orgId, contactId);
  if (!record) return NOT_FOUND;
  const path = testablePaths(org, record.profile.contactPaths).find(({ definition }) => definition.pathId === input.pathId);
  if (!path) return refuse(400, { errorCode: ERRORS.unknownPath });
  const tooSoon = (retryAfterSeconds: number) =>
    refuse(429, { errorCode: ERRORS.tooSoon, retryAfterSeconds, message: translate(input.language, ERRORS.tooSoon, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }) });

  const last = (await findTestNotifications(deps.db, org.orgId, contactId)).find((row) => row.pathId === input.pathId);
  const wait = secondsToWait(last, Date.now());
  if (wait > 0) return tooSoon(wait);

  const captcha = await deps.captcha.verify(deps.db, org, contactId, input.captchaSolution, input.remoteIp);
  if (!captcha.ok) return refuse(captcha.status, { errorCode: captcha.errorCode, message: translate(input.language, captcha.errorCode) });

  if (!(await claimTestNotification(deps.db, org.orgId, contactId, input.pathId, WINDOW_MS))) return tooSoon(TEST_NOTIFICATION_WINDOW_SECONDS);

  const { definition, stored } = path;
  const params = { orgName: org.settings.orgName, pathName: definition.name };
  const result = await deps.delivery.deliver({
    orgId: org.orgId, contactId, pathType: definition.type, address: stored.value, countryCode: stored.countryCode,
    subject: translate(input.language, 'testNotification.message.subject', params),
    text: translate(input.language, 'testNotification.message.text', params),
    kind: 'test',
  }, deps.log);
  await recordTestNotificationOutcome(deps.db, org.orgId, contactId, input.pathId, result.outcome, result.errorCode);
  if (result.outcome === 'failed') {
    return { ok: true as const, success: false, message: translate(input.language, 'testNotification.failed', { ...params, errorCode: result.errorCode ?? 'delivery' }) };
  }
  return { ok: true as const, success: true, message: translate(input.language, result.outcome === 'sent' ? 'testNotification.sent' : 'testNotification.queued', params) };
}
