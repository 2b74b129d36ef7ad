/**
 * Admin API (administrator session + X-CSRF-TOKEN, adminGuard) for the two ways into a sign-up that
 * is not open to all:
 * - `POST /admin/api/orgs/:orgId/invitations` JSON `{ firstName, lastName, email }` → 201
 *   `{ contactId, url }`: an unregistered contact (registered = false, no username or password yet)
 *   and its §1 invitation link (services/invitations.ts), mailed to the address. Inviting an address
 *   that already has an invitation pending re-invites that contact with a fresh link.
 * - `POST /admin/api/orgs/:orgId/publicProfiles` JSON `{ firstName, lastName, email, phone?, countryCode? }`
 *   → 201 `{ id, token, url }`: a §3 Public profile and its new-profile link, valid 7 days. The token
 *   is shown once; only its SHA-256 is kept.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NAME_PATTERN } from '../../schemas/forms/commonFields.ts';
import { LIMITS } from '../../schemas/rules/limits.ts';
import type { Db } from '../db/client.ts';
import { contacts, publicProfiles } from '../db/schema.ts';
import { hashToken } from '../plugins/session.ts';
import { findOrganization } from '../repositories/organizations.ts';
import { invitationPath, inviteParams } from '../services/invitations.ts';
import { adminGuard } from './admin.ts';
import { portalUrl } from './recovery.ts';
import { ORG_NOT_FOUND, orgIdParams } from './shared.ts';

/** How long a public-portal token lets its holder register. */
export const PUBLIC_PROFILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** §5 names: not blank, no forbidden characters, max 100. */
const name = { type: 'string', minLength: 1, maxLength: LIMITS.name.max, pattern: NAME_PATTERN } as const;
const email = { type: 'string', format: 'email', minLength: LIMITS.email.min, maxLength: LIMITS.email.max } as const;

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export default async function adminInvitationRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string | null }) {
  const { requireAdmin } = adminGuard(db);

  app.post<{ Params: { orgId: string }; Body: Person }>('/admin/api/orgs/:orgId/invitations', {
    schema: {
      params: orgIdParams,
      body: { type: 'object', required: ['firstName', 'lastName', 'email'], additionalProperties: false, properties: { firstName: name, lastName: name, email } },
    },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const orgId = org.orgId;
    const firstName = request.body.firstName.trim();
    const lastName = request.body.lastName.trim();
    const address = request.body.email.trim();
    if (!firstName || !lastName) return reply.code(400).send({ errorCode: 'request.invalid', message: 'body/firstName and body/lastName must not be blank' });

    const [pending] = await db.update(contacts).set({ firstName, lastName })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.registered, false), isNull(contacts.username), sql`lower(${contacts.email}) = ${address.toLowerCase()}`))
      .returning({ contactId: contacts.contactId });
    const contactId = pending?.contactId ?? (await db.insert(contacts)
      .values({ orgId, username: null, passwordHash: null, firstName, lastName, email: address, registered: false })
      .returning({ contactId: contacts.contactId }))[0]!.contactId;

    const url = invitationPath(orgId, await inviteParams(db, orgId, contactId));
    const orgName = org.settings.orgName;
    try {
      await app.mailer.send(orgId, {
        to: address,
        subject: `Your invitation to ${orgName}`,
        text: `Hello ${firstName} ${lastName},\n\n${orgName} invites you to create your account in its member portal, `
          + `where you choose how alerts reach you.\n\nCreate your account here (the link works for 7 days):\n${portalUrl(request, publicUrl)}${url}\n\n`
          + 'If you did not expect this invitation, you can ignore this e-mail.\n',
      });
    } catch (err) {
      request.log.error({ err }, 'invitation mail could not be written');
      return reply.code(503).send({ errorCode: 'invitation.mail.failed', contactId, url });
    }
    return reply.code(201).send({ contactId, url });
  });

  app.post<{ Params: { orgId: string }; Body: Person & { phone?: string; countryCode?: string } }>('/admin/api/orgs/:orgId/publicProfiles', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['firstName', 'lastName', 'email'], additionalProperties: false,
        properties: {
          firstName: name, lastName: name, email,
          phone: { type: 'string', maxLength: LIMITS.phoneBypass.max, pattern: '^[0-9 ()+.-]*$' },
          countryCode: { type: 'string', pattern: '^(?:[A-Z]{2})?$' },
        },
      },
    },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const org = await findOrganization(db, request.params.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const { firstName, lastName, email: address, phone = '', countryCode = '' } = request.body;
    if (!firstName.trim() || !lastName.trim()) return reply.code(400).send({ errorCode: 'request.invalid', message: 'body/firstName and body/lastName must not be blank' });
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await db.insert(publicProfiles).values({
      orgId: org.orgId, profileId: id, tokenHash: hashToken(token), firstName: firstName.trim(), lastName: lastName.trim(), email: address.trim(),
      phone: phone.trim() || null, countryCode: phone.trim() ? countryCode || org.settings.defaultCountry : countryCode || null,
      expiresAt: new Date(Date.now() + PUBLIC_PROFILE_TTL_MS),
    });
    return reply.code(201).send({ id, token, url: `/${encodeURIComponent(org.orgId)}/new-profile?token=${encodeURIComponent(token)}` });
  });
}
