/** `GET /rest/demo/organizations`: the organisations the root page lists, so a new user finds their way in. */
import { answers } from '../../../../schemas/api/common.ts';
import { DemoOrganizations } from '../../../../schemas/api/demo.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { demoOrganizations } from '../../../services/demo.ts';

export default async function demoOrganizationRoutes(app: RouteApp, { db }: RouteDeps) {
  app.get('/rest/demo/organizations', { schema: { response: answers(DemoOrganizations) } }, async () => demoOrganizations(db));
}
