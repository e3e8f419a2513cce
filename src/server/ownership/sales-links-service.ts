import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { SALES_LINK_DEFAULT_DAYS, type SalesLink, type SalesProof } from '../../domain/ownership.js';
import type { AppContext } from '../context.js';
import { bikeOwnerships, bikes, identities, ownershipVerifications, salesLinks } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { publicCardsOf } from '../shared/public-cards.js';

// Selling proof (issue 5): a time-limited public link for a sales ad. It shows the bike's public card and
// "registered to an ID-verified owner, not reported stolen" as of the moment it is opened, and stops
// working when it expires, is revoked, the ownership ends (transfer, deletion) or the bike is reported
// stolen. The id is the secret: 16 random bytes, so links cannot be guessed or listed.

type LinkRow = typeof salesLinks.$inferSelect;

/** A link id as we issue them (16 bytes base64url); anything else is unknown without a query. */
const LINK_ID = /^[A-Za-z0-9_-]{22}$/;

function toSalesLink(ctx: AppContext, row: LinkRow, stillValid: boolean, now = new Date()): SalesLink {
  return {
    id: row.id,
    bike_id: row.bikeId,
    url: `${ctx.config.publicUrl}/for-sale/${row.id}`,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    active: stillValid && row.revokedAt === null && row.expiresAt > now,
  };
}

/** POST /bikes/{bikeId}/sales-links: 201; a bike reported stolen gets none (409 bike_reported_stolen). */
export async function createSalesLink(ctx: AppContext, caller: Caller, bikeId: string, days: number | undefined): Promise<SalesLink> {
  return ctx.db.transaction(async (tx) => {
    const { bike, ownership } = await bikeOfCaller(tx, caller, bikeId);
    if (bike.reportedStolen) throw new AppError('bike_reported_stolen');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + (days ?? SALES_LINK_DEFAULT_DAYS) * 86_400_000);
    const [row] = await tx
      .insert(salesLinks)
      .values({ id: randomBytes(16).toString('base64url'), bikeId, ownershipId: ownership.id, createdAt: now, expiresAt })
      .returning();
    if (!row) throw new Error('sales link insert returned nothing');
    await recordBikeEvent(tx, {
      bikeId,
      kind: 'sales_link_created',
      actorPartyId: caller.partyId,
      ownershipId: ownership.id,
      data: { expires_at: expiresAt.toISOString() },
    });
    return toSalesLink(ctx, row, true, now);
  });
}

/** GET /bikes/{bikeId}/sales-links: the links of the current ownership, newest first. */
export async function listSalesLinks(ctx: AppContext, caller: Caller, bikeId: string): Promise<SalesLink[]> {
  const { bike, ownership } = await bikeOfCaller(ctx.db, caller, bikeId);
  const rows = await ctx.db
    .select()
    .from(salesLinks)
    .where(eq(salesLinks.ownershipId, ownership.id))
    .orderBy(desc(salesLinks.createdAt), desc(salesLinks.id));
  return rows.map((row) => toSalesLink(ctx, row, !bike.reportedStolen));
}

/** DELETE /sales-links/{id}: only the current owner of the link's bike; revoking twice changes nothing. */
export async function revokeSalesLink(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  if (!LINK_ID.test(id)) throw new AppError('sales_link_not_found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: salesLinks })
      .from(salesLinks)
      .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.id, salesLinks.ownershipId), isNull(bikeOwnerships.endedAt)))
      .where(and(eq(salesLinks.id, id), eq(bikeOwnerships.partyId, caller.actingPartyId)))
      .for('update', { of: salesLinks });
    if (!row) throw new AppError('sales_link_not_found');
    if (row.link.revokedAt) return;
    await tx.update(salesLinks).set({ revokedAt: new Date() }).where(eq(salesLinks.id, id));
    await recordBikeEvent(tx, {
      bikeId: row.link.bikeId,
      kind: 'sales_link_revoked',
      actorPartyId: caller.partyId,
      ownershipId: row.link.ownershipId,
    });
  });
}

/**
 * GET /sales-links/{id} (public): the proof as of now. 404 for an id never issued; 410 sales_link_expired
 * once it no longer holds. The card's public picture is served on a signed address even when the bike is
 * not searchable (the owner chose to show it by making the link); private pictures never appear.
 * Never the owner's name or contact.
 */
export async function salesProof(ctx: AppContext, id: string): Promise<SalesProof> {
  if (!LINK_ID.test(id)) throw new AppError('sales_link_not_found');
  const [row] = await ctx.db
    .select({ link: salesLinks, ownership: bikeOwnerships, stolen: bikes.reportedStolen, ownerVerifiedOn: identities.verifiedOn })
    .from(salesLinks)
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, salesLinks.ownershipId))
    .innerJoin(bikes, eq(bikes.id, salesLinks.bikeId))
    .leftJoin(identities, eq(identities.partyId, bikeOwnerships.partyId))
    .where(eq(salesLinks.id, id));
  if (!row) throw new AppError('sales_link_not_found');
  const now = new Date();
  const { link, ownership } = row;
  if (link.revokedAt || link.expiresAt <= now || ownership.endedAt || row.stolen) throw new AppError('sales_link_expired');
  const card = (await publicCardsOf(ctx, [link.bikeId], { onlyVisible: false, forOwner: true })).get(link.bikeId);
  if (!card) throw new AppError('sales_link_expired');
  const [verified] = await ctx.db
    .select({ id: ownershipVerifications.id })
    .from(ownershipVerifications)
    .where(and(eq(ownershipVerifications.ownershipId, ownership.id), eq(ownershipVerifications.status, 'verified')))
    .limit(1);
  return {
    bike: card,
    owner_id_verified: row.ownerVerifiedOn !== null,
    ownership_verified: Boolean(verified),
    reported_stolen: false,
    registered_since: ownership.startedAt.toISOString(),
    checked_at: now.toISOString(),
    expires_at: link.expiresAt.toISOString(),
  };
}
