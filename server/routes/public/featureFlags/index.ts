/** §6/§7 `POST /featureFlags?orgId` with `[{ trafficType: 'organization', names: [...] }]`. */
import { answers } from '../../../../schemas/api/common.ts';
import { FeatureFlagsAnswer, FeatureFlagsBody, FeatureFlagsQuery } from '../../../../schemas/api/featureFlags.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';

export default async function featureFlagRoutes(app: RouteApp, _deps: RouteDeps) {
  app.post('/featureFlags', {
    schema: { querystring: FeatureFlagsQuery, body: FeatureFlagsBody, response: answers(FeatureFlagsAnswer) },
    // Asked at boot beside /rest/init, which tells the browser that an organisation is disabled (§2): answered for it too.
    config: { org: { from: 'query', disabled: 'allow' } },
  }, async (request) => {
    // The organisation's cached flags (services/orgCache.ts): no query.
    const flags = request.orgData.featureFlags;
    const answer: FeatureFlagsAnswer = {};
    for (const { names } of request.body) for (const name of names) answer[name] = flags[name];
    return answer;
  });
}
