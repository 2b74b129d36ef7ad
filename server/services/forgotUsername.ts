/**
 * Forgot username (§4, §5 "known"): the username(s) registered with an address are e-mailed, never
 * shown on the page. Status 1: one account; 2: several accounts; 3: the organisation signs in with
 * single sign-on (the success text says so). Since both calls tell whether an address is known,
 * unknown addresses are counted per client address: after FORGOT_USERNAME_UNKNOWN_PER_ADDRESS in the
 * throttle window both answer 429 for the rest of it, so the calls cannot sift a list of addresses.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { findUsernamesByEmail } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { countFailure, countedFailures } from '../repositories/throttle.ts';
import { checkSubmission } from './formSubmissions.ts';
import type { Mailer } from './mail.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';

/** Unknown addresses one client may try in a window before both calls answer 429. */
export const FORGOT_USERNAME_UNKNOWN_PER_ADDRESS = 20;
const THROTTLED = refuse(429, { errorCode: 'forgotUsername.throttled' });

const addressKey = (clientAddress: string) => `fu:ip:${clientAddress}`;
const isThrottled = async (db: Db, orgId: string, clientAddress: string) =>
  (await countedFailures(db, orgId, addressKey(clientAddress))) >= FORGOT_USERNAME_UNKNOWN_PER_ADDRESS;

/** §7 validateEmail: whether any account is registered with `email`. */
export async function isEmailKnown(db: Db, org: Organization, email: string, clientAddress: string): Promise<{ ok: true; known: boolean } | Refusal> {
  if (await isThrottled(db, org.orgId, clientAddress)) return THROTTLED;
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
  if (await isThrottled(db, org.orgId, clientAddress)) return THROTTLED;
  const usernames = await findUsernamesByEmail(db, org.orgId, email.trim());
  if (usernames.length === 0) {
    await countFailure(db, org.orgId, addressKey(clientAddress));
    return refuseField('/email', 'ssp.forgotUsername.email.invalid');
  }
  const login = `${portalUrl}/${encodeURIComponent(org.orgId)}/login`;
  const names = usernames.map((name) => `  ${name}`).join('\n');
  try {
    await mailer.send(org.orgId, {
      to: email,
      subject: `Your username for ${org.settings.orgName}`,
      text: `You asked for the username registered with this e-mail address at ${org.settings.orgName}:\n\n${names}\n\n`
        + (org.settings.enabledSSO ? 'Your organization also lets you sign in with single sign-on.\n\n' : '')
        + `Sign in here: ${login}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    });
  } catch (err) {
    log.error({ err }, 'forgot-username mail could not be written');
    return refuse(503, { errorCode: 'ssp.forgotUsername.send.error' });
  }
  return { ok: true, status: org.settings.enabledSSO ? 3 : usernames.length > 1 ? 2 : 1 };
}
