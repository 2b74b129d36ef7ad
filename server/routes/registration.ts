/**
 * §7 registration calls:
 * - `GET /{orgId}/signup/checkUsername?username`: is the username free in this organisation (§5
 *   "unused ('ssp.login.username.exist'); availability checked by server only when at least 4 chars and
 *   valid"). Answers `true` when free; a username that breaks the §5 pattern or length is refused with
 *   400 rather than looked up.
 * - `GET /rest/registration/settings?orgId`: what the sign-up page needs to know of the organisation.
 * - `POST /rest/registration/signUp?orgId[&contactId&strOrgId&strContactId&time&key]` (CSRF): body
 *   `{ userDetail: SignUpPayload }` as eb-base64 JSON, JSON, or the form field `userDetail` holding JSON
 *   text. Public organisations are open to all; a private one only through a valid invitation
 *   (services/invitations.ts). The payload is turned back into the sign-up form's data
 *   (schemas/signUp/fromPayload.ts) and validated with the builder's schema, so refusals carry the
 *   form's pointers and §5 keys. Success stores everything in one transaction
 *   (services/accountCreation.ts) and signs the browser in on a new session.
 * - `GET /rest/registration/userInfo?orgId&contactId&strOrgId&strContactId&time&key`: what the
 *   organisation already knows of an invited contact, to fill the sign-up form.
 */
import argon2 from 'argon2';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_QUESTIONS, USERNAME_PATTERN } from '../../schemas/forms/commonFields.ts';
import type { FormFlags } from '../../schemas/forms/types.ts';
import { DEFAULT_LANGUAGE, isLanguageCode } from '../../schemas/languages.ts';
import { LIMITS } from '../../schemas/rules/limits.ts';
import { passwordPolicyOf } from '../../schemas/rules/passwordPolicy.ts';
import { signUpAddress, signUpContactPaths, signUpFormData, type SignUpFormData } from '../../schemas/signUp/fromPayload.ts';
import { EMAIL_PATH_ID, type ContactAddressVo, type InvitationParams, type SignUpPayload } from '../../schemas/signUp/payload.ts';
import { universalProfileRedirect } from '../../schemas/universalProfile.ts';
import type { Db } from '../db/client.ts';
import { addresses, contactPaths, contacts } from '../db/schema.ts';
import { findFeatureFlags, findOrganization } from '../repositories/organizations.ts';
import { AccountCreationRefused, createAccount, type AccountRefusal } from '../services/accountCreation.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { hasInvitation, invitedContact, type InvitedContact } from '../services/invitations.ts';
import { normalizeSecurityAnswer, passwordRefusal } from '../services/passwordChecks.ts';
import { ORG_NOT_FOUND, orgIdParams, orgIdQuery, orgIdSchema } from './shared.ts';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * The shape of §3 contact paths in a payload. Only the shape: the rules are the form's (§5), so
 * limits here are generous and a too-long value gets the form's own message.
 */
export const contactPathsShape = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    required: ['pathId', 'pathType', 'value'],
    properties: {
      pathId: { type: 'integer', minimum: 0, maximum: 2147483647 },
      pathType: { type: 'string', enum: ['EMAIL', 'SMS', 'PHONE', 'SLACK'] },
      value: text(200),
      countryCode: text(8),
      noValidate: { type: 'boolean' },
    },
  },
} as const;

const coordinate = { type: ['number', 'null'] } as const;

const contactAddressVoShape = {
  type: 'object',
  properties: {
    pristineLocationName: text(200), locationName: text(200), country: text(8), streetAddress: text(400), suite: text(200),
    city: text(200), state: text(200), postalCode: text(40), lon: coordinate, lat: coordinate, addressGeoCodingSource: text(40),
    id: { type: ['integer', 'null'] },
  },
} as const;

/** §3 "Account creation payload" (schemas/signUp/payload.ts SignUpPayload), shape only. */
const signUpPayloadShape = {
  type: 'object',
  required: ['firstName', 'lastName', 'username', 'password', 'securityQuestion', 'securityAnswer', 'organizationId', 'email', 'contactPaths', 'accept'],
  properties: {
    firstName: text(1000), lastName: text(1000), username: text(1000), password: text(1000), securityQuestion: text(100),
    securityAnswer: text(1000), preferredLanguage: text(20), organizationId: text(64), email: text(1000),
    contactPaths: contactPathsShape, contactAddressVo: contactAddressVoShape, accept: { type: 'boolean' },
  },
} as const;

const digits = { type: 'string', pattern: '^[0-9]{1,10}$' } as const;
/** §1 invitation parameters (InvitationParams); their meaning is checked by services/invitations.ts. */
const invitationProperties = {
  contactId: digits,
  strOrgId: orgIdSchema,
  strContactId: digits,
  time: { type: 'string', pattern: '^[0-9]{1,15}$' },
  key: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
} as const;

type SignUpQuery = { orgId: string } & Partial<InvitationParams>;

