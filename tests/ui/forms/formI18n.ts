/**
 * A fresh i18next for the form tests: the real en_US catalogue and, for the small forms the tests
 * build by hand, their own labels (test.*). The catalogue wins where both name a key.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import catalogue from '../../../public/i18n/en_US.json';


/** The hand-built test forms' own labels; everything else comes from the catalogue. */
export const TEST_MESSAGES: Record<string, string> = {
  'test.form.submit': 'Save',
  'test.timeZone': 'Time zone',
  'test.firstName': 'First name',
  'test.email': 'Email',
  'test.phone': 'Mobile phone',
  'test.help.email': 'We send notifications here.',
  'test.username.taken': 'This username is taken.',
};

/** `own`: the catalogue of `language` when it is not en_US (a test of another language's texts). */
export async function formI18n(language = 'en_US', own?: Record<string, string>): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en_US',
    resources: { en_US: { translation: { ...TEST_MESSAGES, ...catalogue } }, ...(own ? { [language]: { translation: own } } : {}) },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
