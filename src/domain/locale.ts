// Languages, regions and themes (spec §1, §5), with the normalisers that make any input safe.
export const LANGUAGES = ['da', 'en', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'da';
/** Fallback order when a text is missing: Danish, then English. */
export const LANGUAGE_FALLBACK_ORDER: Language[] = ['da', 'en'];

/**
 * The languages a page can be shown in: the §5 languages and Icelandic, whose texts are partial (§1). Icelandic is
 * a way to read the pages only: the server answers (errors, mails, the account's language) in the §5 language,
 * which for Icelandic is Danish, the first language of the fallback order.
 */
export const UI_LANGUAGES = [...LANGUAGES, 'is'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The language a page is shown in: a UI language, otherwise da. */
export function normaliseUiLanguage(value: unknown): UiLanguage {
  return isUiLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export const REGIONS = ['dk', 'no'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'dk';

export const THEMES = ['main', 'dcu', 'nafBrand'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'main';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** §5: language must be da, en or no, otherwise da. */
export function normaliseLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

export function normaliseRegion(value: unknown): Region {
  return isRegion(value) ? value : DEFAULT_REGION;
}

/** §5: theme must be main, dcu or nafBrand, otherwise main. */
export function normaliseTheme(value: unknown): Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value) ? (value as Theme) : DEFAULT_THEME;
}

/** Picks the best supported §5 language from an Accept-Language header (an API call's language). */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  return bestLanguage(header, LANGUAGES);
}

/** Picks the best language to show a page in from an Accept-Language header: Icelandic too. */
export function uiLanguageFromAcceptLanguage(header: string | undefined): UiLanguage {
  return bestLanguage(header, UI_LANGUAGES);
}

function bestLanguage<L extends string>(header: string | undefined, supported: readonly L[]): L | Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'nb' || base === 'nn') return 'no';
    if ((supported as readonly string[]).includes(base ?? '')) return base as L;
  }
  return DEFAULT_LANGUAGE;
}
