/**
 * Forgot password (§4 forgot flows, §5 "Forgot password" and "Reset"). Forms are the forgot-password
 * builder's (`loginId` is its `username`); security answers are compared as argon2id hashes of the
 * trimmed, lower-cased answer, always with one verification whatever the outcome. The two boolean
 * calls are throttled per login and per address; a reset link is single-use, 60 minutes, only its
 * hash kept.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { SECURITY_QUESTIONS } from '../../schemas/forms/commonFields.ts';
import type { Db } from '../db/client.ts';
import { findContact, findContactByUsername, type Contact } from '../repositories/contacts.ts';
import type { Organization } from '../repositories/organizations.ts';
import { completePasswordReset, findUsableReset, insertPasswordReset } from '../repositories/passwordResets.ts';
import { countFailure, countedFailures } from '../repositories/throttle.ts';
import { checkSubmission } from './formSubmissions.ts';
import type { Mailer } from './mail.ts';
import { passwordRefusal } from './passwordChecks.ts';
import { hashPassword, verifySecurityAnswer } from './passwords.ts';
import { refuse, refuseField, refuseValidation, type Refusal } from './results.ts';
import { hmac } from './serverSecrets.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a mailed reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** validateEmail / validateQuestionAnswer: wrong answers allowed per login and per address in the window. */
export const FORGOT_THROTTLE_PER_LOGIN = 10;
export const FORGOT_THROTTLE_PER_ADDRESS = 50;

