import i18n from 'i18next';
import { type Language, normaliseLanguage, type UiLanguage } from '../../domain/locale';

// Apart from account-language.ts, which reads the profile (and so the query library): the header's switcher is on
// every public page, which must not load it.

/** Switches the interface language at once, and names it on the page for screen readers and spell checkers. */
export async function switchLanguage(language: UiLanguage): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Whether the page already shows an account's language (§5: da, en or no). A page in Icelandic shows Danish's:
 * the account keeps da, and its reader keeps the Icelandic pages they chose.
 */
export function showsAccountLanguage(language: Language): boolean {
  return normaliseLanguage(i18n.resolvedLanguage) === language;
}
