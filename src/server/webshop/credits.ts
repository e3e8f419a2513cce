import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { subscriptionState } from '../../domain/bikes/subscription.js';
import type { CreditsOverview, PlanType } from '../../domain/bikes.js';
import { LEGACY_PLACEHOLDER_CREDITS, LEGACY_SIGNUP_CUTOFF } from '../../domain/constants.js';
import { addsBikes, bikeLimit } from '../../domain/webshop/subscription.js';
import type { Db } from '../db/client.js';
import { bikeCredits, identities, parties, subscriptions } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// §3 Bike credits and §4 subscription state. A credit is unused while bike_ownership_id is null and is
// assigned to one ownership (a registration). Where a registration's credit comes from, in order:
//   1. the plate, when its batch was sold with a registration (source 'plate'; the registration belongs
//      to the plate: it leaves with the plate, see releasePlateCredits);
//   2. an unused credit of the party, taken with FOR UPDATE SKIP LOCKED so that two registrations at once
//      never take the same one (the loser finds none and, with no other source, gets 402);
//   3. the party's subscription while its paid period runs (current_period_end in the future), within its plan's
//      limit (domain/webshop/subscription.ts bikeLimit): a credit is made from it (source 'subscription', with the
//      provider's subscription id), the subscription row locked so that two at once never pass the limit;
//   4. the legacy rule (§4, §9): a person who signed up before 2023-02-07 and has had credits holds 100
//      placeholder credits. They are counted, not stored (the overview shows them through
//      subscriptionState); registering materialises one at a time as source 'seed', at most 100.
// Otherwise 409 subscription_full when the subscription runs but is full, else 402 no_subscription. A subscription's
// credit is never an unused one: a deleted bike's is deleted (its place on the plan is free again), so a lapsed
// subscription's bikes stay registered but it adds no more.

const LEGACY_CUTOFF = new Date(`${LEGACY_SIGNUP_CUTOFF}T00:00:00Z`);

/** When the party signed up: the person's signed_up_at, or an organisation's creation. */
async function signedUpAt(db: Db, partyId: string): Promise<Date> {
  const [identity] = await db.select({ at: identities.signedUpAt }).from(identities).where(eq(identities.partyId, partyId));
  if (identity) return identity.at;
  const [party] = await db.select({ at: parties.createdAt }).from(parties).where(eq(parties.id, partyId));
  return party?.at ?? new Date();
}

async function creditCounts(db: Db, partyId: string): Promise<{ unused: number; total: number; seed: number }> {
  const rows = await db
    .select({ unused: isNull(bikeCredits.bikeOwnershipId), source: bikeCredits.source, n: count() })
    .from(bikeCredits)
    .where(eq(bikeCredits.partyId, partyId))
    .groupBy(isNull(bikeCredits.bikeOwnershipId), bikeCredits.source);
  let unused = 0;
  let total = 0;
  let seed = 0;
  for (const row of rows) {
    total += row.n;
    if (row.unused) unused += row.n;
    if (row.source === 'seed') seed += row.n;
  }
  return { unused, total, seed };
}

function isLegacy(signedUp: Date, hadCredits: boolean): boolean {
  return hadCredits && signedUp < LEGACY_CUTOFF;
}

/**
 * Gives the ownership a credit, from the first source that has one (see the top of this file);
 * 402 no_subscription when none has. Call inside the registration's transaction.
 */
