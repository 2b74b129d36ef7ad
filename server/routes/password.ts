/**
 * §7 `POST /{org}/changePassword/validatePassword` (form userName, password; truthy when the
 * password may be used) and `POST /{org}/changePassword` (form loginId, oldPassword, newPassword;
 * status '1', errorCode). A signed-in member changes their own password; without a session only an
 * expired password may be changed (§4 expired mode, p_expired = Y), and anything else answers
 * status 'timeout' (§8: back to login). The new password follows the organisation's policy (the
 * change-password builder's schema), is not the username nor a common password, and the session is
 * rotated afterwards.
 */
import argon2 from 'argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { isPasswordAllowed, passwordPolicyOf } from '../../schemas/rules/passwordPolicy.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { passwordRefusal } from '../services/passwordChecks.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

const text = { type: 'string', maxLength: 200 } as const;

export default async function passwordRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Params: { orgId: string }; Body: { userName?: string; password?: string } }>('/:orgId/changePassword/validatePassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { userName: text, password: text } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const password = (request.body.password ?? '').trim();
    return isPasswordAllowed(password, passwordPolicyOf(org.settings)) && passwordRefusal(password, request.body.userName ?? '') === null;
  });

  app.post<{ Params: { orgId: string }; Body: { loginId?: string; oldPassword?: string; newPassword?: string } }>('/:orgId/changePassword', {
    schema: { params: orgIdParams, body: { type: 'object', properties: { loginId: text, oldPassword: text, newPassword: text } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    const orgId = org.orgId;
    const loginId = (request.body.loginId ?? '').trim();
    const [contact] = loginId
      ? await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.username}) = ${loginId.toLowerCase()}`))
      : [];
    const signedIn = await request.session.contactId(orgId);
    // A member changes only their own password; without a session only an expired one may be changed.
    if (signedIn !== null ? contact?.contactId !== signedIn : !contact?.passwordExpired) {
      return { status: 'timeout' };
    }

    const checked = checkSubmission(org, 'changePassword', 'edit', { featureFlags: FEATURE_FLAGS_OFF }, {
      currentPassword: request.body.oldPassword ?? '',
      newPassword: request.body.newPassword ?? '',
      confirmPassword: request.body.newPassword ?? '',
    });
    if (!checked.ok) return reply.code(400).send({ status: 'failed', ...validationFailure(checked.errors) });
    const { currentPassword, newPassword } = checked.data;
    const { passwordHash, username } = contact!;
    // A public-portal account (new-profile) has no password here: it signs in at the portal.
    if (passwordHash === null || username === null) return reply.code(403).send({ status: 'failed', errorCode: 'ssp.password.change.failed' });

    if (!(await argon2.verify(passwordHash, currentPassword))) {
      return reply.code(403).send({ status: 'failed', errorCode: 'ssp.password.current.invalid', errors: [{ pointer: '/currentPassword', key: 'ssp.password.current.invalid', params: {} }] });
    }
    const refusal = newPassword === currentPassword ? 'ssp.password.same.as.old' : passwordRefusal(newPassword, username);
    if (refusal) return reply.code(400).send({ status: 'failed', errorCode: refusal, errors: [{ pointer: '/newPassword', key: refusal, params: {} }] });

    await db.update(contacts)
      .set({ passwordHash: await argon2.hash(newPassword, { type: argon2.argon2id }), passwordExpired: false, failedLogins: 0, lockedUntil: null })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contact!.contactId)));
    if (signedIn !== null) {
      // A changed password starts a new session (issue 4 "rotated on login and on password change").
      const session = await request.session.signIn(reply, orgId, signedIn);
      return { status: '1', CSRF_TOKEN_FOR_SESSION: session.csrfToken };
    }
    return { status: '1' };
  });
}
