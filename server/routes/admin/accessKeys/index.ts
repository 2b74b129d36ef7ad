/**
 * `POST /admin/api/orgs/:orgId/accessKeys` JSON `{ username }` → 201 `{ accessKey, url }`: an
 * administrator hands a member a link that signs them in (§5/§6 access key). The key is shown once;
 * only its hash is kept (services/accessKeys.ts).
 */
import type { FastifyInstance } from 'fastify';
import { answer } from '../../../http/answer.ts';
import { orgIdParams } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { issueAccessKeyFor } from '../../../services/accessKeys.ts';

export default async function adminAccessKeyRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.post<{ Params: { orgId: string }; Body: { username: string } }>('/admin/api/orgs/:orgId/accessKeys', {
    schema: {
      params: orgIdParams,
      body: {
        type: 'object', required: ['username'], additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 80 } },
      },
    },
    // An administrator works with disabled organisations too: only an unknown one is refused.
    config: { org: { from: 'path', disabled: 'allow' } },
  }, async (request, reply) => {
    const result = await issueAccessKeyFor(db, request.org.orgId, request.body.username);
    return result.ok ? reply.code(201).send({ accessKey: result.accessKey, url: result.url }) : answer(reply, result);
  });
}