/** §7 userInfo's message on every refusal. */
const USER_INFO_FAILED = 'Failed to get specified user information';

const USERNAME_TAKEN = {
  errorCode: 'ssp.login.username.exist',
  errors: [{ pointer: '/username', key: 'ssp.login.username.exist', params: {} }],
} as const;

/** The answer for an account that could not be stored (nothing was). */
export function refusedAccount(reason: AccountRefusal): { status: number; body: object } {
  switch (reason) {
    case 'username.taken': return { status: 409, body: USERNAME_TAKEN };
    // §5 "unique per contact": an invited contact may have locations the organisation entered.
    case 'locationName.taken': return { status: 400, body: validationFailure([{ pointer: '/address/locationName', key: 'ssp.location.locationname.exist', params: {} }]) };
    case 'invitation.used': return { status: 409, body: { errorCode: 'signup.invitation.used' } };
    case 'publicProfile.used': return { status: 409, body: { errorCode: 'publicProfile.used' } };
  }
}

/** The language a new account starts with: the one chosen in the form, else the session's, else §9's default. */
export async function newAccountLanguage(request: FastifyRequest, chosen: string | undefined): Promise<string> {
  if (chosen && isLanguageCode(chosen)) return chosen;
  const session = await request.session.current();
  return isLanguageCode(session?.language) ? session.language : DEFAULT_LANGUAGE;
}

/**
 * §7 "form userDetail (encoded JSON)": the form field holds JSON text, which is parsed before the
 * body's schema is checked, so every way of sending the payload is validated alike.
 */
async function parseUserDetail(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as { userDetail?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.userDetail === 'string') {
    try {
      body.userDetail = JSON.parse(body.userDetail);
    } catch {
      return reply.code(400).send({ errorCode: 'request.invalidBody', message: 'userDetail is not JSON' });
    }
  }
}

const sameUsername = (orgId: string, username: string) =>
  and(eq(contacts.orgId, orgId), sql`lower(${contacts.username}) = ${username.toLowerCase()}`);

