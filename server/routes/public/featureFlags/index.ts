/** §6/§7 `POST /featureFlags?orgId` with `[{ trafficType: 'organization', names: [...] }]`. */
import type { FastifyInstance } from 'fastify';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '../../../../schemas/featureFlags.ts';
import { orgIdQuery } from '../../../http/requestShapes.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { findFeatureFlags } from '../../../repositories/featureFlags.ts';

type FlagRequest = { trafficType: 'organization'; names: FeatureFlagName[] }[];

export default async function featureFlagRoutes(app: FastifyInstance, { db }: RouteDeps) {
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
    // Asked at boot beside /rest/init, which tells the browser that an organisation is disabled (§2): answered for it too.
    config: { org: { from: 'query', disabled: 'allow' } },
  }, async (request) => {
    const flags = await findFeatureFlags(db, request.org.orgId);
    const answer: Partial<Record<FeatureFlagName, boolean>> = {};
    for (const { names } of request.body) for (const name of names) answer[name] = flags[name];
    return answer;
  });
}
