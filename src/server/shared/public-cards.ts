import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PublicBike } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes } from '../db/schema.js';
import { type PublicBikeColumns, toPublicBike } from './bike-mapping.js';
import { publicPictureUrl, signedPictureUrl } from './files/signed-url.js';

// The public card of a bike (what strangers see: search, plate scans, chats, sales links) in ONE query:
// the plate and the public picture come as scalar subqueries, so a lookup at a million bikes is one
// round trip of index lookups (search and stickers are in the performance budget).

/** Shown to strangers: searchable, or reported stolen (a stolen bike is always shown). */
export const visibleToStrangers = or(eq(bikes.searchable, true), eq(bikes.reportedStolen, true));
/** Joins a bike to its current ownership: only registered bikes have a card. */
export const currentOwnershipOfBike = and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt));

/** The columns of a card: the bike's public fields, its plate (the first put on it) and its public picture (the newest of the current ownership). */
export const cardColumns = {
  id: bikes.id,
  brandId: bikes.brandId,
  brandName: bikes.brandName,
  model: bikes.model,
  colorId: bikes.colorId,
  categoryId: bikes.categoryId,
  typeId: bikes.typeId,
  isElectric: bikes.isElectric,
  productionYear: bikes.productionYear,
  reportedStolen: bikes.reportedStolen,
  frameNumber: bikes.frameNumber,
  plateId: sql<string | null>`(select p.id from plate p where p.bike_id = ${bikes.id} order by p.assigned_at, p.id limit 1)`,
  publicPictureId: sql<string | null>`(select pic.id from picture pic
    join bike_ownership po on po.id = pic.ownership_id and po.ended_at is null
    where pic.bike_id = ${bikes.id} and pic.kind = 'public' order by pic.created_at desc limit 1)`,
};

export type CardRow = PublicBikeColumns & { plateId: string | null; publicPictureId: string | null };

/**
 * A row of cardColumns → the card. Strangers get the picture's public address (served only while the
 * bike is shown to strangers); the owner, and those the owner shows it to, a signed one.
 */
export function toCard(ctx: AppContext, row: CardRow, options: { signed?: boolean } = {}): PublicBike {
  const id = row.publicPictureId;
  const url = (pictureId: string, size: 'full' | 'thumb') =>
    options.signed ? signedPictureUrl(ctx.config.jwtSecret, pictureId, size) : publicPictureUrl(pictureId, size);
  return toPublicBike(row, row.plateId, id ? { url: url(id, 'full'), thumbnail_url: url(id, 'thumb') } : undefined);
}

/**
 * The public cards of registered bikes (a current ownership), by id. With onlyVisible, only bikes
 * shown to strangers. forOwner: signed picture addresses, which work whatever the bike's flags.
 */
export async function publicCardsOf(
  ctx: AppContext,
  bikeIds: string[],
  options: { onlyVisible: boolean; forOwner?: boolean },
): Promise<Map<string, PublicBike>> {
  const result = new Map<string, PublicBike>();
  if (bikeIds.length === 0) return result;
  const rows = (await ctx.db
    .select(cardColumns)
    .from(bikes)
    .innerJoin(bikeOwnerships, currentOwnershipOfBike)
    .where(and(inArray(bikes.id, bikeIds), options.onlyVisible ? visibleToStrangers : undefined))) as CardRow[];
  for (const row of rows) result.set(row.id, toCard(ctx, row, { signed: options.forOwner }));
  return result;
}
