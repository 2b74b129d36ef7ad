/**
 * `POST /admin/api/orgs/:orgId/accessKeys` JSON `{ username }` → 201 `{ accessKey, url }`: an
 * administrator hands a member a link that signs them in (§5/§6 access key). The key is shown once;
 * only its hash is kept (services/accessKeys.ts).
 */
import { AccessKeyBody, AccessKeyLink, AdminOrgParams } from '../../../../schemas/api/admin.ts';
import { answers } from '../../../../schemas/api/common.ts';
import { refused } from '../../../http/answer.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { issueAccessKeyFor } from '../../../services/accessKeys.ts';

export default async function adminAccessKeyRoutes(app: RouteApp, { db }: RouteDeps) {
  app.post('/admin/api/orgs/:orgId/accessKeys', {
    schema: { params: AdminOrgParams, body: AccessKeyBody, response: answers(AccessKeyLink) },
    // An administrator works with disabled organisations too: only an unknown one is refused.
    config: { org: { from: 'path', disabled: 'allow' } },
  }, async (request, reply) => {
    const result = await issueAccessKeyFor(db, request.org.orgId, request.body.username);
    return result.ok ? reply.code(201).send({ accessKey: result.accessKey, url: result.url }) : refused(reply, result);
  });
}
