import type { StolenBikeSummary } from '../../domain/stolen-map';

// How the map's pages name a bike.

/** "Brand Model", or the fallback when the owner gave neither. */
export function bikeName(bike: Pick<StolenBikeSummary, 'brand' | 'model'>, fallback: string): string {
  return [bike.brand, bike.model].filter(Boolean).join(' ') || fallback;
}

export const bikePagePath = (bikeId: string) => `/stolen-bike-map/${encodeURIComponent(bikeId)}`;
