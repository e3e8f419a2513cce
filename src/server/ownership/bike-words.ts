import { findBrand } from '../../domain/bikes/brands.js';
import type { BikeCategory, BikeColor } from '../../domain/bikes.js';
import type { Language } from '../../domain/locale.js';
import type { BikeRow } from '../bikes/access.js';
import { categoryOf, colorOf } from '../bikes/mapping.js';

// Names of colours and categories for what the server writes itself (mails, the bill of sale). They are
// the web's bike-terms catalogs' words; the server build does not ship the web's catalogs, hence a copy.

const COLORS: Record<Language, Record<BikeColor, string>> = {
  da: {
    black: 'sort',
    gray: 'grå',
    blue: 'blå',
    green: 'grøn',
    white: 'hvid',
    red: 'rød',
    special: 'speciel',
    orange: 'orange',
    yellow: 'gul',
    brown: 'brun',
    purple: 'lilla',
    multi: 'flerfarvet',
    pink: 'lyserød',
  },
  en: {
    black: 'black',
    gray: 'grey',
    blue: 'blue',
    green: 'green',
    white: 'white',
    red: 'red',
    special: 'special',
    orange: 'orange',
    yellow: 'yellow',
    brown: 'brown',
    purple: 'purple',
    multi: 'multicoloured',
    pink: 'pink',
  },
  no: {
    black: 'svart',
    gray: 'grå',
    blue: 'blå',
    green: 'grønn',
    white: 'hvit',
    red: 'rød',
    special: 'spesiell',
    orange: 'oransje',
    yellow: 'gul',
    brown: 'brun',
    purple: 'lilla',
    multi: 'flerfarget',
    pink: 'rosa',
  },
};

const CATEGORIES: Record<Language, Record<BikeCategory, string>> = {
  da: {
    city: 'Bycykel',
    mountainTour: 'Mountainbike / tur',
    road: 'Landevejscykel',
    racer: 'Racercykel',
    cargo: 'Ladcykel',
    hybrid: 'Hybridcykel',
    cruiser: 'Cruiser',
    folding: 'Foldecykel',
    bmx: 'BMX',
  },
  en: {
    city: 'City bike',
    mountainTour: 'Mountain / touring bike',
    road: 'Road bike',
    racer: 'Racing bike',
    cargo: 'Cargo bike',
    hybrid: 'Hybrid bike',
    cruiser: 'Cruiser',
    folding: 'Folding bike',
    bmx: 'BMX',
  },
  no: {
    city: 'Bysykkel',
    mountainTour: 'Terreng- / tursykkel',
    road: 'Landeveissykkel',
    racer: 'Racersykkel',
    cargo: 'Lastesykkel',
    hybrid: 'Hybridsykkel',
    cruiser: 'Cruiser',
    folding: 'Sammenleggbar sykkel',
    bmx: 'BMX',
  },
};

const A_BIKE: Record<Language, string> = { da: 'en cykel', en: 'a bike', no: 'en sykkel' };

export type BikeWords = Pick<BikeRow, 'brandId' | 'brandName' | 'model' | 'colorId' | 'categoryId'>;

export function brandNameOf(bike: Pick<BikeRow, 'brandId' | 'brandName'>): string | null {
  return bike.brandName ?? findBrand(bike.brandId)?.name ?? null;
}

export function colorName(language: Language, colorId: string | null): string | null {
  const color = colorOf(colorId);
  return color ? COLORS[language][color] : null;
}

export function categoryName(language: Language, categoryId: string | null): string | null {
  const category = categoryOf(categoryId);
  return category ? CATEGORIES[language][category] : null;
}

/** "Kildemoes Logic (black)", or "a bike" when nothing describes it. */
export function bikeLabel(language: Language, bike: BikeWords): string {
  const name = [brandNameOf(bike), bike.model].filter(Boolean).join(' ');
  const color = colorName(language, bike.colorId);
  if (!name) return color ? `${A_BIKE[language]} (${color})` : A_BIKE[language];
  return color ? `${name} (${color})` : name;
}
