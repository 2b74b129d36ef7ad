/**
 * §7 public-portal sign-up (§2 new-profile, the sign-up form's 'public' variant):
 * - `GET /mbr-portal/api/v1/getPublicProfile?token`: the §3 Public profile a portal token stands for.
 *   No token: 400 'token not found'; an unknown or expired one: 404 'Failed to get public user information'.
 * - `POST /mbr-portal/api/v1/register` (CSRF), JSON or eb-base64 JSON PublicRegisterPayload: an account
 *   without username or password (it signs in at the portal) made from the profile, validated with the
 *   public variant of the sign-up form; the browser is signed in on a new session. One account per profile.
 *
 * A token is 32 random bytes (admin API, adminInvitations.ts); only its SHA-256 is kept, unique over
 * every organisation, so the token itself says which organisation it belongs to.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FormFlags } from '../../schemas/forms/types.ts';
import { publicRegisterFormData, signUpContactPaths, type SignUpFormData } from '../../schemas/signUp/fromPayload.ts';
import type { PublicProfile, PublicRegisterPayload } from '../../schemas/signUp/payload.ts';
import type { Db } from '../db/client.ts';
import { contacts, publicProfiles } from '../db/schema.ts';
import { hashToken } from '../plugins/session.ts';
import { findFeatureFlags, findOrganization, type Organization } from '../repositories/organizations.ts';
import { AccountCreationRefused, createAccount } from '../services/accountCreation.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { contactPathsShape, newAccountLanguage, refusedAccount } from './registration.ts';

/** §7 getPublicProfile's message for a token that stands for no profile. */
const PROFILE_NOT_FOUND = { errorCode: 'publicProfile.notFound', message: 'Failed to get public user information' } as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** §3 public variant of the creation payload (schemas/signUp/payload.ts PublicRegisterPayload), shape only. */
const publicRegisterShape = {
  type: 'object',
  required: ['firstName', 'lastName', 'email', 'organizationId', 'contactPaths', 'publicProfileId', 'token'],
  properties: {
    firstName: text(1000), lastName: text(1000), email: text(1000), organizationId: text(64),
    contactPaths: contactPathsShape, publicProfileId: text(200), token: text(200),
  },
} as const;

type ProfileRow = typeof publicProfiles.$inferSelect;

export function toPublicProfile(row: ProfileRow): PublicProfile {
  return { id: row.profileId, firstName: row.firstName, lastName: row.lastName, email: row.email ?? '', phone: row.phone ?? '', countryCode: row.countryCode ?? '' };
}

export default async function publicProfileRoutes(app: FastifyInstance, { db }: { db: Db; publicUrl: string | null }) {
  /** The unexpired profile `token` stands for, with its organisation (not a disabled one). */
  async function profileOf(token: string): Promise<{ profile: ProfileRow; org: Organization } | null> {
    const [profile] = await db.select().from(publicProfiles)
      .where(and(eq(publicProfiles.tokenHash, hashToken(token)), gt(publicProfiles.expiresAt, new Date())));
    if (!profile) return null;
    const org = await findOrganization(db, profile.orgId);
    return org && !org.settings.disabled ? { profile, org } : null;
  }

  app.get<{ Querystring: { token?: string } }>('/mbr-portal/api/v1/getPublicProfile', {
    schema: { querystring: { type: 'object', properties: { token: text(200) } } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.query.token?.trim();
    if (!token) return reply.code(400).send({ errorCode: 'request.invalid', message: 'token not found' });
    const found = await profileOf(token);
    if (!found) return reply.code(404).send(PROFILE_NOT_FOUND);
    if (!found.org.settings.enableSSP) return reply.code(403).send({ errorCode: 'ssp.page.deactivated', message: PROFILE_NOT_FOUND.message });
    return toPublicProfile(found.profile);
  });

  app.post<{ Body: PublicRegisterPayload }>('/mbr-portal/api/v1/register', {
    schema: { body: publicRegisterShape },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const payload = request.body;
    const found = await profileOf(payload.token.trim());
    if (!found) return reply.code(404).send(PROFILE_NOT_FOUND);
    const { profile, org } = found;
    // A token of another organisation stands for no profile of this one.
    if (payload.organizationId !== org.orgId) return reply.code(404).send(PROFILE_NOT_FOUND);
    if (!org.settings.enableSSP) return reply.code(403).send({ errorCode: 'ssp.page.deactivated' });
    const [holder] = await db.select({ contactId: contacts.contactId }).from(contacts)
      .where(and(eq(contacts.orgId, org.orgId), eq(contacts.publicProfileId, profile.profileId))).limit(1);
    if (holder) return reply.code(409).send({ errorCode: 'publicProfile.used' });

    const formData: SignUpFormData = publicRegisterFormData(org.settings, payload);
    // A read-only e-mail (signupEmailEditable false) is the profile's.
    if (!org.settings.signupEmailEditable) {
      delete formData.email;
      if (profile.email) formData.email = profile.email;
    }
    const flags: FormFlags = { featureFlags: await findFeatureFlags(db, org.orgId), signUpVariant: 'public' };
    const checked = checkSubmission(org, 'signUp', 'signup', flags, formData);
    if (!checked.ok) return reply.code(400).send(validationFailure(checked.errors));
    const data = checked.data;
    // The token proves the person holds that profile, and no other.
    if (data.publicProfileId !== profile.profileId) return reply.code(404).send(PROFILE_NOT_FOUND);

    let contactId: number;
    try {
      contactId = await createAccount(db, {
        orgId: org.orgId,
        contact: {
          username: null, passwordHash: null, firstName: data.firstName!, lastName: data.lastName!, email: data.email || null,
          preferredLanguage: await newAccountLanguage(request, undefined), securityQuestion: null, securityAnswerHash: null,
          publicProfileId: profile.profileId,
        },
        contactPaths: signUpContactPaths(org.settings, data),
        address: null,
      });
    } catch (error) {
      if (!(error instanceof AccountCreationRefused)) throw error;
      const refused = refusedAccount(error.reason);
      return reply.code(refused.status).send(refused.body);
    }
    const session = await request.session.signIn(reply, org.orgId, contactId);
    return { individualAccountId: contactId, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });
}
