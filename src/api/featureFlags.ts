/**
 * `POST /featureFlags?orgId` (§7), typed: the organisation's flags, asked for by name (every name of
 * schemas/featureFlags.ts), sent as JSON (or eb-base64 when the caller says so).
 */
import type { FeatureFlagsAnswer, FeatureFlagsBody } from '../../schemas/api/featureFlags.ts';
import { FEATURE_FLAG_NAMES } from '../../schemas/featureFlags.ts';
import { api, type RequestOptions } from './client.ts';
import { paths } from './paths.ts';

export type { FeatureFlagsAnswer };

export function featureFlags(orgId: string, options?: Pick<RequestOptions, 'signal' | 'base64'>) {
  return api.post<FeatureFlagsAnswer>(paths.featureFlags, {
    ...options,
    query: { orgId },
    json: [{ trafficType: 'organization', names: [...FEATURE_FLAG_NAMES] }] satisfies FeatureFlagsBody,
  });
}
