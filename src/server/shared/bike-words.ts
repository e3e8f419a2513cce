import { findBrand } from '../../domain/bikes/brands.js';
import type { Language } from '../../domain/locale.js';
import { t } from '../i18n/index.js';
import type { BikeRow } from './bike-access.js';
import { categoryOf, colorOf } from './bike-mapping.js';

// Names of colours and categories for what the server writes itself (mails, the bill of sale, the police
// report): the web's own words, from the bike-terms namespace of the shared catalogs.

export type BikeWords = Pick<BikeRow, 'brandId' | 'brandName' | 'model' | 'colorId' | 'categoryId'>;

export function brandNameOf(bike: Pick<BikeRow, 'brandId' | 'brandName'>): string | null {
  return bike.brandName ?? findBrand(bike.brandId)?.name ?? null;
}

/** The colour as the web names it on its own ("Black"), or null for none or an unknown one. */
export function colorTerm(language: Language, colorId: string | null): string | null {
  const color = colorOf(colorId);
  return color ? t(language, `bike-terms:color.${color}`) : null;
}

/** The colour as a word inside a sentence ("black"). */
export function colorName(language: Language, colorId: string | null): string | null {
  return colorTerm(language, colorId)?.toLocaleLowerCase(language) ?? null;
}

export function categoryName(language: Language, categoryId: string | null): string | null {
  const category = categoryOf(categoryId);
  return category ? t(language, `bike-terms:category.${category}`) : null;
}

/** "Kildemoes Logic (black)", or "a bike" when nothing describes it. */
export function bikeLabel(language: Language, bike: BikeWords): string {
  const name = [brandNameOf(bike), bike.model].filter(Boolean).join(' ');
  const color = colorName(language, bike.colorId);
  const aBike = t(language, 'mail:aBike');
  if (!name) return color ? `${aBike} (${color})` : aBike;
  return color ? `${name} (${color})` : name;
}
