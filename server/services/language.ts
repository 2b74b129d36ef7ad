/** §4 "Language change: stored on the server, then a cookie is set". */
import type { Db } from '../db/client.ts';
import { setSessionLanguage } from '../repositories/sessions.ts';

/** The cookie the browser app reads its language from. */
export const LANGUAGE_COOKIE = 'language';

export function changeSessionLanguage(db: Db, sessionHash: string, language: string): Promise<void> {
  return setSessionLanguage(db, sessionHash, language);
}
