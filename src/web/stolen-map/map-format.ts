import type { TFunction } from 'i18next';
import type { StolenBikeSummary } from '../../domain/stolen-map';

// How the map's pages name a bike and a date.

/**
 * A day as "24 November 2026" or "24. november 2026", with the catalog's month names rather than
 * Intl.DateTimeFormat: a page's first date formatter loads the language's calendar data, 10–35 ms here and
 * about four times that on a phone, one long task in the middle of the map page's start.
 */
export function formatDay(iso: string, t: TFunction<'stolen-map'>): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return t('dates.day', { day: date.getDate(), month: t(`dates.months.${date.getMonth()}`), year: date.getFullYear() });
}

/** "Brand Model", or the fallback when the owner gave neither. */
export function bikeName(bike: Pick<StolenBikeSummary, 'brand' | 'model'>, fallback: string): string {
  return [bike.brand, bike.model].filter(Boolean).join(' ') || fallback;
}

export const bikePagePath = (bikeId: string) => `/stolen-bike-map/${encodeURIComponent(bikeId)}`;
