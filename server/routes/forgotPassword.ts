/**
 * §7 forgot password (§4 forgot flows, §5 "Forgot password" and "Reset"):
 *
 * - `POST /{orgId}/forgotPassword/getQuestion` (loginId) → `{ question }`: the account's own security
 *   question; for an unknown login (or one without a question) one of the 11 keys chosen by an HMAC
 *   of the organisation and the login, so it is stable and a stranger learns nothing.
 * - `POST /{orgId}/forgotPassword/validateForgetPassword` (email, loginId, securityAnswer?) → `true`
 *   when the form is well-formed; it never says whether the account matches.
 * - `POST /{orgId}/forgotPassword/sendEmail` (email, loginId, securityAnswer) → always `{ status: '1' }`
 *   for a well-formed form; only when login, e-mail and answer all match is a single-use reset link
 *   (60 minutes) mailed. One argon2 verify whatever the outcome.
 * - `GET /{orgId}/forgotPassword/validateEmail?loginId&email`, `POST …/validateQuestionAnswer`
 *   (loginId, securityAnswer) → boolean, throttled per login and per address (429).
 * - `POST /{orgId}/forgotPassword` (token, password, confirmPassword): the new password under the
 *   organisation's policy (the reset-password builder's schema); the token is used up, the contact's
 *   other reset links and every session sign-in end, an expired-password marker and a FedRAMP lock clear.
 *
 * Forms are the forgot-password builder's (`loginId` is its `username`); security answers are
 * compared as argon2id hashes of the trimmed, lower-cased answer.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { SECURITY_QUESTIONS } from '../../schemas/forms/commonFields.ts';
import type { FieldError } from '../../schemas/forms/types.ts';
import type { Db } from '../db/client.ts';
import { contacts, loginThrottle, passwordResets, sessionLogins } from '../db/schema.ts';
import { hashToken } from '../plugins/session.ts';
import { findOrganization, type Organization } from '../repositories/organizations.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { normalizeSecurityAnswer, passwordRefusal } from '../services/passwordChecks.ts';
import { createThrottle } from '../services/throttle.ts';
import { hmac } from '../services/serverSecrets.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';
import { portalUrl } from './recovery.ts';

/** How long a mailed reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** validateEmail / validateQuestionAnswer: wrong answers allowed per login and per address in the window. */
export const FORGOT_THROTTLE_PER_LOGIN = 10;
export const FORGOT_THROTTLE_PER_ADDRESS = 50;

/** Verified when there is no answer to verify, so an unknown login costs the same time as a known one. */
const DUMMY_HASH = argon2.hash('no such answer', { type: argon2.argon2id });

const text = { type: 'string', maxLength: 200 } as const;
const LINK_INVALID = { status: 'failed', errorCode: 'ssp.resetPassword.link.invalid' } as const;
const THROTTLED = { errorCode: 'forgotPassword.throttled' } as const;

interface ForgotForm {
  loginId?: string;
  email?: string;
  securityAnswer?: string;
  version?: string;
}

type Contact = typeof contacts.$inferSelect;

