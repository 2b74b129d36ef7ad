/**
 * `GET /rest/comms/{commsId}` (§7): a public communication. Only its title is drawn so far; the
 * answer stays open for the fields the public-content issue adds. Conventions: common.ts.
 */
import { Type, type Static } from 'typebox';

export const CommsParams = Type.Object({ commsId: Type.String({ maxLength: 100 }) });
export type CommsParams = Static<typeof CommsParams>;

export const CommsAnswer = Type.Object({ title: Type.Optional(Type.String()) }, { additionalProperties: true });
export type CommsAnswer = Static<typeof CommsAnswer>;