const LINK_INVALID = refuse(400, { status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' });
const THROTTLED = refuse(429, { errorCode: 'forgotPassword.throttled' });

export interface ForgotForm {
  loginId?: string;
  email?: string;
  securityAnswer?: string;
  version?: string;
}

const contactByLogin = (db: Db, orgId: string, loginId: string) => findContactByUsername(db, orgId, loginId.trim());

/**
 * The forgot-password builder's errors for the fields named (the others are not asked yet), and
 * the form trimmed as the validator trims it (§5).
 */
function checkForm(org: Organization, form: ForgotForm, fields: readonly string[]) {
  const data = { username: form.loginId?.trim() ?? '', email: form.email?.trim() ?? '', securityAnswer: form.securityAnswer?.trim() ?? '' };
  const checked = checkSubmission(org, 'forgotPassword', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, {
    username: form.loginId, email: form.email, securityAnswer: form.securityAnswer,
  });
  const errors = checked.ok ? [] : checked.errors.filter((error) => fields.some((field) => error.pointer === `/${field}`));
  return { errors, data };
}

/** One argon2 verify, against the contact's answer hash or a dummy one: the same work either way. */
const answerMatches = (contact: Contact | null, answer: string) => verifySecurityAnswer(contact?.securityAnswerHash, answer);

const emailMatches = (contact: Contact | null, email: string) =>
  !!contact?.email && contact.email.trim().toLowerCase() === email.trim().toLowerCase();

const throttleKeys = (clientAddress: string, loginId: string) => [`fp:user:${loginId.trim().toLowerCase()}`, `fp:ip:${clientAddress}`] as const;

async function isThrottled(db: Db, orgId: string, clientAddress: string, loginId: string): Promise<boolean> {
  const [loginKey, addressKey] = throttleKeys(clientAddress, loginId);
  return (await countedFailures(db, orgId, loginKey)) >= FORGOT_THROTTLE_PER_LOGIN || (await countedFailures(db, orgId, addressKey)) >= FORGOT_THROTTLE_PER_ADDRESS;
}

/**
 * Counts a wrong answer. A right one does not clear the count: otherwise a known e-mail address
 * would reset the count between guesses of the security answer.
 */
async function countWrongAnswer(db: Db, orgId: string, clientAddress: string, loginId: string) {
  for (const key of throttleKeys(clientAddress, loginId)) await countFailure(db, orgId, key);
}

/**
 * §7 getQuestion: the account's own security question; for an unknown login (or one without a
 * question) one of the keys chosen by an HMAC of the organisation and the login, so it is stable and
 * a stranger learns nothing.
 */
export async function securityQuestion(db: Db, org: Organization, form: { loginId?: string }): Promise<{ ok: true; question: string } | Refusal> {
  const checked = checkForm(org, { loginId: form.loginId }, ['username']);
  if (checked.errors.length) return refuseValidation(checked.errors);
  const loginId = checked.data.username;
  const own = (await contactByLogin(db, org.orgId, loginId))?.securityQuestion;
  if (own && (SECURITY_QUESTIONS as readonly string[]).includes(own)) return { ok: true, question: own };
  // A decoy: the same question for the same login every time, like a real account's.
  const digest = Buffer.from(await hmac(db, 'forgot-password-question', `${org.orgId}.${loginId.toLowerCase()}`), 'base64url');
  return { ok: true, question: SECURITY_QUESTIONS[digest.readUInt32BE(0) % SECURITY_QUESTIONS.length]! };
}

/** §7 validateForgetPassword: whether the form is well-formed; it never says whether the account matches. */
export function checkForgotForm(org: Organization, form: ForgotForm): { ok: true } | Refusal {
  // Without an answer (the screen's first step) only the login and the address are checked.
  const fields = form.securityAnswer === undefined ? ['username', 'email'] : ['username', 'email', 'securityAnswer'];
  const { errors } = checkForm(org, form, fields);
  return errors.length ? refuseValidation(errors) : { ok: true };
}

export interface ResetLinkDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * §7 sendEmail: for a well-formed form always `{ status: '1' }`; only when login, e-mail and answer
 * all match is a single-use reset link mailed.
 */
export async function sendResetLink({ db, mailer, log }: ResetLinkDeps, org: Organization, form: ForgotForm, portalUrl: string): Promise<{ ok: true } | Refusal> {
  const checked = checkForm(org, form, ['username', 'email', 'securityAnswer']);
  if (checked.errors.length) return refuseValidation(checked.errors);
  const found = await contactByLogin(db, org.orgId, checked.data.username);
  const contact = found && emailMatches(found, checked.data.email) ? found : null;
  if (!(await answerMatches(contact, checked.data.securityAnswer)) || !contact?.email) return { ok: true };

  const token = newToken();
  await insertPasswordReset(db, org.orgId, { tokenHash: hashToken(token), contactId: contact.contactId, expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS) });
  const link = `${portalUrl}/${encodeURIComponent(org.orgId)}/reset-password?token=${token}`;
  try {
    const queued = await mailer.send(org.orgId, {
      to: contact.email,
      kind: 'resetPassword',
      subject: `Reset your password for ${org.settings.orgName}`,
      text: `You asked to reset the password of your account ${contact.username} at ${org.settings.orgName}.\n\n`
        + `Choose a new password here (the link works once, for the next 60 minutes):\n${link}\n\n`
        + 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.\n',
    }, log);
    // Over the mail limit (issue 9 row 4) the member sees the same notice: the answer never tells
    // whether a mail went out; the unsent link expires unused.
    if (!queued) log.warn({ orgId: org.orgId, kind: 'resetPassword' }, 'reset-password mail over the limit per address, not sent');
  } catch (err) {
    // The member sees the same notice either way; the missing mail is on record here.
    log.error({ err }, 'reset-password mail could not be written');
  }
  return { ok: true };
}

/** §7 forgotPassword/validateEmail: whether the login's e-mail address is `email` (throttled). */
export async function emailMatchesLogin(db: Db, org: Organization, loginId: string, email: string, clientAddress: string): Promise<{ ok: true; matches: boolean } | Refusal> {
  if (await isThrottled(db, org.orgId, clientAddress, loginId)) return THROTTLED;
  const matches = emailMatches(await contactByLogin(db, org.orgId, loginId), email);
  if (!matches) await countWrongAnswer(db, org.orgId, clientAddress, loginId);
  return { ok: true, matches };
}

/** §7 validateQuestionAnswer: whether the login's security answer is `securityAnswer` (throttled). */
export async function securityAnswerMatchesLogin(db: Db, org: Organization, loginId: string, securityAnswer: string, clientAddress: string): Promise<{ ok: true; matches: boolean } | Refusal> {
  if (await isThrottled(db, org.orgId, clientAddress, loginId)) return THROTTLED;
  const matches = await answerMatches(await contactByLogin(db, org.orgId, loginId), securityAnswer);
  if (!matches) await countWrongAnswer(db, org.orgId, clientAddress, loginId);
  return { ok: true, matches };
}

/** Whose password a reset link resets, while it can still be used (issue 11); nothing is used up. */
export async function resetLinkAccount(db: Db, org: Organization, token: string): Promise<{ ok: true; username: string } | Refusal> {
  const reset = await findUsableReset(db, org.orgId, hashToken(token.trim()));
  const contact = reset ? await findContact(db, org.orgId, reset.contactId) : null;
  return contact?.username ? { ok: true, username: contact.username } : LINK_INVALID;
}

/**
 * §7 `POST /{orgId}/forgotPassword`: the new password under the organisation's policy (the
 * reset-password builder's schema); the token is used up, the contact's other reset links and every
 * session sign-in end, an expired-password marker and a FedRAMP lock clear.
 */
export async function resetPassword(db: Db, org: Organization, form: { token?: string; password?: string; confirmPassword?: string }): Promise<{ ok: true; contactId: number } | Refusal> {
  const orgId = org.orgId;
  const tokenHash = hashToken((form.token ?? '').trim());
  const reset = await findUsableReset(db, orgId, tokenHash);
  if (!reset) return LINK_INVALID;

  const checked = checkSubmission(org, 'resetPassword', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, {
    newPassword: form.password ?? '', confirmPassword: form.confirmPassword ?? '',
  });
  if (!checked.ok) return refuseValidation(checked.errors, { status: 'failed' });
  const { newPassword } = checked.data;
  const username = (await findContact(db, orgId, reset.contactId))?.username ?? '';
  const refusal = passwordRefusal(newPassword, username);
  if (refusal) return refuseField('/newPassword', refusal, { status: 'failed' });

  const login = username.toLowerCase();
  const done = await completePasswordReset(db, orgId, tokenHash, await hashPassword(newPassword), [`user:${login}`, `fp:user:${login}`]);
  return done ? { ok: true, contactId: reset.contactId } : LINK_INVALID;
}
