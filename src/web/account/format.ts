import type { Language } from '../../domain/locale';

// Locales for dates: Norwegian is bokmål; English uses day-month order, as readers in Denmark and Norway expect.
const LOCALES: Record<string, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO', is: 'is-IS' };

export function formatDate(iso: string | null | undefined, language: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language ?? 'da'] ?? 'da-DK', { dateStyle: 'long' }).format(date);
}

export function formatDateTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language ?? 'da'] ?? 'da-DK', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Each language is named in itself, as in the header's language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };
