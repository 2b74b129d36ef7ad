/**
 * Admin API for the two ways into a sign-up that is not open to all:
 * - `POST /admin/api/orgs/:orgId/invitations` JSON `{ firstName, lastName, email }` → 201
 *   `{ contactId, url }` (services/invitations.ts inviteContact; 429 `invitation.mail.limited` and 503
 *   `invitation.mail.failed` still carry them: the link exists, only its mail did not go);
 * - `POST /admin/api/orgs/:orgId/publicProfiles` JSON `{ firstName, lastName, email, phone?, countryCode? }`
 *   → 201 `{ id, token, url }` (services/publicProfiles.ts).
 * An administrator works with disabled organisations too: only an unknown one is refused.
 */
import {
  AdminOrgParams, InvitationAnswer, InvitationBody, InvitationRefusal, PublicProfileBody, PublicProfileLink,
} from '../../../../schemas/api/admin.ts';
import { answers } from '../../../../schemas/api/common.ts';
import { refused } from '../../../http/answer.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { inviteContact } from '../../../services/invitations.ts';
import { issuePublicProfile } from '../../../services/publicProfiles.ts';

const config = { org: { from: 'path', disabled: 'allow' } } as const;

export default async function adminInvitationRoutes(app: RouteApp, { db, mailer, publicUrl }: RouteDeps) {
  app.post('/admin/api/orgs/:orgId/invitations', {
    schema: { params: AdminOrgParams, body: InvitationBody, response: answers(InvitationAnswer, InvitationRefusal) },
    config,
  }, async (request, reply) => {
    const result = await inviteContact({ db, mailer, log: request.log }, request.org, request.body, portalUrl(request, publicUrl));
    return result.ok ? reply.code(201).send({ contactId: result.contactId, url: result.url }) : refused(reply, result);
  });

  app.post('/admin/api/orgs/:orgId/publicProfiles', {
    schema: { params: AdminOrgParams, body: PublicProfileBody, response: answers(PublicProfileLink) },
    config,
  }, async (request, reply) => {
    const result = await issuePublicProfile(db, request.org, request.body);
    return result.ok ? reply.code(201).send({ id: result.id, token: result.token, url: result.url }) : refused(reply, result);
  });
}
