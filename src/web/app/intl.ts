// Dates and numbers in the page's language. Norwegian is bokmål; English uses day-month order, as readers in
// Denmark and Norway expect. Formatters are kept: creating one costs about a millisecond on a phone, and a
// list formats dozens of dates on each render.

const LOCALES: Record<string, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO', is: 'is-IS' };

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
