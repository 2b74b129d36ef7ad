/**
 * The demo scope: demo mode's helpers (not calls of §7), answered only when DEMO is on. Its hook
 * refuses every call with 404 `demo.off` otherwise, before the request is validated: off means off
 * whatever the query. A new demo helper is one folder here, listed below.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/routeDeps.ts';
import { DEMO_OFF } from '../../services/demo.ts';
import deliveries from './deliveries/index.ts';
import identityProvider from './identityProvider/index.ts';
import mails from './mails/index.ts';
import organizations from './organizations/index.ts';

const DOMAINS = [organizations, mails, deliveries, identityProvider];

export default async function demoScope(app: FastifyInstance, deps: RouteDeps) {
  app.addHook('preValidation', async (_request, reply) => {
    if (!deps.demo) return reply.code(404).send(DEMO_OFF);
  });
  for (const domain of DOMAINS) await app.register(domain, deps);
}
