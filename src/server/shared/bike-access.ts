import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';

export type BikeRow = typeof bikes.$inferSelect;
export type OwnershipRow = typeof bikeOwnerships.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one check every owner's bike call makes (design.md: every response checks the caller may see
 * it): the bike's current owner is the party the caller acts as (a switch-user acts as that user).
 * Anyone else gets 404, so a stranger cannot even learn that a bike id exists. Staff see bikes
 * through the backoffice, not here.
 */
export async function bikeOfCaller(db: Db, caller: Caller, bikeId: string): Promise<{ bike: BikeRow; ownership: OwnershipRow }> {
  const [row] = UUID.test(bikeId)
    ? await db
        .select({ bike: bikes, ownership: bikeOwnerships })
        .from(bikes)
        .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
        .where(and(eq(bikes.id, bikeId), eq(bikeOwnerships.partyId, caller.actingPartyId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('bike_not_found');
  return row;
}
