import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../domain/bikes/brands';
import da from '../../i18n/da/bike-terms.json';
import { bikeName, hintText } from './bike-terms';

// A tiny t() over the Danish catalog: "bike-terms:a.b" → the text with {{params}} filled in.
const t = ((key: string, params: Record<string, unknown> = {}) => {
  const path = key.replace(/^bike-terms:/, '').split('.');
  let node: unknown = da;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}) as unknown as TFunction;

describe('bike terms', () => {
  it('names a bike by nickname, else brand and model, else as unnamed', () => {
    const brand = BRANDS[0];
    expect(bikeName({ nickname: 'Hverdag', brand_id: null, brand_name: null, model: 'X' }, t)).toBe('Hverdag');
    expect(bikeName({ nickname: null, brand_id: null, brand_name: 'Smeden', model: 'Sport' }, t)).toBe('Smeden Sport');
    if (brand) expect(bikeName({ nickname: null, brand_id: brand.id, brand_name: null, model: null }, t)).toBe(brand.name);
    expect(bikeName({ nickname: null, brand_id: null, brand_name: null, model: null }, t)).toBe('Cykel uden navn');
  });

  it('fills a hint text with its params, and never leaves a placeholder empty', () => {
    expect(hintText({ code: 'invalid_production_year', params: { letter: 'A', year: 2027 } }, t)).toBe(
      'Årstalsbogstavet A giver produktionsåret 2027, som ligger i fremtiden. Tjek stelnummeret.',
    );
    expect(hintText({ code: 'invalid_production_year', params: { letter: 'V', year: 2020, expected: 2024 } }, t)).toBe(
      'Årstalsbogstavet V passer ikke til produktionsåret 2020. Det giver 2024.',
    );
    const withBrand = BRANDS.find((b) => b.prefixes.length > 0);
    if (withBrand) {
      const text = hintText({ code: 'brand_requires_specific_prefix' }, t, withBrand.id);
      expect(text).toContain(withBrand.name);
      expect(text).toContain(withBrand.prefixes[0] ?? '');
    }
    expect(hintText({ code: 'brand_prefix_mismatch' }, t)).not.toMatch(/undefined|\{\{/);
  });
});
