/**
 * Admin API for the two ways into a sign-up that is not open to all:
 * - `POST /admin/api/orgs/:orgId/invitations` JSON `{ firstName, lastName, email }` → 201
 *   `{ contactId, url }` (services/invitations.ts inviteContact);
 * - `POST /admin/api/orgs/:orgId/publicProfiles` JSON `{ firstName, lastName, email, phone?, countryCode? }`
 *   → 201 `{ id, token, url }` (services/publicProfiles.ts).
 * An administrator works with disabled organisations too: only an unknown one is refused.
 */
import type { FastifyInstance } from 'fastify';
import { NAME_PATTERN } from '../../../../schemas/forms/commonFields.ts';
import { LIMITS } from '../../../../schemas/rules/limits.ts';
import { answer } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { inviteContact } from '../../../services/invitations.ts';
import { issuePublicProfile } from '../../../services/publicProfiles.ts';

/** §5 names: not blank, no forbidden characters, max 100. */
const name = { type: 'string', minLength: 1, maxLength: LIMITS.name.max, pattern: NAME_PATTERN } as const;
const email = { type: 'string', format: 'email', minLength: LIMITS.email.min, maxLength: LIMITS.email.max } as const;
const config = { org: { from: 'path', disabled: 'allow' } } as const;

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export default async function adminInvitationRoutes(app: FastifyInstance, { db, mailer, publicUrl }: RouteDeps) {
  app.post<{ Params: { orgId: string }; Body: Person }>('/admin/api/orgs/:orgId/invitations', {
    schema: {
      params: orgIdParams,
      body: { type: 'object', required: ['firstName', 'lastName', 'email'], additionalProperties: false, properties: { firstName: name, lastName: name, email } },
    },
    config,
  }, async (request, reply) => {
    const result = await inviteContact({ db, mailer, log: request.log }, request.org, request.body, portalUrl(request, publicUrl));
    return result.ok ? reply.code(201).send({ contactId: result.contactId, url: result.url }) : answer(reply, result);
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
    config,
  }, async (request, reply) => {
    const result = await issuePublicProfile(db, request.org, request.body);
    return result.ok ? reply.code(201).send({ id: result.id, token: result.token, url: result.url }) : answer(reply, result);
  });
}
