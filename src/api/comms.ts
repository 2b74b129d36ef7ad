/** `GET /rest/comms/{commsId}` (§7), typed: a public communication (its title, for now). */
import type { CommsAnswer } from '../../schemas/api/comms.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { CommsAnswer };

export function getComms(commsId: string, signal?: AbortSignal) {
  return api.get<CommsAnswer>(paths.comms(commsId), { signal });
}
