import { describe, expect, it } from 'vitest';
import { BIKE_CATEGORIES } from '../../domain/bikes';
import { MAP_PERIODS, MAP_REGIONS } from '../../domain/stolen-map';
import { apiQuery, CATEGORIES, filterParams, PERIODS, REGIONS, readFilters, sameView } from './map-filters';

describe('map filters', () => {
  it('copies the domain lists', () => {
    expect([...CATEGORIES]).toEqual([...BIKE_CATEGORIES]);
    expect([...PERIODS]).toEqual([...MAP_PERIODS]);
    expect([...REGIONS]).toEqual([...MAP_REGIONS]);
  });

  it('reads defaults from an empty address', () => {
    expect(readFilters(new URLSearchParams())).toEqual({ period: 'all', region: 'all', category: undefined, electric: undefined });
  });

  it('reads every filter and ignores unknown values', () => {
    expect(readFilters(new URLSearchParams('period=week&region=no&category=cargo&electric=true'))).toEqual({
      period: 'week',
      region: 'no',
      category: 'cargo',
      electric: true,
    });
    expect(readFilters(new URLSearchParams('period=decade&region=se&category=tank&electric=maybe'))).toEqual({
      period: 'all',
      region: 'all',
      category: undefined,
      electric: undefined,
    });
    expect(readFilters(new URLSearchParams('electric=false')).electric).toBe(false);
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    expect(filterParams({ period: 'all', region: 'all' })).toEqual({});
    const filters = { period: 'month', region: 'dk', category: 'road', electric: false } as const;
    expect(readFilters(new URLSearchParams(filterParams(filters)))).toEqual(filters);
  });

  it('builds the API query with a clamped box, a whole zoom and an offset', () => {
    const query = apiQuery(
      { period: 'year', region: 'all' },
      { box: { west: -200, south: 54.123456, east: 15, north: 95 }, zoom: 6.4, offset: 20 },
    );
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      period: 'year',
      west: '-180.0000',
      south: '54.1235',
      east: '15.0000',
      north: '90.0000',
      zoom: '6',
      offset: '20',
    });
    expect(apiQuery({ period: 'all', region: 'all' })).toBe('');
  });

  it('treats a tiny move as the same view', () => {
    const box = { west: 5, south: 54, east: 15, north: 60 };
    expect(sameView(null, { box, zoom: 5 })).toBe(false);
    expect(sameView({ box, zoom: 5 }, { box: { ...box, west: 5.00001 }, zoom: 5 })).toBe(true);
    expect(sameView({ box, zoom: 5 }, { box: { ...box, west: 5.1 }, zoom: 5 })).toBe(false);
    expect(sameView({ box, zoom: 5 }, { box, zoom: 6 })).toBe(false);
  });
});
