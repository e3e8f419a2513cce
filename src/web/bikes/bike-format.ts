import { numberFormat } from '../lib/intl';

// Small pure helpers for showing a bike; the words themselves come from the catalogs (names: bike-terms.ts).

/** A file size for people: 512 B, 12 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A price in whole kroner, grouped in the page's language. */
export function formatPrice(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  return `${numberFormat(language, { maximumFractionDigits: 0 }).format(value)} kr`;
}

/** Several values typed in one field, separated by commas, semicolons or new lines; blanks dropped. */
export function splitList(text: unknown): string[] {
  if (Array.isArray(text))
    return text
      .map(String)
      .map((v) => v.trim())
      .filter(Boolean);
  if (typeof text !== 'string') return [];
  return text
    .split(/[,;\n]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The tab named in the address, or the first. */
export function tabFrom<T extends string>(value: string | null, tabs: readonly T[]): T {
  return (tabs as readonly (string | null)[]).includes(value) ? (value as T) : (tabs[0] as T);
}
