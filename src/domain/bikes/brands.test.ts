import { describe, expect, it } from 'vitest';
import { BRANDS, brandByPrefix, brandOptions, findBrand } from './brands.js';

describe('BRANDS', () => {
  it('covers the common brands of Denmark and Norway', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(40);
    const names = BRANDS.map((b) => b.name);
    for (const name of ['Christiania', 'Kildemoes', 'Everton', 'Raleigh', 'Batavus', 'Trek', 'Riese & Müller', 'DBS', 'Jopo', 'Cervélo']) {
      expect(names).toContain(name);
    }
  });
  it('has unique ids and marks of 1-5 upper case letters, each naming one brand', () => {
    expect(new Set(BRANDS.map((b) => b.id)).size).toBe(BRANDS.length);
    const marks = BRANDS.flatMap((b) => b.prefixes);
    expect(new Set(marks).size).toBe(marks.length);
    for (const mark of marks) expect(mark).toMatch(/^[A-ZÆØÅ]{1,5}$/);
  });
  it('gives every brand of the Danish scheme a required mark', () => {
    for (const brand of BRANDS) {
      if (brand.yearLetterScheme === 'dk') {
        expect(brand.requiresPrefix).toBe(true);
        expect(brand.prefixes.length).toBeGreaterThan(0);
      } else {
        expect(brand.requiresPrefix).toBe(false);
      }
      for (const mark of Object.keys(brand.prefixSince ?? {})) expect(brand.prefixes).toContain(mark);
    }
  });
});

describe('findBrand', () => {
  it('finds by id, and nothing for none or unknown', () => {
    expect(findBrand('dbs')?.name).toBe('DBS');
    expect(findBrand(null)).toBeUndefined();
    expect(findBrand(undefined)).toBeUndefined();
    expect(findBrand('')).toBeUndefined();
    expect(findBrand('no-such-brand')).toBeUndefined();
  });
});

describe('brandOptions', () => {
  it('lists every brand by name in Danish order', () => {
    const options = brandOptions();
    expect(options).toHaveLength(BRANDS.length);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'da')));
    expect(options[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
  });
});

describe('brandByPrefix', () => {
  it('finds the brand of a whole mark, in any case', () => {
    expect(brandByPrefix('WBK')?.id).toBe('dbs');
    expect(brandByPrefix('wc')?.id).toBe('merida');
    expect(brandByPrefix('WB')).toBeUndefined();
    expect(brandByPrefix('')).toBeUndefined();
  });
});
