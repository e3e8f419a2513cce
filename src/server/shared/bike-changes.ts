import type { bikes } from '../db/schema.js';
import type { BikeRow } from './bike-access.js';

// What an edit of a bike changed, for its history: the API names of the fields whose value differs,
// never the values (the history outlives the owner who typed them).

const FIELD_OF_COLUMN = {
  frameNumber: 'frame_number',
  nickname: 'nickname',
  normalPriceDkk: 'normal_price_dkk',
  purchaseDate: 'purchase_date',
  typeId: 'type_id',
  colorId: 'color_id',
  isElectric: 'is_electric',
  model: 'model',
  categoryId: 'category_id',
  brandId: 'brand_id',
  brandName: 'brand_name',
  productionYear: 'production_year',
  searchable: 'searchable',
} as const satisfies Partial<Record<keyof BikeRow, string>>;

export function changedBikeFields(before: BikeRow, columns: Partial<typeof bikes.$inferInsert>, plateChanged: boolean): string[] {
  const changed: string[] = [];
  for (const [column, field] of Object.entries(FIELD_OF_COLUMN) as [keyof typeof FIELD_OF_COLUMN, string][]) {
    const after = columns[column];
    if (after !== undefined && (after ?? null) !== (before[column] ?? null)) changed.push(field);
  }
  if (plateChanged) changed.push('bikekey_id');
  return changed;
}
