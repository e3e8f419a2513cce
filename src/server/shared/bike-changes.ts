import type { bikeOwnerships, bikes } from '../db/schema.js';
import type { BikeRow, OwnershipRow } from './bike-access.js';

// What an edit of a bike changed, for its history: the API names of the fields whose value differs,
// never the values (the history outlives the owner who typed them).

const FIELD_OF_COLUMN = {
  frameNumber: 'frame_number',
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

/** The owner's own fields, kept on their ownership (a new owner starts without them). */
const FIELD_OF_OWNERSHIP_COLUMN = {
  nickname: 'nickname',
  normalPriceDkk: 'normal_price_dkk',
  purchaseDate: 'purchase_date',
} as const satisfies Partial<Record<keyof OwnershipRow, string>>;

function changed<Row, Columns extends Partial<Row>>(fields: Record<string, string>, before: Row, columns: Columns): string[] {
  const names: string[] = [];
  for (const [column, field] of Object.entries(fields)) {
    const after = columns[column as keyof Columns];
    if (after !== undefined && (after ?? null) !== (before[column as keyof Row] ?? null)) names.push(field);
  }
  return names;
}

export function changedBikeFields(
  before: { bike: BikeRow; ownership: OwnershipRow },
  columns: { bike: Partial<typeof bikes.$inferInsert>; ownership: Partial<typeof bikeOwnerships.$inferInsert> },
  plateChanged: boolean,
): string[] {
  const names = [
    ...changed(FIELD_OF_COLUMN, before.bike, columns.bike),
    ...changed(FIELD_OF_OWNERSHIP_COLUMN, before.ownership, columns.ownership),
  ];
  if (plateChanged) names.push('bikekey_id');
  return names;
}