export async function assignCredit(
  tx: Db,
  input: { partyId: string; ownershipId: string; plateIncludesRegistration: boolean; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const assign = { bikeOwnershipId: input.ownershipId, modifiedOn: now };
  if (input.plateIncludesRegistration) {
    await tx.insert(bikeCredits).values({ partyId: input.partyId, source: 'plate', ...assign });
    return;
  }
  const [unused] = await tx
    .select({ id: bikeCredits.id })
    .from(bikeCredits)
    .where(and(eq(bikeCredits.partyId, input.partyId), isNull(bikeCredits.bikeOwnershipId)))
    .orderBy(asc(bikeCredits.createdOn), asc(bikeCredits.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (unused) {
    await tx.update(bikeCredits).set(assign).where(eq(bikeCredits.id, unused.id));
    return;
  }
  const subscription = await lockedSubscription(tx, input.partyId);
  const full = subscription !== null && addsBikes(subscription, now) && (await slotsLeft(tx, input.partyId, subscription)) <= 0;
  if (subscription && addsBikes(subscription, now) && !full) {
    await insertSubscriptionCredit(tx, input.partyId, subscription, input.ownershipId, now);
    return;
  }
  const counts = await creditCounts(tx, input.partyId);
  if (isLegacy(await signedUpAt(tx, input.partyId), counts.total > 0) && counts.seed < LEGACY_PLACEHOLDER_CREDITS) {
    await tx.insert(bikeCredits).values({ partyId: input.partyId, source: 'seed', ...assign });
    return;
  }
  throw new AppError(full ? 'subscription_full' : 'no_subscription');
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The party's subscription, locked until the transaction ends (the one place its limit is counted against). */
async function lockedSubscription(tx: Db, partyId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.partyId, partyId)).for('update');
  return row ?? null;
}

/** The party's bikes on this subscription: its credits carrying the subscription's provider id (none for staff's). */
async function bikesOnSubscription(db: Db, partyId: string, subscription: SubscriptionRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bikeCredits)
    .where(
      and(
        eq(bikeCredits.partyId, partyId),
        eq(bikeCredits.source, 'subscription'),
        sql`${bikeCredits.providerSubscriptionId} is not distinct from ${subscription.providerSubscriptionId}`,
      ),
    );
  return row?.n ?? 0;
}

async function slotsLeft(db: Db, partyId: string, subscription: SubscriptionRow): Promise<number> {
  return bikeLimit(subscription.planType, subscription.quantity) - (await bikesOnSubscription(db, partyId, subscription));
}

async function insertSubscriptionCredit(
  tx: Db,
  partyId: string,
  subscription: SubscriptionRow,
  ownershipId: string,
  now: Date,
): Promise<CreditRow> {
  const [credit] = await tx
    .insert(bikeCredits)
    .values({
      partyId,
      source: 'subscription',
      planType: subscription.planType,
      providerSubscriptionId: subscription.providerSubscriptionId,
      bikeOwnershipId: ownershipId,
      modifiedOn: now,
    })
    .returning();
  if (!credit) throw new Error('credit insert returned nothing');
  return credit;
}

type CreditRow = typeof bikeCredits.$inferSelect;

/**
 * Puts an ownership of the party that has no credit on the party's subscription (POST /webshop/subscriptions/bikes,
 * and the bike named at checkout once the subscription starts). 402 no_subscription when its paid period is not
 * running, 409 subscription_full at its plan's limit. Call inside a transaction; the caller checks the ownership.
 */
export async function takeSubscriptionCredit(tx: Db, partyId: string, ownershipId: string, now = new Date()): Promise<CreditRow> {
  const subscription = await lockedSubscription(tx, partyId);
  if (!subscription || !addsBikes(subscription, now)) throw new AppError('no_subscription');
  if ((await slotsLeft(tx, partyId, subscription)) <= 0) throw new AppError('subscription_full');
  return insertSubscriptionCredit(tx, partyId, subscription, ownershipId, now);
}

/**
 * When a plate sold with a registration leaves a bike, its registration leaves with it: the credit it
 * made is deleted (else the plate could register bike after bike). Other credits stay.
 */
export async function releasePlateCredits(tx: Db, ownershipId: string): Promise<void> {
  await tx.delete(bikeCredits).where(and(eq(bikeCredits.bikeOwnershipId, ownershipId), eq(bikeCredits.source, 'plate')));
}

/**
 * A deleted bike's registration goes back to its owner: the current ownership's credit becomes unused
 * again, so the owner can register another bike (they paid for one registered bike, not for this frame);
 * a subscription's credit is deleted, which frees its place on the plan.
 * A plate's credit goes with the plate; credits of earlier owners' ended ownerships stay used (deleted
 * with the rows they were used by), so a new owner's delete never hands a credit back to an old owner.
 */
export async function returnCreditsOfDeletedBike(tx: Db, currentOwnershipId: string, endedOwnershipIds: string[]): Promise<void> {
  await releasePlateCredits(tx, currentOwnershipId);
  // A subscription's place is not a credit to keep: it frees up on the plan (and is gone once the plan lapses).
  await tx.delete(bikeCredits).where(and(eq(bikeCredits.bikeOwnershipId, currentOwnershipId), eq(bikeCredits.source, 'subscription')));
  await tx
    .update(bikeCredits)
    .set({ bikeOwnershipId: null, modifiedOn: new Date() })
    .where(and(eq(bikeCredits.bikeOwnershipId, currentOwnershipId), ne(bikeCredits.source, 'plate')));
  for (const id of endedOwnershipIds) await tx.delete(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, id));
}

/** §3 credits response and §4 state of a party (polled every 30 s). */
export async function creditsOverview(db: Db, partyId: string, now = new Date()): Promise<CreditsOverview> {
  const counts = await creditCounts(db, partyId);
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.partyId, partyId));
  const signedUp = await signedUpAt(db, partyId);
  const state = subscriptionState({
    unusedCredits: counts.unused,
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    signedUpAt: signedUp,
    now,
  });
  // The legacy placeholder credits not yet materialised (subscriptionState shows them as 100 while the
  // party has credits; once some are used, the rest count).
  const legacy = isLegacy(signedUp, counts.total > 0);
  const credits = legacy ? Math.max(state.credits, counts.unused + LEGACY_PLACEHOLDER_CREDITS - counts.seed) : state.credits;
  let planType: PlanType | null = subscription?.planType ?? null;
  if (!planType) {
    const [latest] = await db
      .select({ planType: bikeCredits.planType })
      .from(bikeCredits)
      .where(eq(bikeCredits.partyId, partyId))
      .orderBy(desc(bikeCredits.createdOn))
      .limit(1);
    planType = latest?.planType ?? null;
  }
  // §4: VIP without a period end runs one year ahead.
  const periodEnd =
    state.currentPeriodEnd ?? (legacy ? new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())) : null);
  return {
    credits,
    current_period_end: periodEnd ? periodEnd.toISOString() : null,
    active: state.active || (legacy && credits > 0),
    vip: state.vip || legacy,
    plan_type: planType,
    subscription: subscription ? await subscriptionSummary(db, partyId, subscription, now) : null,
  };
}

async function subscriptionSummary(
  db: Db,
  partyId: string,
  subscription: SubscriptionRow,
  now: Date,
): Promise<NonNullable<CreditsOverview['subscription']>> {
  const limit = bikeLimit(subscription.planType, subscription.quantity);
  const used = await bikesOnSubscription(db, partyId, subscription);
  return {
    plan_type: subscription.planType,
    status: subscription.providerStatus,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    active: addsBikes(subscription, now),
    bikes_limit: limit,
    bikes_used: used,
    bikes_remaining: Math.max(0, limit - used),
  };
}
