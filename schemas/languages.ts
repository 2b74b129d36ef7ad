/**
 * The languages of §9, in the order the spec lists them, each with its own name
 * (shown in the selector in that language) and the country it is spoken in (§3 "Language option").
 */
export const LANGUAGES = [
  { lang: 'ar_SA', name: 'العربية', countryCode: 'SA', dir: 'rtl' },
  { lang: 'da_DK', name: 'Dansk', countryCode: 'DK', dir: 'ltr' },
  { lang: 'en_GB', name: 'English (UK)', countryCode: 'GB', dir: 'ltr' },
  { lang: 'en_US', name: 'English (US)', countryCode: 'US', dir: 'ltr' },
  { lang: 'es_BO', name: 'Español (Bolivia)', countryCode: 'BO', dir: 'ltr' },
  { lang: 'es_ES', name: 'Español (España)', countryCode: 'ES', dir: 'ltr' },
  { lang: 'fi_FI', name: 'Suomi', countryCode: 'FI', dir: 'ltr' },
  { lang: 'fr_CA', name: 'Français (Canada)', countryCode: 'CA', dir: 'ltr' },
  { lang: 'fr_FR', name: 'Français (France)', countryCode: 'FR', dir: 'ltr' },
  { lang: 'de_DE', name: 'Deutsch', countryCode: 'DE', dir: 'ltr' },
  { lang: 'el_GR', name: 'Ελληνικά', countryCode: 'GR', dir: 'ltr' },
  { lang: 'ht_HT', name: 'Kreyòl ayisyen', countryCode: 'HT', dir: 'ltr' },
  { lang: 'id_ID', name: 'Bahasa Indonesia', countryCode: 'ID', dir: 'ltr' },
  { lang: 'it_IT', name: 'Italiano', countryCode: 'IT', dir: 'ltr' },
  { lang: 'ja_JP', name: '日本語', countryCode: 'JP', dir: 'ltr' },
  { lang: 'ko_KR', name: '한국어', countryCode: 'KR', dir: 'ltr' },
  { lang: 'nl_NL', name: 'Nederlands', countryCode: 'NL', dir: 'ltr' },
  { lang: 'no_NO', name: 'Norsk', countryCode: 'NO', dir: 'ltr' },
  { lang: 'pt_BR', name: 'Português (Brasil)', countryCode: 'BR', dir: 'ltr' },
  { lang: 'pt_PT', name: 'Português (Portugal)', countryCode: 'PT', dir: 'ltr' },
  { lang: 'ru_RU', name: 'Русский', countryCode: 'RU', dir: 'ltr' },
  { lang: 'sv_SE', name: 'Svenska', countryCode: 'SE', dir: 'ltr' },
  { lang: 'zh_CN', name: '简体中文', countryCode: 'CN', dir: 'ltr' },
  { lang: 'zh_TW', name: '繁體中文', countryCode: 'TW', dir: 'ltr' },
  { lang: 'tr_TR', name: 'Türkçe', countryCode: 'TR', dir: 'ltr' },
  { lang: 'th_TH', name: 'ไทย', countryCode: 'TH', dir: 'ltr' },
  { lang: 'vi_VN', name: 'Tiếng Việt', countryCode: 'VN', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['lang'];

/** §9 "Defaults: … language en_US". */
export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';

const codes: ReadonlySet<string> = new Set(LANGUAGES.map((l) => l.lang));

/** True when `lang` is one of the 27 languages of §9. */
export function isLanguageCode(lang: unknown): lang is LanguageCode {
  return typeof lang === 'string' && codes.has(lang);
}

/** §4 "ar_SA switches to right-to-left". */
export function languageDirection(lang: string): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.lang === lang)?.dir ?? 'ltr';
}

/** A §9 language code as an HTML `lang` value (BCP 47): `es_ES` is `es-ES`. */
export function htmlLang(lang: string): string {
  return lang.replace('_', '-');
}
