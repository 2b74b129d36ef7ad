/**
 * `POST /featureFlags?orgId` (§6/§7) with `[{ trafficType: 'organization', names: [...] }]`: the
 * organisation's flags asked for by name, answered as `{ name: boolean }`. Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';
import { FEATURE_FLAG_NAMES, type FeatureFlags } from '../featureFlags.ts';
import { Constant, OrgIdQuery } from './common.ts';

export { OrgIdQuery as FeatureFlagsQuery };

/** The request: up to 10 asks of up to 50 known flag names each. */
export const FeatureFlagsBody = Type.Array(Type.Object({
  trafficType: Constant('organization'),
  names: Type.Array(Type.Enum([...FEATURE_FLAG_NAMES]), { maxItems: 50 }),
}, { additionalProperties: false }), { minItems: 1, maxItems: 10 });
export type FeatureFlagsBody = Static<typeof FeatureFlagsBody>;

/** The flags asked for, each true or false (schemas/featureFlags.ts names them all). */
export const FeatureFlagsAnswer = Type.Unsafe<Partial<FeatureFlags>>(Type.Object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, Type.Optional(Type.Boolean())])),
  { additionalProperties: false },
));
export type FeatureFlagsAnswer = Static<typeof FeatureFlagsAnswer>;
