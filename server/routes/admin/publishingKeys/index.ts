/**
 * The organisation's keys to the publishing API (issue 14), on the admin page:
 * - `POST /admin/api/orgs/:orgId/publishingKeys` JSON `{ name }` → 201 `{ keyId, name, createdAt, key }`:
 *   the key is shown this once; only the SHA-256 of its secret is kept. 409 `publishingKey.tooMany`
 *   past MAX_PUBLISHING_KEYS.
 * - `GET /admin/api/orgs/:orgId/publishingKeys` → `{ data }`: name, made, last used; never a key.
 * - `DELETE /admin/api/orgs/:orgId/publishingKeys/:keyId` → `{ status: 'ok' }`: the key stops at once;
 *   404 `publishingKey.notFound`.
 */
import { AdminOrgParams } from '../../../../schemas/api/admin.ts';
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import { PublishingKeyBody, PublishingKeyList, PublishingKeyMade, PublishingKeyParams } from '../../../../schemas/api/publishing.ts';
import { answer, refused } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { listPublishingKeys, makePublishingKey, revokePublishingKey } from '../../../services/publishing.ts';

// An administrator works with disabled organisations too: only an unknown one is refused.
const config = { org: { from: 'path', disabled: 'allow' } } as const;

export default async function adminPublishingKeyRoutes(app: RouteApp, { db }: RouteDeps) {
  app.post('/admin/api/orgs/:orgId/publishingKeys', {
    schema: { params: AdminOrgParams, body: PublishingKeyBody, response: answers(PublishingKeyMade) },
    config,
    onRequest: noStore,
  }, async (request, reply) => {
    const result = await makePublishingKey(db, request.org.orgId, request.body.name);
    if (!result.ok) return refused(reply, result);
    const { ok: _ok, ...made } = result;
    return reply.code(201).send(made);
  });

  app.get('/admin/api/orgs/:orgId/publishingKeys', {
    schema: { params: AdminOrgParams, response: answers(PublishingKeyList) },
    config,
    onRequest: noStore,
  }, async (request, reply) => answer(reply, await listPublishingKeys(db, request.org.orgId)));

  app.delete('/admin/api/orgs/:orgId/publishingKeys/:keyId', {
    schema: { params: PublishingKeyParams, response: answers(StatusOk) },
    config,
  }, async (request, reply) => answer(reply, await revokePublishingKey(db, request.org.orgId, request.params.keyId)));
}
