import type { Language } from '../../domain/locale';

/** Each language is named in itself, as in the header's language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { da: 'Dansk', en: 'English', no: 'Norsk' };
