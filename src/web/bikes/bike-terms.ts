import type { TFunction } from 'i18next';
import type { Bike, FrameNumberHint } from '../../domain/bikes';
import { findBrand } from '../../domain/bikes/brands';

// Helpers over the shared bike-terms namespace (src/i18n/<lang>/bike-terms.json).

/** The brand's display name: the table's name for brand_id, else the typed brand_name. */
export function brandName(bike: Pick<Bike, 'brand_id' | 'brand_name'>): string | null {
  return findBrand(bike.brand_id)?.name ?? bike.brand_name ?? bike.brand_id ?? null;
}

/** What to call a bike in a list: its nickname, else brand and model, else "Unnamed bike". */
export function bikeName(bike: Pick<Bike, 'nickname' | 'brand_id' | 'brand_name' | 'model'>, t: TFunction): string {
  if (bike.nickname) return bike.nickname;
  const parts = [brandName(bike), bike.model].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : t('bike-terms:unnamed');
}

/**
 * The text of a §5 frame-number hint with its params (brand, prefix, expected, other, letter, year,
 * since). Params a rule did not give are filled from the chosen brand, or a dash, so a text never
 * shows an empty gap. A production year that contradicts the letter has its own wording.
 */
export function hintText(hint: FrameNumberHint, t: TFunction, brandId?: string | null): string {
  const brand = findBrand(brandId);
  const prefixes = brand?.prefixes.join('/') || '—';
  const params = {
    brand: brand?.name ?? '—',
    prefix: prefixes,
    expected: prefixes,
    other: '—',
    letter: '—',
    year: '—',
    since: '—',
    ...(hint.params ?? {}),
  };
  const key =
    hint.code === 'invalid_production_year' && hint.params?.expected !== undefined ? 'invalid_production_year_expected' : hint.code;
  return t(`bike-terms:hint.${key}`, params);
}
