// Languages, regions and themes (spec §1, §5), with the normalisers that make any input safe.
export const LANGUAGES = ['da', 'en', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'da';
/** Fallback order when a text is missing: Danish, then English. */
export const LANGUAGE_FALLBACK_ORDER: Language[] = ['da', 'en'];

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

/** Picks the best supported language from an Accept-Language header. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
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
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
