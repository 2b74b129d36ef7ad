/**
 * Forgot username (§4, §5 "known"): the username(s) registered with an address are e-mailed, never
 * shown on the page. Status 1: one account; 2: several accounts; 3: the organisation signs in with
 * single sign-on (the success text says so).
 *
 * Both calls tell whether an address is known (§5), so both are throttled per client, never per
 * address alone (which would let anyone shut out the address's owner) (issue 9 row 4):
 * - unknown addresses per client address: after FORGOT_USERNAME_UNKNOWN_PER_ADDRESS in the throttle
 *   window both calls answer 429 to that client for the rest of it, so a list cannot be sifted;
 * - questions about one address per client: FORGOT_USERNAME_PER_TARGET in the window, known or not;
 * - and the mailer sends one address at most MAILS_PER_RECIPIENT_PER_HOUR username mails an hour,
 *   whoever asks (services/mail.ts); over it the answer is the same and no mail goes out.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { findUsernamesByEmail } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { claimAttempt, countFailure, countedFailures, THROTTLE_WINDOW_MS } from '../repositories/throttle.ts';
import { checkSubmission } from './formSubmissions.ts';
import type { Mailer } from './mail.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';

/** Unknown addresses one client may try in a window before both calls answer 429. */
export const FORGOT_USERNAME_UNKNOWN_PER_ADDRESS = 20;
/** Questions one client may ask about one address in a window (both calls together). */
export const FORGOT_USERNAME_PER_TARGET = 5;
const THROTTLED = refuse(429, { errorCode: 'forgotUsername.throttled' });

const addressKey = (clientAddress: string) => `fu:ip:${clientAddress}`;
const targetKey = (clientAddress: string, email: string) => `fu:ip:${clientAddress}|${email.trim().toLowerCase()}`;

/** Null when `clientAddress` may ask about `email` now (the question is counted), else the 429. */
async function throttled(db: Db, orgId: string, clientAddress: string, email: string): Promise<Refusal | null> {
  if ((await countedFailures(db, orgId, addressKey(clientAddress))) >= FORGOT_USERNAME_UNKNOWN_PER_ADDRESS) return THROTTLED;
  return (await claimAttempt(db, orgId, targetKey(clientAddress, email), FORGOT_USERNAME_PER_TARGET, THROTTLE_WINDOW_MS)) === null ? THROTTLED : null;
}

/** §7 validateEmail: whether any account is registered with `email`. */
export async function isEmailKnown(db: Db, org: Organization, email: string, clientAddress: string): Promise<{ ok: true; known: boolean } | Refusal> {
  const refusal = await throttled(db, org.orgId, clientAddress, email);
  if (refusal) return refusal;
  const known = (await findUsernamesByEmail(db, org.orgId, email.trim())).length > 0;
  if (!known) await countFailure(db, org.orgId, addressKey(clientAddress));
  return { ok: true, known };
}

export interface SendUsernamesDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** §7 sendEmail: mails the usernames registered with the form's address; answers the status of §7. */
export async function sendUsernames(
  { db, mailer, log }: SendUsernamesDeps, org: Organization, form: { email?: string }, clientAddress: string, portalUrl: string,
): Promise<{ ok: true; status: 1 | 2 | 3 } | Refusal> {
  const checked = checkSubmission(org, 'forgotUsername', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { email: form.email ?? '' });
  if (!checked.ok) return refuseValidation(checked.errors);
  const email = (checked.data as { email: string }).email;
  const refusal = await throttled(db, org.orgId, clientAddress, email);
  if (refusal) return refusal;
  const usernames = await findUsernamesByEmail(db, org.orgId, email.trim());
  if (usernames.length === 0) {
    await countFailure(db, org.orgId, addressKey(clientAddress));
    return refuseField('/email', 'ssp.forgotUsername.email.invalid');
  }
  const login = `${portalUrl}/${encodeURIComponent(org.orgId)}/login`;
  const names = usernames.map((name) => `  ${name}`).join('\n');
  try {
    const queued = await mailer.send(org.orgId, {
      to: email,
      kind: 'forgotUsername',
      subject: `Your username for ${org.settings.orgName}`,
      text: `You asked for the username registered with this e-mail address at ${org.settings.orgName}:\n\n${names}\n\n`
        + (org.settings.enabledSSO ? 'Your organization also lets you sign in with single sign-on.\n\n' : '')
        + `Sign in here: ${login}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    }, log);
    if (!queued) log.warn({ orgId: org.orgId, kind: 'forgotUsername' }, 'forgot-username mail over the limit per address, not sent');
  } catch (err) {
    log.error({ err }, 'forgot-username mail could not be written');
    return refuse(503, { errorCode: 'ssp.forgotUsername.send.error' });
  }
  return { ok: true, status: org.settings.enabledSSO ? 3 : usernames.length > 1 ? 2 : 1 };
}
