import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '../../schemas/languages.ts';
import { changeLanguage } from '../i18n/i18n.ts';

/** §1/§9 the built-in selector of the 27 languages; the choice is posted to /changeLanguage/{lang}. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <label className="language-selector">
      <span className="visually-hidden">{t('language.select.label')}</span>
      <select
        value={i18n.language}
        disabled={busy}
        aria-label={t('language.select.label')}
        onChange={async (event) => {
          const next = event.target.value;
          if (!isLanguageCode(next)) return;
          setBusy(true);
          await changeLanguage(i18n, next);
          setBusy(false);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.lang} value={language.lang} lang={language.lang.replace('_', '-')}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
