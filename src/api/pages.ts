/**
 * The organisation's pages of §7, typed: `GET /{orgId}/helpAndAnswer?type` (a help tip's content)
 * and the address of `GET /{orgId}/banner` (an image, drawn by the browser, never fetched as JSON).
 */
import type { HelpAndAnswer } from '../../schemas/api/pages.ts';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { HelpAndAnswer };

export function helpAndAnswer(orgId: string, type: HelpType, signal?: AbortSignal) {
  return api.get<HelpAndAnswer>(paths.helpAndAnswer(orgId), { query: { type }, signal });
}

/** The banner image's address (`<img src>`). */
export function bannerUrl(orgId: string): string {
  return paths.banner(orgId);
}
