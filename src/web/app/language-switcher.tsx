import { useTranslation } from 'react-i18next';
import { normaliseUiLanguage, UI_LANGUAGES, type UiLanguage } from '../../domain/locale';
import { api } from '../lib/api-client';
import { switchLanguage } from '../lib/switch-language';

// Each language is named in itself, whatever the page's language, so the names are not translated.
const NAMES: Record<UiLanguage, string> = { da: 'Dansk', en: 'English', no: 'Norsk', is: 'Íslenska' };

/**
 * Changes the language at once; the choice is kept in a cookie and, when logged in, on the account. Icelandic
 * (partial texts: the rest shows in Danish, then English) is a page language only: the server keeps da on the
 * account and answers in Danish (§5).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const change = async (language: UiLanguage) => {
    await switchLanguage(language);
    try {
      await api('/identities/language/', { method: 'PUT', body: { language } });
    } catch {
      // The page is already in the new language; the cookie is set again on the next change.
    }
  };
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select value={normaliseUiLanguage(i18n.resolvedLanguage)} onChange={(e) => void change(normaliseUiLanguage(e.target.value))}>
        {UI_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
