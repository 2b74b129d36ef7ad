/**
 * The organisation's pages of §7, typed: `GET /{orgId}/helpAndAnswer?type&lang` (a help tip's content)
 * and the address of `GET /{orgId}/banner` (an image, drawn by the browser, never fetched as JSON).
 */
import type { HelpAndAnswer } from '../../schemas/api/pages.ts';
import type { HelpType } from '../../schemas/helpTypes.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { HelpAndAnswer };

/** The help tip of a page, in `lang` when the organisation gave it in that language (else in its own). */
export function helpAndAnswer(orgId: string, type: HelpType, lang?: string, signal?: AbortSignal) {
  return api.get<HelpAndAnswer>(paths.helpAndAnswer(orgId), { query: { type, ...(lang ? { lang } : {}) }, signal });
}

/** The banner image's address (`<img src>`). */
export function bannerUrl(orgId: string): string {
  return paths.banner(orgId);
}
