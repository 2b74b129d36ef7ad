/**
 * Single sign-on on the admin page (issue 15):
 * - `GET /admin/api/orgs/:orgId/sso` → `{ data }`: each saved provider with the portal's addresses its
 *   identity provider must be told, and whether its OpenID client secret is set (never the secret).
 * - `PUT /admin/api/orgs/:orgId/sso/:providerId/secret` JSON `{ secret }` → `{ status: 'ok' }`; 404
 *   `sso.provider` for a provider that is not an OpenID provider of the saved settings.
 */
import { AdminOrgParams } from '../../../../schemas/api/admin.ts';
import { answers, StatusOk } from '../../../../schemas/api/common.ts';
import { ClientSecretBody, ClientSecretParams, SsoSetup } from '../../../../schemas/api/sso.ts';
import { answer } from '../../../http/answer.ts';
import { noStore } from '../../../http/noStore.ts';
import { portalUrl } from '../../../http/portalUrl.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { setClientSecret, ssoSetup } from '../../../services/sso/setup.ts';

const config = { org: { from: 'path', disabled: 'allow' } } as const;

export default async function adminSsoRoutes(app: RouteApp, { db, publicUrl }: RouteDeps) {
  app.get('/admin/api/orgs/:orgId/sso', {
    schema: { params: AdminOrgParams, response: answers(SsoSetup) }, config, onRequest: noStore,
  }, async (request, reply) => answer(reply, await ssoSetup(db, portalUrl(request, publicUrl), request.org)));

  app.put('/admin/api/orgs/:orgId/sso/:providerId/secret', {
    schema: { params: ClientSecretParams, body: ClientSecretBody, response: answers(StatusOk) }, config, onRequest: noStore,
  }, async (request, reply) => answer(reply, await setClientSecret(db, request.org, request.params.providerId, request.body.secret)));
}
