/** §6/§7 `POST /featureFlags?orgId` with `[{ trafficType: 'organization', names: [...] }]`. */
import type { FastifyInstance } from 'fastify';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '../../schemas/featureFlags.ts';
import type { Db } from '../db/client.ts';
import { findFeatureFlags, findOrganization } from '../repositories/organizations.ts';
import { ORG_NOT_FOUND, orgIdQuery } from './shared.ts';

type FlagRequest = { trafficType: 'organization'; names: FeatureFlagName[] }[];

export default async function featureFlagRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Querystring: { orgId: string }; Body: FlagRequest }>('/featureFlags', {
    schema: {
      querystring: orgIdQuery,
      body: {
        type: 'array',
        minItems: 1,
        maxItems: 10,
        items: {
          type: 'object',
          required: ['trafficType', 'names'],
          additionalProperties: false,
          properties: {
            trafficType: { const: 'organization' },
            names: { type: 'array', maxItems: 50, items: { enum: [...FEATURE_FLAG_NAMES] } },
          },
        },
      },
    },
  }, async (request, reply) => {
    const org = await findOrganization(db, request.query.orgId);
    if (!org) return reply.code(404).send(ORG_NOT_FOUND);
    const flags = await findFeatureFlags(db, org.orgId);
    const answer: Partial<Record<FeatureFlagName, boolean>> = {};
    for (const { names } of request.body) for (const name of names) answer[name] = flags[name];
    return answer;
  });
}
