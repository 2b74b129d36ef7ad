/**
 * §7 `POST /manage/login` and `/logout/{orgId}`.
 *
 * Login (§4, §5, §6): the form is the login builder's (same schema as the browser); the password is
 * checked against its argon2id hash; success signs the browser in on a new session (new cookie, new
 * CSRF token) and answers `{ status: '1', redirect, CSRF_TOKEN_FOR_SESSION }`; an expired password
 * answers `status: '-1'` with the reset-password page (nothing signed in).
 * FedRAMP organisations count failed attempts (`remainCount` → 'ssp.request.account.error.fedRamp')
 * and lock the account (`fedrampLockTime` minutes → 'ssp.request.account.locked.fedRamp'); other
 * organisations throttle repeated failures per account name and per address. Unknown usernames go
 * through the same counting and the same answers, so nobody learns which usernames exist.
 */
import argon2 from 'argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { contacts, sessionLogins } from '../db/schema.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { FEATURE_FLAGS_OFF } from '../../schemas/featureFlags.ts';
import { checkSubmission } from '../services/formSubmissions.ts';
import { validationFailure } from '../services/formValidator.ts';
import { createThrottle } from '../services/throttle.ts';
import { ORG_NOT_FOUND, orgIdParams, orgIdSchema } from './shared.ts';

/** FedRAMP (NIST AC-7): three consecutive failures lock the account for 30 minutes. */
export const FEDRAMP_MAX_ATTEMPTS = 3;
export const FEDRAMP_LOCK_MINUTES = 30;
/** Elsewhere: at most 10 failures per account name, 50 per address, in 15 minutes (THROTTLE_WINDOW_MS). */
export const THROTTLE_PER_ACCOUNT = 10;
export const THROTTLE_PER_ADDRESS = 50;

const DUMMY_HASH = argon2.hash('no such account', { type: argon2.argon2id });

interface LoginBody {
  orgId: string;
  username: string;
  password: string;
  keepSigned?: string;
}

export default async function loginRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const throttle = createThrottle(db);

  app.post<{ Body: LoginBody }>('/manage/login', {
    schema: {
      body: {
        type: 'object', required: ['orgId'],
        properties: {
          orgId: orgIdSchema, username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 200 },
          keepSigned: { type: 'string', maxLength: 10 },
        },
      },
    },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.body.orgId);
    if (!org || org.settings.disabled) return reply.code(404).send(ORG_NOT_FOUND);
    if (!org.settings.enableSSP) return reply.code(403).send({ status: 'failed', errorCode: 'ssp.page.deactivated' });

    const checked = checkSubmission(org, 'login', 'signup', { featureFlags: FEATURE_FLAGS_OFF }, { username: request.body.username, password: request.body.password });
    if (!checked.ok) return reply.code(400).send({ status: 'failed', ...validationFailure(checked.errors) });
    const { username, password } = checked.data as { username: string; password: string };

    const orgId = org.orgId;
    const accountKey = `user:${username.toLowerCase()}`;
    const addressKey = `ip:${request.ip}`;
    const fedRamp = org.settings.isFedRAMPCustomer;
    const [contact] = await db.select().from(contacts)
      .where(and(eq(contacts.orgId, orgId), sql`lower(${contacts.username}) = ${username.toLowerCase()}`));

    if (fedRamp) {
      const lockedFor = contact?.lockedUntil ? contact.lockedUntil.getTime() - Date.now() : 0;
      const unknownLocked = !contact && (await throttle.failures(orgId, accountKey)) >= FEDRAMP_MAX_ATTEMPTS;
      if (lockedFor > 0 || unknownLocked) {
        await argon2.verify(await DUMMY_HASH, password);
        const minutes = lockedFor > 0 ? Math.ceil(lockedFor / 60000) : FEDRAMP_LOCK_MINUTES;
        return reply.code(403).send({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: minutes });
      }
    } else if ((await throttle.failures(orgId, accountKey)) >= THROTTLE_PER_ACCOUNT || (await throttle.failures(orgId, addressKey)) >= THROTTLE_PER_ADDRESS) {
      return reply.code(429).send({ status: 'failed', errorCode: 'login.throttled' });
    }

    const valid = await argon2.verify(contact?.passwordHash ?? (await DUMMY_HASH), password);
    if (!contact || !valid) {
      if (fedRamp) {
        const failures = contact
          ? (await db.update(contacts).set({ failedLogins: sql`${contacts.failedLogins} + 1` })
            .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contact.contactId)))
            .returning({ failedLogins: contacts.failedLogins }))[0]!.failedLogins
          : await throttle.count(orgId, accountKey);
        if (failures >= FEDRAMP_MAX_ATTEMPTS) {
          if (contact) {
            await db.update(contacts).set({ failedLogins: 0, lockedUntil: new Date(Date.now() + FEDRAMP_LOCK_MINUTES * 60000) })
              .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contact.contactId)));
          }
          return reply.code(403).send({ status: 'locked', errorCode: 'ssp.request.account.locked.fedRamp', fedrampLockTime: FEDRAMP_LOCK_MINUTES });
        }
        return reply.code(403).send({ status: 'failed', errorCode: 'ssp.request.account.error.fedRamp', remainCount: FEDRAMP_MAX_ATTEMPTS - failures });
      }
      await throttle.count(orgId, accountKey);
      await throttle.count(orgId, addressKey);
      return reply.code(403).send({ status: 'failed', errorCode: 'login.failed' });
    }

    await throttle.clear(orgId, accountKey);
    if (contact.failedLogins > 0 || contact.lockedUntil) {
      await db.update(contacts).set({ failedLogins: 0, lockedUntil: null })
        .where(and(eq(contacts.orgId, orgId), eq(contacts.contactId, contact.contactId)));
    }
    if (contact.passwordExpired) {
      // §4 "status '-1' goes to reset-password (sets p_expired marker)": nothing is signed in yet.
      return { status: '-1', redirect: `/${orgId}/reset-password` };
    }
    const session = await request.session.signIn(reply, orgId, contact.contactId);
    return { status: '1', redirect: `/${orgId}/home`, CSRF_TOKEN_FOR_SESSION: session.csrfToken };
  });

  app.get<{ Params: { orgId: string } }>('/logout/:orgId', { schema: { params: orgIdParams } }, async (request, reply) => {
    const session = await request.session.current();
    if (session) {
      await db.delete(sessionLogins)
        .where(and(eq(sessionLogins.orgId, request.params.orgId), eq(sessionLogins.sessionHash, session.sessionHash)));
    }
    // A kept access key would sign the browser straight back in on the next page (§5 accessKey cookie).
    reply.clearCookie('accessKey', { path: `/${request.params.orgId}` });
    return reply.redirect(`/${encodeURIComponent(request.params.orgId)}/login`, 303);
  });
}
