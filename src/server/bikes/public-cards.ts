import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PublicBike } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes } from '../db/schema.js';
import { plateIdsOfBikes } from '../plates/service.js';
import { publicPictures } from './files.js';
import { toPublicBike } from './mapping.js';

/**
 * The public cards of registered bikes (a current ownership), by id. With onlyVisible, only bikes
 * shown to strangers: searchable, or reported stolen (a stolen bike is always shown). The owner's
 * preview (GET /bikes/{id}/public) asks without it.
 */
export async function publicCardsOf(
  ctx: AppContext,
  bikeIds: string[],
  options: { onlyVisible: boolean; forOwner?: boolean },
): Promise<Map<string, PublicBike>> {
  const result = new Map<string, PublicBike>();
  if (bikeIds.length === 0) return result;
  const rows = await ctx.db
    .select({ bike: bikes })
    .from(bikes)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(
      and(inArray(bikes.id, bikeIds), options.onlyVisible ? or(eq(bikes.searchable, true), eq(bikes.reportedStolen, true)) : undefined),
    );
  if (rows.length === 0) return result;
  const ids = rows.map((r) => r.bike.id);
  const [plates, pictures] = [await plateIdsOfBikes(ctx.db, ids), await publicPictures(ctx, ids, { forOwner: options.forOwner })];
  for (const { bike } of rows) result.set(bike.id, toPublicBike(bike, plates.get(bike.id) ?? null, pictures.get(bike.id)));
  return result;
}