export default async function registrationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { orgId: string }; Querystring: { username: string } }>('/:orgId/signup/checkUsername', {
    schema: {
      params: orgIdParams,
      querystring: {
        type: 'object', required: ['username'],
        properties: { username: { type: 'string', minLength: LIMITS.username.min, maxLength: LIMITS.username.max, pattern: USERNAME_PATTERN } },
      },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const [taken] = await db.select({ id: contacts.contactId }).from(contacts).where(sameUsername(org.orgId, request.query.username)).limit(1);
    reply.header('cache-control', 'no-store');
    return !taken;
  });

  app.get<{ Querystring: { orgId: string } }>('/rest/registration/settings', {
    schema: { querystring: orgIdQuery },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const org = await findOrganization(db, request.query.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const s = org.settings;
    return {
      orgId: org.orgId,
      isPublic: s.isPublic,
      minSignup: s.minSignup,
      signupEmailEditable: s.signupEmailEditable,
      signupEmailMandatory: s.signupEmailMandatory,
      shouldShowPreferredLanguage: s.shouldShowPreferredLanguage,
      showAddress: s.showAddress,
      addressSetting: s.addressSetting,
      SMSSetting: s.SMSSetting,
      phoneSetting: s.phoneSetting,
      slackSetting: s.slackSetting,
      showSlackDeliveryPath: s.showSlackDeliveryPath,
      defaultCountry: s.defaultCountry,
      passwordPolicy: passwordPolicyOf(s),
      securityQuestions: [...SECURITY_QUESTIONS],
    };
  });

  app.post<{ Querystring: SignUpQuery; Body: { userDetail: SignUpPayload } }>('/rest/registration/signUp', {
    schema: {
      querystring: { type: 'object', required: ['orgId'], properties: { orgId: orgIdSchema, ...invitationProperties } },
      body: { type: 'object', required: ['userDetail'], properties: { userDetail: signUpPayloadShape } },
    },
    preValidation: parseUserDetail,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const org = await findOrganization(db, request.query.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    if (!org.settings.enableSSP) return reply.code(403).send({ errorCode: 'ssp.page.deactivated' });
    const orgId = org.orgId;

    // §2: a private organisation signs up only whom it invited; any invitation given must verify.
    let invited: InvitedContact | null = null;
    if (hasInvitation(request.query)) {
      const found = await invitedContact(db, orgId, request.query);
      if ('status' in found) return reply.code(found.status).send({ errorCode: found.errorCode });
      invited = found.contact;
    } else if (!org.settings.isPublic) {
      return reply.code(403).send({ errorCode: 'signup.notAllowed' });
    }

    // §2: with new accounts forced to the universal profile, the browser is sent there; so is the API.
    const flags: FormFlags = { featureFlags: await findFeatureFlags(db, orgId), signUpVariant: 'standard' };
    if (universalProfileRedirect(org.settings, flags.featureFlags, orgId) !== null) {
      return reply.code(403).send({ errorCode: 'signup.universalProfileOnly' });
    }

    const payload = request.body.userDetail;
    if (payload.organizationId !== orgId) {
      return reply.code(400).send({ errorCode: 'request.invalid', message: 'userDetail.organizationId is not the orgId of the request' });
    }
    const formData: SignUpFormData = signUpFormData(org.settings, payload);
    // A read-only e-mail (signupEmailEditable false) is the one the organisation invited.
    if (invited && !org.settings.signupEmailEditable) {
      delete formData.email;
      if (invited.email) formData.email = invited.email;
    }
    const checked = checkSubmission(org, 'signUp', 'signup', flags, formData);
    if (!checked.ok) return reply.code(400).send(validationFailure(checked.errors));
    const data = checked.data;
    const username = data.username!;
    const password = data.password!;

    const [taken] = await db.select({ id: contacts.contactId }).from(contacts).where(sameUsername(orgId, username)).limit(1);
    if (taken) return reply.code(409).send(USERNAME_TAKEN);
    const refusal = passwordRefusal(password, username);
    if (refusal) return reply.code(400).send({ errorCode: refusal, errors: [{ pointer: '/password', key: refusal, params: {} }] });

    const [passwordHash, securityAnswerHash] = await Promise.all([
      argon2.hash(password, { type: argon2.argon2id }),
      argon2.hash(normalizeSecurityAnswer(data.securityAnswer!), { type: argon2.argon2id }),
    ]);
    let contactId: number;
    try {
      contactId = await createAccount(db, {
        orgId,
        ...(invited ? { invitedContactId: invited.contactId } : {}),
        contact: {
          username, passwordHash, firstName: data.firstName!, lastName: data.lastName!, email: data.email || null,
          preferredLanguage: await newAccountLanguage(request, data.preferredLanguage),
          securityQuestion: data.securityQuestion!, securityAnswerHash,
        },
        contactPaths: signUpContactPaths(org.settings, data),
        address: signUpAddress(data),
      });
    } catch (error) {
      if (!(error instanceof AccountCreationRefused)) throw error;
      const refused = refusedAccount(error.reason);
      return reply.code(refused.status).send(refused.body);
    }
    const session = await request.session.signIn(reply, orgId, contactId);
    return { contactId, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  app.get<{ Querystring: { orgId: string } & InvitationParams }>('/rest/registration/userInfo', {
    schema: {
      querystring: {
        type: 'object', required: ['orgId', 'contactId', 'strOrgId', 'strContactId', 'time', 'key'],
        properties: { orgId: orgIdSchema, ...invitationProperties },
      },
    },
    // §7: every refusal says 'Failed to get specified user information', bad parameters included.
    attachValidation: true,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const fail = (status: number, errorCode: string) => reply.code(status).send({ errorCode, message: USER_INFO_FAILED });
    if (request.validationError) return fail(400, 'request.invalid');
    const org = await findOrganization(db, request.query.orgId);
    if (!org || org.settings.disabled) return fail(404, ORG_NOT_FOUND.errorCode);
    if (!org.settings.enableSSP) return fail(403, 'ssp.page.deactivated');
    const found = await invitedContact(db, org.orgId, request.query);
    if ('status' in found) return fail(found.status, found.errorCode);
    const { contact } = found;

    const paths = await db.select().from(contactPaths)
      .where(and(eq(contactPaths.orgId, org.orgId), eq(contactPaths.contactId, contact.contactId))).orderBy(asc(contactPaths.sortOrder));
    const info = (row: (typeof paths)[number] | undefined) => row
      ? { value: row.value, ...(row.countryCode ? { countryCode: row.countryCode } : {}), quietTimeFrame: row.quietTimeFrames, noValidate: row.noValidate }
      : null;
    const ofType = (pathType: string) => paths.find((row) => row.pathType === pathType);
    const emailPath = paths.find((row) => row.pathId === EMAIL_PATH_ID);
    const stored = await db.select().from(addresses)
      .where(and(eq(addresses.orgId, org.orgId), eq(addresses.contactId, contact.contactId))).orderBy(asc(addresses.locationId));
    return {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email ?? '',
      addresses: stored.map((row): ContactAddressVo => ({
        pristineLocationName: row.locationName, locationName: row.locationName, country: row.country ?? '', streetAddress: row.streetAddress,
        suite: row.suite ?? '', city: row.city ?? '', state: row.state ?? '', postalCode: row.postalCode ?? '', lon: row.lon, lat: row.lat,
        addressGeoCodingSource: row.addressGeoCodingSource ?? '', id: row.locationId,
      })),
      deliverPathInfo: {
        emailInfo: emailPath ? info(emailPath) : contact.email ? { value: contact.email, quietTimeFrame: [], noValidate: false } : null,
        phoneInfo: info(ofType('PHONE')),
        SMSInfo: info(ofType('SMS')),
        slackInfo: info(ofType('SLACK')),
      },
    };
  });
}
