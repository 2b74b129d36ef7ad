/** `GET /rest/comms/{commsId}` (§7), typed: a public communication (its title, for now). */
import { api } from './client.ts';
import { paths } from './paths.ts';

export interface CommsAnswer {
  title?: string;
}

export function getComms(commsId: string, signal?: AbortSignal) {
  return api.get<CommsAnswer>(paths.comms(commsId), { signal });
}
