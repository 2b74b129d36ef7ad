/**
 * The administrator's access keys (§5/§6 access key; issue 9 row 16):
 * - `POST /admin/api/orgs/:orgId/accessKeys` JSON `{ username }` → 201 `{ accessKey, url }`: a link
 *   that signs the member in. The key is shown once; only its hash is kept (services/accessKeys.ts).
 * - `GET /admin/api/orgs/:orgId/accessKeys?username&page&pageSize` → a page of the live keys: who,
 *   created, expires; never a key or its hash.
 * - `DELETE /admin/api/orgs/:orgId/accessKeys/:keyId` → `{ status: 'ok' }`: the key stops signing in
 *   and its member's sign-ins end; 404 `accessKey.notFound` for an id this organisation has no live key of.
 */
import { AccessKeyBody, AccessKeyLink, AccessKeyList, AccessKeyListQuery, AccessKeyParams, AdminOrgParams } from '../../../../schemas/api/admin.ts';
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { issueAccessKeyFor, listAccessKeys, revokeAccessKey } from '../../../services/accessKeys.ts';

// An administrator works with disabled organisations too: only an unknown one is refused.
const config = { org: { from: 'path', disabled: 'allow' } } as const;

export default async function adminAccessKeyRoutes(app: RouteApp, { db }: RouteDeps) {
  app.post('/admin/api/orgs/:orgId/accessKeys', {
    schema: { params: AdminOrgParams, body: AccessKeyBody, response: answers(AccessKeyLink) },
    config,
  }, async (request, reply) => {
    const result = await issueAccessKeyFor(db, request.org.orgId, request.body.username);
    return result.ok ? reply.code(201).send({ accessKey: result.accessKey, url: result.url }) : refused(reply, result);
  });

  app.get('/admin/api/orgs/:orgId/accessKeys', {
    schema: { params: AdminOrgParams, querystring: AccessKeyListQuery, response: answers(AccessKeyList) },
    config,
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await listAccessKeys(db, request.org.orgId, request.query)));

  app.delete('/admin/api/orgs/:orgId/accessKeys/:keyId', {
    schema: { params: AccessKeyParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await revokeAccessKey(db, request.org.orgId, request.params.keyId)));
}
