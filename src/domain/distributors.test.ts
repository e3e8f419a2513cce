import { describe, expect, it } from 'vitest';
import { distributorInputSchema, searchForm } from './distributors.js';

describe('searchForm', () => {
  it('ignores case and diacritics, and writes the Danish and Norwegian letters out', () => {
    expect(searchForm(' TROMSØ ')).toBe('tromso');
    expect(searchForm('København Ø')).toBe('kobenhavn o');
    expect(searchForm('Århus')).toBe('arhus');
    expect(searchForm('Tønsberg')).toBe(searchForm('tonsberg'));
    expect(searchForm('Hørsholm')).toBe('horsholm');
    expect(searchForm('Ærøskøbing')).toBe('aeroskobing');
  });
});

describe('distributorInputSchema', () => {
  const valid = {
    name: 'Demo Cykler',
    street: 'Algade 22',
    postcode: '4000',
    city: 'Roskilde',
    region: 'dk',
    latitude: '55.64',
    longitude: '12.08',
    phone: '',
    website: '',
    offers: ['plates'],
  };

  it('takes coordinates as typed and an empty phone or website as none', () => {
    expect(distributorInputSchema.parse(valid)).toMatchObject({ latitude: 55.64, longitude: 12.08, phone: null, website: null });
  });

  it('names what is wrong with an error code', () => {
    const result = distributorInputSchema.safeParse({ ...valid, postcode: '400', latitude: '10', website: 'no site', offers: [] });
    expect(result.success).toBe(false);
    const codes = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(codes).toEqual({ postcode: 'zip_invalid', latitude: 'field_invalid', website: 'field_invalid', offers: 'field_required' });
  });
});
