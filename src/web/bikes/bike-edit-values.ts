import { amountFromInput } from '../../domain/amounts';
import type { Bike, UpdateBike } from '../../domain/bikes';
import { findBrand } from '../../domain/bikes/brands';
import { numberFormat, pageLanguage } from '../lib/intl';

// The edit form (/app/my-bikes/{bikeId}/edit): what it holds, filled from the bike, and which fields a
// save sends (only the changed ones: a PATCH re-checks the frame number and plate only when they change).

/** The brand select's choice for "a brand not in the list" (the same value as the register form's). */
export const OTHER_BRAND = 'other';

export interface BikeEditValues extends Record<string, unknown> {
  frame_number: string;
  bikekey_id: string;
  brand_id: string;
  brand_name: string;
  nickname: string;
  model: string;
  color_id: string;
  category_id: string;
  type_id: string;
  is_electric: boolean;
  production_year: string;
  purchase_date: string;
  normal_price_dkk: string;
  searchable: boolean;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function editValuesOf(bike: Bike): BikeEditValues {
  const known = findBrand(bike.brand_id);
  return {
    frame_number: str(bike.frame_number),
    bikekey_id: str(bike.bikekey_id),
    brand_id: known ? known.id : bike.brand_name || bike.brand_id ? OTHER_BRAND : '',
    brand_name: known ? '' : str(bike.brand_name ?? bike.brand_id),
    nickname: str(bike.nickname),
    model: str(bike.model),
    color_id: str(bike.color_id),
    category_id: str(bike.category_id),
    type_id: str(bike.type_id),
    is_electric: bike.is_electric,
    production_year: str(bike.production_year),
    purchase_date: str(bike.purchase_date),
    // Shown as the page's language writes it (7.000 in Danish), and read back the same way on save.
    normal_price_dkk:
      bike.normal_price_dkk === null ? '' : numberFormat(pageLanguage(), { maximumFractionDigits: 0 }).format(bike.normal_price_dkk),
    searchable: bike.flags.searchable,
  };
}

/** The form's values as the PATCH payload's shape (before the schema checks and normalises them). */
export function payloadOf(values: BikeEditValues): Record<string, unknown> {
  const other = values.brand_id === OTHER_BRAND;
  return {
    frame_number: values.frame_number,
    bikekey_id: values.bikekey_id,
    brand_id: other ? null : values.brand_id,
    brand_name: other ? values.brand_name : null,
    nickname: values.nickname,
    model: values.model,
    color_id: values.color_id,
    category_id: values.category_id,
    type_id: values.type_id,
    is_electric: values.is_electric === true,
    production_year: values.production_year,
    purchase_date: values.purchase_date,
    // As typed in the page's language: "7.000" is seven thousand kroner in Danish.
    normal_price_dkk: amountFromInput(values.normal_price_dkk, pageLanguage()),
    searchable: values.searchable === true,
  };
}

type Comparable = string | number | boolean | null | undefined;

/** The fields of a checked payload that differ from the bike (null and '' and absent count as the same). */
export function changedFields(bike: Bike, update: UpdateBike): UpdateBike {
  const current: Record<string, Comparable> = {
    frame_number: bike.frame_number,
    bikekey_id: bike.bikekey_id,
    brand_id: bike.brand_id,
    brand_name: bike.brand_name,
    nickname: bike.nickname,
    model: bike.model,
    color_id: bike.color_id,
    category_id: bike.category_id,
    type_id: bike.type_id,
    is_electric: bike.is_electric,
    production_year: bike.production_year,
    purchase_date: bike.purchase_date,
    normal_price_dkk: bike.normal_price_dkk,
    searchable: bike.flags.searchable,
  };
  const same = (a: Comparable, b: Comparable) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (!same(current[key], value as Comparable)) changed[key] = value;
  }
  return changed as UpdateBike;
}
