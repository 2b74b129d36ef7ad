/**
 * The server's own texts in a member's language (a test notification's message): the keys of the
 * browser's catalogues (public/i18n/{lang}.json), read once per language, English filling what a
 * language lacks and the key itself what English lacks (§8 "missing keys fall back to the key text"),
 * with i18next's `{{name}}` placeholders filled in.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../schemas/languages.ts';

const catalogueDir = new URL('../../public/i18n/', import.meta.url);
const catalogues = new Map<LanguageCode, Record<string, string>>();

function catalogue(lang: LanguageCode): Record<string, string> {
  let read = catalogues.get(lang);
  if (!read) {
    try {
      read = JSON.parse(readFileSync(new URL(`${lang}.json`, catalogueDir), 'utf8')) as Record<string, string>;
    } catch {
      read = {};
    }
    catalogues.set(lang, read);
  }
  return read;
}

/** The text of `key` in `language` (one of the 27, else English) with `params` put in its `{{…}}`. */
export function translate(language: string | undefined, key: string, params: Record<string, string | number> = {}): string {
  const lang = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const text = catalogue(lang)[key] || catalogue(DEFAULT_LANGUAGE)[key] || key;
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
