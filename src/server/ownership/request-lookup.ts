import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PublicBike } from '../../domain/bikes.js';
import type { OwnershipLookup } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeOwnerships, bikes, plates } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { searchTerms } from '../search/service.js';
import type { BikeRow, OwnershipRow } from '../shared/bike-access.js';
import { publicCardsOf } from '../shared/public-cards.js';
import { isUuid } from './transfer-view.js';

// Finding the bike to ask for (§2 request-ownership): a registered bike by its exact frame number or
// plate ID. Whoever types the exact number holds the bike (or its papers), so the card is shown even for
// a bike hidden from search, but its picture only when the owner shows it publicly.

/** The bike with its current ownership (every registered bike has one). */
export async function registeredBike(db: Db, bikeId: string): Promise<{ bike: BikeRow; ownership: OwnershipRow } | undefined> {
  if (!isUuid(bikeId)) return undefined;
  const [row] = await db
    .select({ bike: bikes, ownership: bikeOwnerships })
    .from(bikes)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(eq(bikes.id, bikeId));
  return row;
}

/** The bike's card: for its owner with their own picture address; for anyone else the public picture only while the bike is shown publicly. */
export async function cardOf(ctx: AppContext, bike: BikeRow, forOwner: boolean): Promise<PublicBike | undefined> {
  const card = (await publicCardsOf(ctx, [bike.id], { onlyVisible: false, forOwner })).get(bike.id);
  if (!card || forOwner || bike.searchable || bike.reportedStolen) return card;
  return { ...card, picture_url: null, thumbnail_url: null };
}

/** GET /ownership-requests/lookup?q=: a registered bike by its exact frame number or plate ID. */
export async function lookupBike(ctx: AppContext, caller: Caller, q: string): Promise<OwnershipLookup> {
  const terms = searchTerms(q);
  const [row] = await ctx.db
    .select({ bike: bikes, ownerPartyId: bikeOwnerships.partyId })
    .from(bikes)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(
      or(
        terms.frame ? eq(bikes.frameNumberNormalised, terms.frame) : undefined,
        inArray(bikes.id, ctx.db.select({ id: plates.bikeId }).from(plates).where(eq(plates.id, terms.plate))),
      ),
    )
    .limit(1);
  if (!row) return { bike: null, mine: false };
  const mine = row.ownerPartyId === caller.actingPartyId;
  return { bike: (await cardOf(ctx, row.bike, mine)) ?? null, mine };
}
