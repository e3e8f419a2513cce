import type { StolenBikeSummary } from '../../domain/stolen-map';

// How the map's pages name a bike and a date.

const LOCALES: Record<string, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO', is: 'is-IS' };

export function formatDay(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[language ?? 'da'] ?? 'da-DK', { dateStyle: 'long' }).format(date);
}

/** "Brand Model", or the fallback when the owner gave neither. */
export function bikeName(bike: Pick<StolenBikeSummary, 'brand' | 'model'>, fallback: string): string {
  return [bike.brand, bike.model].filter(Boolean).join(' ') || fallback;
}

export const bikePagePath = (bikeId: string) => `/stolen-bike-map/${encodeURIComponent(bikeId)}`;
