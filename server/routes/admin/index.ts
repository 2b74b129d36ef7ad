/**
 * The admin scope: the admin API behind the live preview (issue 3), `/admin/api/…`. Its hook is the
 * administrator guard (services/admins.ts): every call needs an administrator session, and a write
 * also its X-CSRF-TOKEN. Only the calls that start a session declare `config: { adminGuard: 'none' }`.
 * A new admin domain is one folder here, listed below.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/routeDeps.ts';
import { ADMIN_COOKIE, adminRefusal, currentAdmin, type AdminSession } from '../../services/admins.ts';
import accessKeys from './accessKeys/index.ts';
import forms from './forms/index.ts';
import invitations from './invitations/index.ts';
import publishingKeys from './publishingKeys/index.ts';
import settings from './settings/index.ts';
import sso from './sso/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'none': the call is how an administrator signs in (or asks whether they are): the admin guard does not apply. */
    adminGuard?: 'none';
  }
  interface FastifyRequest {
    /** The administrator of an admin-scope call (null only where adminGuard is 'none'). */
    admin: AdminSession | null;
  }
}

const DOMAINS = [settings, invitations, accessKeys, publishingKeys, sso, forms];

export default async function adminScope(app: FastifyInstance, deps: RouteDeps) {
  app.decorateRequest('admin', null);
  app.addHook('preHandler', async (request, reply) => {
    request.admin = await currentAdmin(deps.db, request.cookies[ADMIN_COOKIE]);
    if (request.routeOptions.config.adminGuard === 'none') return;
    const refusal = adminRefusal(request.admin, request.method, request.headers['x-csrf-token']);
    if (refusal) return reply.code(refusal.status).send(refusal.body);
  });
  for (const domain of DOMAINS) await app.register(domain, deps);
}
