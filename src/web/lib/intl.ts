import i18n from 'i18next';
import { type Language, normaliseLanguage } from '../../domain/locale';

// Dates and numbers in the page's language. Norwegian is bokmål; English uses day-month order, as readers in
// Denmark and Norway expect. Formatters are kept: creating one costs about a millisecond on a phone, and a
// list formats dozens of dates on each render.

const LOCALES: Record<string, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO', is: 'is-IS' };

/** The language of the page now (da, en or no; Danish when none is set), for code outside React's render. */
export const pageLanguage = (): Language => normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);

/** The Intl locale of one of our languages (Danish when unknown). */
export const localeOf = (language: string | undefined): string => LOCALES[language ?? 'da'] ?? 'da-DK';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${localeOf(language)}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

/** An ISO moment as a date or date and time; null when it is not a date. */
export function formatMoment(
  iso: string | null | undefined,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(language, options).format(date);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The one way a date is shown: a calendar day ("2026-05-01", the same day in every time zone) or a moment (in the
 * viewer's zone), in the page's language; '' for none or a value that is not a date.
 */
export function formatDate(value: string | null | undefined, language: string | undefined, dateStyle: 'long' | 'medium' = 'long'): string {
  if (!value) return '';
  if (CALENDAR_DAY.test(value)) return formatMoment(`${value}T12:00:00Z`, language, { dateStyle, timeZone: 'UTC' }) ?? '';
  return formatMoment(value, language, { dateStyle }) ?? '';
}

/** A moment as date and time in the viewer's zone; '' for none or a value that is not a date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: string | undefined,
  dateStyle: 'long' | 'medium' = 'medium',
): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(language, { dateStyle, timeStyle: 'short' }).format(date);
}
