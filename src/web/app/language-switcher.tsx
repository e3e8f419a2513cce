import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../domain/locale';
import { api } from '../lib/api-client';

// Each language is named in itself, whatever the page's language, so the names are not translated.
const NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };

/** Changes the language at once; the choice is kept in a cookie and, when logged in, on the account. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const change = async (language: Language) => {
    await i18n.changeLanguage(language);
    document.documentElement.lang = language;
    try {
      await api('/identities/language/', { method: 'PUT', body: { language } });
    } catch {
      // The page is already in the new language; the cookie is set again on the next change.
    }
  };
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select value={(i18n.resolvedLanguage as Language) ?? 'da'} onChange={(e) => void change(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
