import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BikeCredit, CreditsOverview } from '../../domain/bikes.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bikeCredits, bikeOwnerships, voucherRedemptions, vouchers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { creditsOverview } from './credits.js';

// §7 Webshop: credits and their activation, the credits overview, vouchers.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CreditRow = typeof bikeCredits.$inferSelect;

export function toCredit(row: CreditRow): BikeCredit {
  return {
    id: row.id,
    bike_ownership_id: row.bikeOwnershipId,
    created_on: row.createdOn.toISOString(),
    modified_on: row.modifiedOn.toISOString(),
    party_id: row.partyId,
    plan_type: row.planType,
    subscription_id: row.providerSubscriptionId,
  };
}

/** GET /webshop/bike-activations: the credits of the party the caller acts as, unused first, oldest first. */
export async function listCredits(ctx: AppContext, caller: Caller): Promise<BikeCredit[]> {
  const rows = await ctx.db
    .select()
    .from(bikeCredits)
    .where(eq(bikeCredits.partyId, caller.actingPartyId))
    .orderBy(sql`${bikeCredits.bikeOwnershipId} is not null`, asc(bikeCredits.createdOn), asc(bikeCredits.id));
  return rows.map(toCredit);
}

/**
 * POST /webshop/bike-activations/{bikeCreditId}: gives one of the caller's current ownerships that has no
 * credit an unused credit of the caller's party. 404 credit_not_found (not theirs, used, unknown), 404
 * bike_not_found (not their ownership), 409 ownership_already_active.
 */
export async function activateCredit(ctx: AppContext, caller: Caller, creditId: string, ownershipId: string): Promise<BikeCredit> {
  if (!UUID.test(creditId)) throw new AppError('credit_not_found');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [credit] = await tx
        .select({ id: bikeCredits.id })
        .from(bikeCredits)
        .where(and(eq(bikeCredits.id, creditId), eq(bikeCredits.partyId, caller.actingPartyId), isNull(bikeCredits.bikeOwnershipId)))
        .for('update');
      if (!credit) throw new AppError('credit_not_found');
      const [ownership] = await tx
        .select({ id: bikeOwnerships.id })
        .from(bikeOwnerships)
        .where(and(eq(bikeOwnerships.id, ownershipId), eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt)));
      if (!ownership) throw new AppError('bike_not_found');
      const [existing] = await tx.select({ id: bikeCredits.id }).from(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, ownership.id));
      if (existing) throw new AppError('ownership_already_active');
      const [updated] = await tx
        .update(bikeCredits)
        .set({ bikeOwnershipId: ownership.id, modifiedOn: new Date() })
        .where(eq(bikeCredits.id, credit.id))
        .returning();
      if (!updated) throw new AppError('credit_not_found');
      return toCredit(updated);
    });
  } catch (err) {
    // Two activations of one ownership at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw new AppError('ownership_already_active');
    throw err;
  }
}

export async function overviewOf(ctx: AppContext, caller: Caller): Promise<CreditsOverview> {
  return creditsOverview(ctx.db, caller.actingPartyId);
}

/**
 * POST /webshop/vouchers/redeem: a voucher code adds its credits to the party the caller acts as, once
 * per party, up to the voucher's max_redemptions. 422 voucher_invalid (unknown, expired) or voucher_used
 * (by this party already, or used up), on the field code.
 */
export async function redeemVoucher(
  ctx: AppContext,
  caller: Caller,
  code: string,
): Promise<{ credits_added: number; overview: CreditsOverview }> {
  const added = await ctx.db
    .transaction(async (tx) => {
      const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update');
      if (!voucher || (voucher.expiresAt && voucher.expiresAt <= new Date())) throw new AppError('voucher_invalid', 'code');
      const [already] = await tx
        .select({ code: voucherRedemptions.code })
        .from(voucherRedemptions)
        .where(and(eq(voucherRedemptions.code, code), eq(voucherRedemptions.partyId, caller.actingPartyId)));
      if (already || voucher.redemptions >= voucher.maxRedemptions) throw new AppError('voucher_used', 'code');
      await tx.insert(voucherRedemptions).values({ code, partyId: caller.actingPartyId });
      await tx
        .update(vouchers)
        .set({ redemptions: sql`${vouchers.redemptions} + 1` })
        .where(eq(vouchers.code, code));
      await addCredits(tx, caller.actingPartyId, voucher.credits, voucher.planType, 'voucher', code);
      return voucher.credits;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('voucher_used', 'code');
      throw err;
    });
  return { credits_added: added, overview: await creditsOverview(ctx.db, caller.actingPartyId) };
}

export async function addCredits(
  tx: Db,
  partyId: string,
  n: number,
  planType: CreditRow['planType'],
  source: CreditRow['source'],
  /** The voucher code they were redeemed from (staff see which bike a code ended on). */
  voucherCode?: string,
): Promise<void> {
  if (n <= 0) return;
  await tx.insert(bikeCredits).values(Array.from({ length: n }, () => ({ partyId, planType, source, voucherCode })));
}

/** Creates a voucher (the command, the seed, a backoffice batch); answers false when the code exists. */
export async function createVoucher(
  db: Db,
  input: {
    code: string;
    credits: number;
    maxRedemptions: number;
    expiresAt?: Date | null;
    planType?: CreditRow['planType'];
    batchId?: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(vouchers)
    .values({
      code: input.code.replace(/\s/g, '').toUpperCase(),
      credits: input.credits,
      maxRedemptions: input.maxRedemptions,
      expiresAt: input.expiresAt ?? null,
      planType: input.planType ?? 'SINGLE',
      batchId: input.batchId ?? null,
    })
    .onConflictDoNothing()
    .returning({ code: vouchers.code });
  return rows.length > 0;
}
