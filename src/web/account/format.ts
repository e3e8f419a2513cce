import type { Language } from '../../domain/locale';
import { formatMoment } from '../app/intl';

export function formatDate(iso: string | null | undefined, language: string | undefined): string {
  return formatMoment(iso, language, { dateStyle: 'long' }) ?? '';
}

export function formatDateTime(iso: string, language: string | undefined): string {
  return formatMoment(iso, language, { dateStyle: 'medium', timeStyle: 'short' }) ?? iso;
}

/** Each language is named in itself, as in the header's language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };
