import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { CreditsOverview } from '../../domain/bikes.js';
import type { Language, Region } from '../../domain/locale.js';
import type { ProductsAnswer } from '../../domain/webshop/catalogue.js';
import type { NafMembership } from '../../domain/webshop/naf.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, nafMemberships } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { listProducts, readCatalogue } from './catalogue.js';
import { creditsOverview } from './credits.js';

// The NAF member flow (§1, §5, §7 NAF calls): a person records their membership number (checked by the domain's
// rule; NAF offers no look-up, so the number is taken as given), which prices their orders and subscriptions at
// member prices on the server, and gives one extra bike registration, claimed once per membership and number.

/** The acting party's NAF membership number, or null: orders and subscription sessions are priced with `member` when set. */
export async function nafMemberNumberOf(db: Db, partyId: string): Promise<string | null> {
  const [row] = await db.select({ number: nafMemberships.memberNumber }).from(nafMemberships).where(eq(nafMemberships.partyId, partyId));
  return row?.number ?? null;
}

/** A membership is a person's: refused while acting as an organisation. */
function personOf(caller: Caller): string {
  if (caller.actingPartyId !== caller.partyId) throw new AppError('person_required');
  return caller.partyId;
}

/** The member discount in the region: the largest the catalogue gives (registration, SINGLE, FAMILY: 20 %). */
async function discountPercent(db: Db, region: Region): Promise<number> {
  const catalogue = await readCatalogue(db, region);
  return Math.max(0, ...catalogue.map((entry) => entry.memberDiscountPercent ?? 0));
}

/** GET /api/webshop/naf/ */
export async function nafMembership(ctx: AppContext, caller: Caller, region: Region): Promise<NafMembership> {
  const [row] = await ctx.db.select().from(nafMemberships).where(eq(nafMemberships.partyId, caller.actingPartyId));
  return {
    member_number: row?.memberNumber ?? null,
    discount_percent: await discountPercent(ctx.db, region),
    extra_registration_available: row !== undefined && row.extraRegistrationClaimedAt === null,
  };
}

/** Records (or changes) the caller's membership number; its extra registration stays claimed if it was. */
async function recordMembership(ctx: AppContext, caller: Caller, memberNumber: string): Promise<string> {
  const partyId = personOf(caller);
  const number = memberNumber.toUpperCase();
  await ctx.db
    .insert(nafMemberships)
    .values({ partyId, memberNumber: number })
    .onConflictDoUpdate({ target: nafMemberships.partyId, set: { memberNumber: number, updatedAt: new Date() } });
  return number;
}

/** POST /api/webshop/naf/ */
export async function registerNafMembership(ctx: AppContext, caller: Caller, memberNumber: string, region: Region): Promise<NafMembership> {
  await recordMembership(ctx, caller, memberNumber);
  return nafMembership(ctx, caller, region);
}

/**
 * POST /api/webshop/naf/extra-bike-registration: one unused credit (source 'naf'), once per membership and once per
 * number across accounts. 404 naf_membership_not_found, 409 naf_extra_registration_claimed.
 */
export async function claimNafExtraRegistration(
  ctx: AppContext,
  caller: Caller,
): Promise<{ credits_added: number; overview: CreditsOverview }> {
  const partyId = personOf(caller);
  await ctx.db.transaction(async (tx) => {
    const [membership] = await tx.select().from(nafMemberships).where(eq(nafMemberships.partyId, partyId)).for('update');
    if (!membership) throw new AppError('naf_membership_not_found');
    const [claimedElsewhere] = await tx
      .select({ partyId: nafMemberships.partyId })
      .from(nafMemberships)
      .where(
        and(
          eq(nafMemberships.memberNumber, membership.memberNumber),
          ne(nafMemberships.partyId, partyId),
          isNotNull(nafMemberships.extraRegistrationClaimedAt),
        ),
      );
    const now = new Date();
    const claimed = await tx
      .update(nafMemberships)
      .set({ extraRegistrationClaimedAt: now, updatedAt: now })
      .where(and(eq(nafMemberships.partyId, partyId), isNull(nafMemberships.extraRegistrationClaimedAt)))
      .returning({ partyId: nafMemberships.partyId });
    if (claimed.length === 0 || claimedElsewhere) throw new AppError('naf_extra_registration_claimed');
    await tx.insert(bikeCredits).values({ partyId, source: 'naf', planType: 'SINGLE' });
  });
  return { credits_added: 1, overview: await creditsOverview(ctx.db, partyId) };
}

/** POST /api/webshop/naf/apply-member-discount/{naf_member_id}: records the membership; the region's products at member prices. */
export async function applyMemberDiscount(
  ctx: AppContext,
  caller: Caller,
  memberNumber: string,
  region: Region,
  language: Language,
): Promise<{ member_number: string; discount_percent: number; products: ProductsAnswer['products'] }> {
  const number = await recordMembership(ctx, caller, memberNumber);
  const { products } = await listProducts(ctx.db, region, language);
  return { member_number: number, discount_percent: await discountPercent(ctx.db, region), products };
}
