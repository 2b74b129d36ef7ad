/**
 * `GET /rest/demo/organizations`: the organisations the root page lists in demo mode, so a new user
 * finds their way in (not a call of §7; answered only when DEMO is on).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { loadDemoOrgs } from '../db/seed.ts';
import { listOrganizations } from '../repositories/organizations.ts';

export interface DemoOrganization {
  orgId: string;
  orgName: string;
  description: string;
}

export default async function demoRoutes(app: FastifyInstance, { db, demo }: { db: Db; demo: boolean }) {
  app.get('/rest/demo/organizations', async (_request, reply) => {
    if (!demo) return reply.code(404).send({ errorCode: 'demo.off' });
    const descriptions = new Map((await loadDemoOrgs()).map((o) => [o.orgId, o.description]));
    const organizations: DemoOrganization[] = (await listOrganizations(db)).map((org) => ({
      orgId: org.orgId,
      orgName: org.settings.orgName,
      description: descriptions.get(org.orgId) ?? '',
    }));
    return { organizations, demoLogin: { username: 'demo.member', password: 'Demo!Member2026' } };
  });
}