export default async function forgotPasswordRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string | null }) {
  /** The organisation when its members may use the forgot-password pages; otherwise the refusal is sent. */
  async function openOrg(orgId: string, reply: FastifyReply): Promise<Organization | null> {
    const org = await findOrganization(db, orgId);
    if (!org || org.settings.disabled) {
      await reply.code(404).send(ORG_NOT_FOUND);
      return null;
    }
    if (!org.settings.enableSSP) {
      await reply.code(403).send({ errorCode: 'ssp.page.deactivated' });
      return null;
    }
    return org;
  }

  const contactByLogin = async (orgId: string, loginId: string): Promise<Contact | null> =>
    (await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.username}) = ${loginId.trim().toLowerCase()}`)))[0] ?? null;

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
  async function answerMatches(contact: Contact | null, answer: string): Promise<boolean> {
    const verified = await argon2.verify(contact?.securityAnswerHash ?? (await DUMMY_HASH), normalizeSecurityAnswer(answer));
    return verified && !!contact?.securityAnswerHash;
  }

  const emailMatches = (contact: Contact | null, email: string) =>
    !!contact?.email && contact.email.trim().toLowerCase() === email.trim().toLowerCase();

  // Throttling of the two boolean calls: wrong answers counted per login and per address in a window.
  const throttle = createThrottle(db);
  const throttleKeys = (request: FastifyRequest, loginId: string) => [`fp:user:${loginId.trim().toLowerCase()}`, `fp:ip:${request.ip}`] as const;

  async function isThrottled(request: FastifyRequest, orgId: string, loginId: string): Promise<boolean> {
    const [loginKey, addressKey] = throttleKeys(request, loginId);
    return (await throttle.failures(orgId, loginKey)) >= FORGOT_THROTTLE_PER_LOGIN || (await throttle.failures(orgId, addressKey)) >= FORGOT_THROTTLE_PER_ADDRESS;
  }

  /**
   * Counts a wrong answer. A right one does not clear the count: otherwise a known e-mail address
   * would reset the count between guesses of the security answer.
   */
  async function countWrongAnswer(request: FastifyRequest, orgId: string, loginId: string) {
    for (const key of throttleKeys(request, loginId)) await throttle.count(orgId, key);
  }

  app.post<{ Params: { orgId: string }; Body: { loginId?: string } }>('/:orgId/forgotPassword/getQuestion', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { loginId: text } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    const checked = checkForm(org, { loginId: request.body.loginId }, ['username']);
    if (checked.errors.length) return reply.code(400).send(validationFailure(checked.errors));
    const loginId = checked.data.username;
    const own = (await contactByLogin(org.orgId, loginId))?.securityQuestion;
    if (own && (SECURITY_QUESTIONS as readonly string[]).includes(own)) return { question: own };
    // A decoy: the same question for the same login every time, like a real account's.
    const digest = Buffer.from(await hmac(db, 'forgot-password-question', `${org.orgId}.${loginId.toLowerCase()}`), 'base64url');
    return { question: SECURITY_QUESTIONS[digest.readUInt32BE(0) % SECURITY_QUESTIONS.length] };
  });

  const forgotFormSchema = {
    params: orgIdParams,
    body: { type: 'object', properties: { loginId: text, email: text, securityAnswer: text, version: { type: 'string', maxLength: 20 } } },
  };

  app.post<{ Params: { orgId: string }; Body: ForgotForm }>('/:orgId/forgotPassword/validateForgetPassword', {
    schema: forgotFormSchema, preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    // Without an answer (the screen's first step) only the login and the address are checked.
    const fields = request.body.securityAnswer === undefined ? ['username', 'email'] : ['username', 'email', 'securityAnswer'];
    const { errors } = checkForm(org, request.body, fields);
    if (errors.length) return reply.code(400).send(validationFailure(errors));
    return true;
  });

  app.post<{ Params: { orgId: string }; Body: ForgotForm }>('/:orgId/forgotPassword/sendEmail', {
    schema: forgotFormSchema, preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    const checked = checkForm(org, request.body, ['username', 'email', 'securityAnswer']);
    if (checked.errors.length) return reply.code(400).send(validationFailure(checked.errors));
    const found = await contactByLogin(org.orgId, checked.data.username);
    const contact = found && emailMatches(found, checked.data.email) ? found : null;
    if (!(await answerMatches(contact, checked.data.securityAnswer)) || !contact?.email) return { status: '1' };

    const token = randomBytes(32).toString('base64url');
    await db.insert(passwordResets).values({
      orgId: org.orgId, tokenHash: hashToken(token), contactId: contact.contactId, expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    const link = `${portalUrl(request, publicUrl)}/${encodeURIComponent(org.orgId)}/reset-password?token=${token}`;
    try {
      await app.mailer.send(org.orgId, {
        to: contact.email,
        subject: `Reset your password for ${org.settings.orgName}`,
        text: `You asked to reset the password of your account ${contact.username} at ${org.settings.orgName}.\n\n`
          + `Choose a new password here (the link works once, for the next 60 minutes):\n${link}\n\n`
          + 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.\n',
      });
    } catch (err) {
      // The member sees the same notice either way; the missing mail is on record here.
      request.log.error({ err }, 'reset-password mail could not be written');
    }
    return { status: '1' };
  });

  app.get<{ Params: { orgId: string }; Querystring: { loginId: string; email: string } }>('/:orgId/forgotPassword/validateEmail', {
    schema: {
      params: orgIdParams,
      querystring: {
        type: 'object', required: ['loginId', 'email'],
        properties: { loginId: { ...text, minLength: 1 }, email: { ...text, minLength: 1 } },
      },
    },
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    const { loginId, email } = request.query;
    if (await isThrottled(request, org.orgId, loginId)) return reply.code(429).send(THROTTLED);
    const matches = emailMatches(await contactByLogin(org.orgId, loginId), email);
    if (!matches) await countWrongAnswer(request, org.orgId, loginId);
    return matches;
  });

  app.post<{ Params: { orgId: string }; Body: { loginId: string; securityAnswer: string } }>('/:orgId/forgotPassword/validateQuestionAnswer', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['loginId', 'securityAnswer'],
        properties: { loginId: { ...text, minLength: 1 }, securityAnswer: { ...text, minLength: 1 } },
      },
    },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    const { loginId, securityAnswer } = request.body;
    if (await isThrottled(request, org.orgId, loginId)) return reply.code(429).send(THROTTLED);
    const matches = await answerMatches(await contactByLogin(org.orgId, loginId), securityAnswer);
    if (!matches) await countWrongAnswer(request, org.orgId, loginId);
    return matches;
  });

  app.post<{ Params: { orgId: string }; Body: { token?: string; password?: string; confirmPassword?: string } }>('/:orgId/forgotPassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { token: text, password: text, confirmPassword: text } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await openOrg(request.params.orgId, reply);
    if (!org) return reply;
    const orgId = org.orgId;
    const tokenHash = hashToken((request.body.token ?? '').trim());
    const usable = and(eq(passwordResets.orgId, orgId), eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
    const [reset] = await db.select().from(passwordResets).where(usable);
    if (!reset) return reply.code(400).send(LINK_INVALID);

    const checked = checkSubmission(org, 'resetPassword', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, {
      newPassword: request.body.password ?? '', confirmPassword: request.body.confirmPassword ?? '',
    });
    if (!checked.ok) return reply.code(400).send({ status: 'failed', ...validationFailure(checked.errors) });
    const { newPassword } = checked.data;
    const [contact] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, reset.contactId)));
    const username = contact?.username ?? '';
    const refusal = passwordRefusal(newPassword, username);
    if (refusal) {
      const errors: FieldError[] = [{ pointer: '/newPassword', key: refusal, params: {} }];
      return reply.code(400).send({ status: 'failed', errorCode: refusal, errors });
    }

    const passwordHash = await argon2.hash(newPassword, { type: argon2.argon2id });
    const done = await db.transaction(async (tx) => {
      // Claiming the token is the guard: of two uses at once, one finds it already used.
      const claimed = await tx.update(passwordResets).set({ usedAt: new Date() }).where(usable).returning({ contactId: passwordResets.contactId });
      if (claimed.length === 0) return false;
      const contactId = reset.contactId;
      await tx.update(contacts).set({ passwordHash, passwordExpired: false, failedLogins: 0, lockedUntil: null })
        .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contactId)));
      await tx.delete(passwordResets).where(and(eq(passwordResets.orgId, orgId), eq(passwordResets.contactId, contactId), ne(passwordResets.tokenHash, tokenHash)));
      await tx.delete(sessionLogins).where(and(eq(sessionLogins.orgId, orgId), eq(sessionLogins.contactId, contactId)));
      const login = username.toLowerCase();
      await tx.delete(loginThrottle).where(and(eq(loginThrottle.orgId, orgId), inArray(loginThrottle.key, [`user:${login}`, `fp:user:${login}`])));
      return true;
    });
    if (!done) return reply.code(400).send(LINK_INVALID);
    return { status: '1' };
  });
}
