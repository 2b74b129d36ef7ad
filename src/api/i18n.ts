/**
 * The language calls of §7, typed: `POST /changeLanguage/{lang}` (the server stores the choice and
 * sets the cookie, §4) and the address of a catalogue `GET /public/i18n/{lang}.json`.
 */
import type { ChangeLanguageAnswer } from '../../schemas/api/i18n.ts';
import { api } from './client.ts';
import { paths } from './paths.ts';

export type { ChangeLanguageAnswer };

export function changeLanguage(language: string) {
  return api.post<ChangeLanguageAnswer>(paths.changeLanguage(language));
}

/** The catalogue's address; `version` (the build id) busts caches between releases. */
export function catalogueUrl(language: string, version: string): string {
  return `${paths.i18n(language)}?version=${encodeURIComponent(version)}`;
}
