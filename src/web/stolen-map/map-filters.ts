import type { MapFilters, MapPeriod, MapRegion } from '../../domain/stolen-map';

// The map's filters in the address bar (?period=…&region=…&category=…&electric=…), read and written
// without zod (a public page; the server validates again). Unknown values fall back to the defaults.

export const PERIODS: readonly MapPeriod[] = ['week', 'month', 'year', 'all'];
export const REGIONS: readonly MapRegion[] = ['all', 'dk', 'no'];
/** A copy of BIKE_CATEGORIES (domain/bikes.ts loads zod); map-filters.test.ts keeps them equal. */
export const CATEGORIES = ['city', 'mountainTour', 'road', 'racer', 'cargo', 'hybrid', 'cruiser', 'folding', 'bmx'] as const;

export function readFilters(params: URLSearchParams): MapFilters {
  const pick = <T extends string>(allowed: readonly T[], raw: string | null): T | undefined => allowed.find((value) => value === raw);
  const electric = params.get('electric');
  return {
    period: pick(PERIODS, params.get('period')) ?? 'all',
    region: pick(REGIONS, params.get('region')) ?? 'all',
    category: pick(CATEGORIES, params.get('category')),
    electric: electric === 'true' ? true : electric === 'false' ? false : undefined,
  };
}

/** Only what differs from the defaults goes into the address, so the plain map has a plain URL. */
export function filterParams(filters: MapFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.period !== 'all') params.period = filters.period;
  if (filters.region !== 'all') params.region = filters.region;
  if (filters.category) params.category = filters.category;
  if (filters.electric !== undefined) params.electric = String(filters.electric);
  return params;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The query string of an API call: filters, optionally the visible box (4 decimals), zoom and offset. */
export function apiQuery(filters: MapFilters, extra: { box?: Box; zoom?: number; offset?: number } = {}): string {
  const params = new URLSearchParams(filterParams(filters));
  if (extra.box) {
    const clamp = (v: number, max: number) => Math.max(-max, Math.min(max, v)).toFixed(4);
    params.set('west', clamp(extra.box.west, 180));
    params.set('south', clamp(extra.box.south, 90));
    params.set('east', clamp(extra.box.east, 180));
    params.set('north', clamp(extra.box.north, 90));
  }
  if (extra.zoom !== undefined) params.set('zoom', String(Math.round(extra.zoom)));
  if (extra.offset) params.set('offset', String(extra.offset));
  return params.toString();
}

/** The same box (to about 10 m) and zoom: moving the map by a pixel does not fetch again. */
export function sameView(a: { box: Box; zoom: number } | null, b: { box: Box; zoom: number }): boolean {
  if (!a || a.zoom !== b.zoom) return false;
  const close = (x: number, y: number) => Math.abs(x - y) < 1e-4;
  return (
    close(a.box.west, b.box.west) && close(a.box.south, b.box.south) && close(a.box.east, b.box.east) && close(a.box.north, b.box.north)
  );
}
