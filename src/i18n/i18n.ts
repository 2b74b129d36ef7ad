/**
 * i18next for the portal: catalogues are loaded from `/public/i18n/{lang}.json?version={build}`,
 * keys are the spec's (flat, dots are part of the key), a missing key shows the key itself (§8), and
 * English (en_US) fills in what another catalogue lacks.
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, languageDirection, LANGUAGES, type LanguageCode } from '../../schemas/languages.ts';
import { readCookie } from '../api/client.ts';
import { catalogueUrl, changeLanguage as storeLanguage } from '../api/i18n.ts';
import rtlStylesheetHref from '../styles/rtl.css?url';
import { parseCatalogue } from './parseCatalogue.ts';

export const LANGUAGE_COOKIE = 'language';

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    fetch(catalogueUrl(language, __BUILD_ID__), { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => callback(null, parseCatalogue(text)))
      // §8 "failed load: empty text".
      .catch(() => callback(null, {}));
  },
};

/** The language to start in: the cookie set by the last change, else en_US. */
export function initialLanguage(): LanguageCode {
  const stored = readCookie(LANGUAGE_COOKIE);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

export async function createI18n(language: LanguageCode): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(catalogueBackend).use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.lang),
    load: 'currentOnly',
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  applyDirection(language);
  return instance;
}

/** §4: ar_SA switches the page to right-to-left with an extra stylesheet. */
export function applyDirection(language: string, doc: Document = document): void {
  const dir = languageDirection(language);
  doc.documentElement.dir = dir;
  doc.documentElement.lang = language.replace('_', '-');
  const existing = doc.getElementById('rtl-stylesheet');
  if (dir === 'rtl' && !existing) {
    const link = doc.createElement('link');
    link.id = 'rtl-stylesheet';
    link.rel = 'stylesheet';
    link.href = rtlStylesheetHref;
    doc.head.appendChild(link);
  } else if (dir === 'ltr' && existing) {
    existing.remove();
  }
}


/**
 * §4 "Language change: stored on the server, then a cookie is set and embedded frames notified".
 * The server sets the cookie; the client switches i18next, the direction and tells every frame.
 */
export async function changeLanguage(instance: I18n, language: LanguageCode): Promise<boolean> {
  const result = await storeLanguage(language);
  if (result.hasError) return false;
  await instance.changeLanguage(language);
  applyDirection(language);
  for (const frame of Array.from(document.querySelectorAll('iframe'))) {
    frame.contentWindow?.postMessage({ type: 'changeLanguage', language }, window.location.origin);
  }
  return true;
}
