import { findBrand } from '../../domain/bikes/brands.js';
import { frameNumberHints } from '../../domain/bikes/frame-number.js';
import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  BIKE_TYPES,
  type Bike,
  type BikeCategory,
  type BikeColor,
  type BikeType,
  type PublicBike,
} from '../../domain/bikes.js';
import type { BikeRow, OwnershipRow } from './bike-access.js';

// Database rows → the answers of src/domain/bikes.ts. The answers are checked by their schemas on the
// way out too, so a column never leaks; these functions only choose and rename.

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export const colorOf = (value: string | null): BikeColor | null => oneOf(BIKE_COLORS, value);
export const categoryOf = (value: string | null): BikeCategory | null => oneOf(BIKE_CATEGORIES, value);
export const typeOf = (value: string | null): BikeType | null => oneOf(BIKE_TYPES, value);

export interface BikeExtras {
  plateId: string | null;
  /** The current ownership has a credit. */
  active: boolean;
  /** The owner is a person (not an organisation). */
  ownerIsPerson: boolean;
  /** The public picture's thumbnail. */
  pictureUrl: string | null;
}

/** A bike as its owner sees it. */
export function toBike(bike: BikeRow, ownership: OwnershipRow, extras: BikeExtras): Bike {
  return {
    id: bike.id,
    bike_ownership_id: ownership.id,
    bikekey_id: extras.plateId,
    frame_number: bike.frameNumber,
    // The owner's own: read from their ownership, never from an earlier one.
    nickname: ownership.nickname,
    normal_price_dkk: ownership.normalPriceDkk,
    purchase_date: ownership.purchaseDate,
    type_id: typeOf(bike.typeId),
    color_id: colorOf(bike.colorId),
    is_electric: bike.isElectric,
    model: bike.model,
    category_id: categoryOf(bike.categoryId),
    brand_id: bike.brandId,
    brand_name: bike.brandName,
    production_year: bike.productionYear,
    flags: {
      active: extras.active,
      private: extras.ownerIsPerson,
      searchable: bike.searchable,
      reported_stolen: bike.reportedStolen,
    },
    picture_url: extras.pictureUrl,
    registered_on: ownership.startedAt.toISOString(),
    hints: bike.frameNumber ? frameNumberHints(bike.frameNumber, { brandId: bike.brandId, productionYear: bike.productionYear }) : [],
  };
}

/** The columns of a bike that anyone may see (public cards, search, the map): never the owner. */
export type PublicBikeColumns = Pick<
  BikeRow,
  | 'id'
  | 'brandId'
  | 'brandName'
  | 'model'
  | 'colorId'
  | 'categoryId'
  | 'typeId'
  | 'isElectric'
  | 'productionYear'
  | 'reportedStolen'
  | 'frameNumber'
>;

/** What anyone may see of a bike: never the owner. */
export function toPublicBike(
  bike: PublicBikeColumns,
  plateId: string | null,
  picture: { url: string; thumbnail_url: string } | undefined,
): PublicBike {
  return {
    id: bike.id,
    brand_id: bike.brandId,
    // Named here, so that a public page need not load the brand table to show it.
    brand_name: bike.brandName ?? findBrand(bike.brandId)?.name ?? null,
    model: bike.model,
    color_id: colorOf(bike.colorId),
    category_id: categoryOf(bike.categoryId),
    type_id: typeOf(bike.typeId),
    is_electric: bike.isElectric,
    production_year: bike.productionYear,
    reported_stolen: bike.reportedStolen,
    picture_url: picture?.url ?? null,
    thumbnail_url: picture?.thumbnail_url ?? null,
    frame_number: bike.frameNumber,
    bikekey_id: plateId,
  };
}
