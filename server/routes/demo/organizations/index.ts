/** `GET /rest/demo/organizations`: the organisations the root page lists, so a new user finds their way in. */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { demoOrganizations } from '../../../services/demo.ts';

export default async function demoOrganizationRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/rest/demo/organizations', async () => demoOrganizations(db));
}
