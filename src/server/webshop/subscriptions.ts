import { and, desc, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { normalisePlateId } from '../../domain/bikes/plate-id.js';
import type { BikeCredit, PlanType } from '../../domain/bikes.js';
import type { Language, Region } from '../../domain/locale.js';
import { sameSitePath } from '../../domain/safe-path.js';
import type { CatalogueEntry } from '../../domain/webshop/catalogue.js';
import { discountedPrice } from '../../domain/webshop/money.js';
import { priceOrder } from '../../domain/webshop/pricing.js';
import { blocksNewSubscription, type StoredSubscription, type subscriptionSessionSchema } from '../../domain/webshop/subscription.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import {
  bikeCredits,
  bikeOwnerships,
  identities,
  orders,
  organisationMembers,
  paymentCustomers,
  plates,
  subscriptions,
} from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppInputError } from '../http/errors.js';
import { getFixedT } from '../i18n/index.js';
import { readCatalogue } from './catalogue.js';
import { takeSubscriptionCredit } from './credits.js';
import { nafMemberNumberOf } from './naf.js';
import { customerOf, placeOrder } from './place-order.js';
import { giveUpCheckout } from './reconciliation.js';
import { toCredit } from './service.js';

// Subscriptions (issue 12, §7 Webshop): opening a subscription's checkout, putting a bike on it, the provider's
// customer portal (change plan, cancel at period end, the card) and the pricing table's customer session. The
// subscription row itself follows the provider's events (subscription-events.ts), never these calls.

/** The product each plan is sold as. */
export const PLAN_PRODUCT = {
  SINGLE: 'subscription_single',
  FAMILY: 'subscription_family',
  ORGANISATION: 'subscription_organisation',
} as const satisfies Record<PlanType, CatalogueEntry['code']>;

/** The language a provider's price is named in: the region's own. */
const REGION_LANGUAGE: Readonly<Record<Region, Language>> = { dk: 'da', no: 'no' };

/** The provider's failures (unreachable, refused) become 503 payment_unavailable: nothing was charged. */
async function atProvider<T>(ctx: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    ctx.log.warn({ err }, `payment provider: ${what} failed`);
    throw new AppError('payment_unavailable');
  }
}

/**
 * The provider's recurring price of a catalogue entry, found or made by a lookup key naming the product, the region,
 * the price row and whether it is the member price, so a price change or the member discount is another price. The
 * portal switches between such prices, and an event's price names its plan (planOfPrice).
 */
function recurringPriceId(ctx: AppContext, entry: CatalogueEntry, member: boolean): Promise<string> {
  const discount = member ? entry.memberDiscountPercent : null;
  const name = getFixedT(REGION_LANGUAGE[entry.region], 'webshop', `products.${entry.code}`)('name');
  return ctx.payments.ensureRecurringPrice({
    lookupKey: `${entry.code}:${entry.region}:${entry.priceId}${discount === null ? '' : ':naf'}`,
    productName: name,
    unitAmount: discount === null ? entry.unitAmountOre : discountedPrice(entry.unitAmountOre, discount),
    currency: entry.currency === 'DKK' ? 'dkk' : 'nok',
    interval: entry.interval ?? 'year',
  });
}

/** The plan a provider's price stands for (the portal may have switched it), among the region's current prices; else null. */
export async function planOfPrice(ctx: AppContext, db: Db, region: Region, priceId: string): Promise<PlanType | null> {
  for (const entry of await readCatalogue(db, region)) {
    if (entry.kind !== 'subscription' || !entry.planType) continue;
    for (const member of entry.memberDiscountPercent === null ? [false] : [false, true]) {
      if ((await recurringPriceId(ctx, entry, member)) === priceId) return entry.planType;
    }
  }
  return null;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The stored row in the domain's terms (its status is one the provider reported, or null). */
export function storedSubscription(row: SubscriptionRow): StoredSubscription {
  return { ...row, providerStatus: row.providerStatus as StoredSubscription['providerStatus'] };
}

/** SINGLE and FAMILY are a person's; ORGANISATION an organisation's, opened by one of its administrators. */
async function checkPlanForCaller(db: Db, caller: Caller, planType: PlanType): Promise<void> {
  const asOrganisation = caller.actingPartyId !== caller.partyId;
  if (planType !== 'ORGANISATION') {
    if (asOrganisation) throw new AppError('person_required');
    return;
  }
  if (!asOrganisation) throw new AppError('organisation_required');
  const [membership] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationPartyId, caller.actingPartyId), eq(organisationMembers.identityPartyId, caller.partyId)));
  if (membership?.role !== 'admin') throw new AppError('organisation_admin_required');
}

/** The bike a plate is on, when it is a current bike of the party; else 422 plate_not_on_my_bike (unknown and someone else's alike). */
async function bikeOfMyPlate(db: Db, partyId: string, plateId: string): Promise<string> {
  const [row] = await db
    .select({ bikeId: plates.bikeId })
    .from(plates)
    .innerJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, plates.bikeId), isNull(bikeOwnerships.endedAt)))
    .where(and(eq(plates.id, normalisePlateId(plateId)), eq(bikeOwnerships.partyId, partyId)));
  if (!row?.bikeId) throw new AppError('plate_not_on_my_bike', 'already_activated_plate_id');
  return row.bikeId;
}

/**
 * POST /api/webshop/subscriptions/sessions: writes the subscription's order at the server's prices (member prices
 * for a NAF member) and opens its checkout. 403 person_required / organisation_required / organisation_admin_required,
 * 409 subscription_exists, 422 plate_not_on_my_bike or quantity_invalid, 503 payment_unavailable.
 */
export async function openSubscriptionCheckout(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof subscriptionSessionSchema>,
  region: Region,
  language: Language,
): Promise<{ order_id: string; checkout_url: string }> {
  await checkPlanForCaller(ctx.db, caller, input.plan_type);
  // A subscription checkout still open (another tab, an earlier try) is ended first, so that two can never both be
  // paid; one paid meanwhile shows as the subscription below.
  const open = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.partyId, caller.actingPartyId), eq(orders.kind, 'subscription'), eq(orders.status, 'pending')));
  for (const order of open) await giveUpCheckout(ctx, order);
  const [existing] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.partyId, caller.actingPartyId));
  if (existing && blocksNewSubscription(storedSubscription(existing), new Date())) throw new AppError('subscription_exists');
  const bikeId = input.already_activated_plate_id
    ? await bikeOfMyPlate(ctx.db, caller.actingPartyId, input.already_activated_plate_id)
    : null;

  const memberNumber = await nafMemberNumberOf(ctx.db, caller.actingPartyId);
  const catalogue = await readCatalogue(ctx.db, region);
  const product = PLAN_PRODUCT[input.plan_type];
  const priced = priceOrder(catalogue, { region, lines: [{ product, quantity: input.quantity ?? 1 }] }, { member: memberNumber !== null });
  if (!priced.ok) {
    const problem = priced.problems[0];
    if (problem?.code === 'quantity_invalid') throw new AppInputError(['body', 'quantity'], 'quantity_invalid');
    throw new AppInputError(['body', 'plan_type'], problem?.code ?? 'product_unknown');
  }
  const entry = catalogue.find((e) => e.code === product);
  if (!entry) throw new AppInputError(['body', 'plan_type'], 'product_unknown');
  const priceId = await atProvider(ctx, 'recurring price', () => recurringPriceId(ctx, entry, memberNumber !== null));
  const names = getFixedT(language, 'webshop', 'products');
  const organisation = input.plan_type === 'ORGANISATION';
  const placed = await placeOrder(ctx, caller, {
    family: organisation ? 'organisation' : 'subscription',
    priced: priced.order,
    bikeId,
    nafMemberNumber: priced.order.lines.some((l) => l.memberDiscountPercent !== null) ? memberNumber : null,
    recurringPriceIds: [priceId],
    lineNames: { [product]: names(`${product}.name`) },
    successPath: organisation
      ? '/organisation-payment-complete-redirect?order_id={ORDER_ID}'
      : '/purchase-subscription-redirect?order_id={ORDER_ID}',
    cancelPath: '/purchase-failed?order_id={ORDER_ID}',
  });
  return { order_id: placed.orderId, checkout_url: placed.checkoutUrl };
}

/**
 * POST /api/webshop/subscriptions/bikes: puts one of my current bikes that has no credit on my subscription.
 * 404 bike_not_found, 409 ownership_already_active, 402 no_subscription (none running), 409 subscription_full.
 */
export async function putBikeOnSubscription(ctx: AppContext, caller: Caller, ownershipId: string): Promise<BikeCredit> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [ownership] = await tx
        .select({ id: bikeOwnerships.id })
        .from(bikeOwnerships)
        .where(and(eq(bikeOwnerships.id, ownershipId), eq(bikeOwnerships.partyId, caller.actingPartyId), isNull(bikeOwnerships.endedAt)));
      if (!ownership) throw new AppError('bike_not_found');
      const [credit] = await tx.select({ id: bikeCredits.id }).from(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, ownership.id));
      if (credit) throw new AppError('ownership_already_active');
      return toCredit(await takeSubscriptionCredit(tx, caller.actingPartyId, ownership.id));
    });
  } catch (err) {
    // The same bike put on twice at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw new AppError('ownership_already_active');
    throw err;
  }
}

/** The region a party's subscription was bought in (its prices' currency), else the person's. */
async function subscriptionRegion(db: Db, caller: Caller): Promise<Region> {
  const [order] = await db
    .select({ region: orders.region })
    .from(orders)
    .where(and(eq(orders.partyId, caller.actingPartyId), eq(orders.kind, 'subscription'), eq(orders.status, 'paid')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (order) return order.region;
  const [identity] = await db.select({ region: identities.region }).from(identities).where(eq(identities.partyId, caller.partyId));
  return identity?.region ?? 'dk';
}

/**
 * POST /api/webshop/customers/sessions: the provider's portal for my subscription, where I can switch between the
 * region's SINGLE and FAMILY plans (an organisation: its plan's price), cancel at the period's end, or fix the card.
 * 422 redirect_not_allowed on return_path, 404 subscription_not_found, 503 payment_unavailable.
 */
export async function openCustomerPortal(
  ctx: AppContext,
  caller: Caller,
  returnPath: string | undefined,
): Promise<{ session_url: string }> {
  const path = sameSitePath(returnPath ?? '/app/my-bikes', ctx.config.publicUrl);
  if (!path) throw new AppError('redirect_not_allowed', 'return_path');
  const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.partyId, caller.actingPartyId));
  const [customer] = await ctx.db.select().from(paymentCustomers).where(eq(paymentCustomers.partyId, caller.actingPartyId));
  if (!subscription?.providerSubscriptionId || !customer) throw new AppError('subscription_not_found');

  const member = (await nafMemberNumberOf(ctx.db, caller.actingPartyId)) !== null;
  const plans: PlanType[] = subscription.planType === 'ORGANISATION' ? ['ORGANISATION'] : ['SINGLE', 'FAMILY'];
  const catalogue = await readCatalogue(ctx.db, await subscriptionRegion(ctx.db, caller));
  const entries = plans.flatMap((plan) => catalogue.filter((e) => e.code === PLAN_PRODUCT[plan]));
  return atProvider(ctx, 'portal session', async () => {
    const switchablePriceIds = await Promise.all(entries.map((entry) => recurringPriceId(ctx, entry, member)));
    const session = await ctx.payments.createPortalSession({
      customerId: customer.providerCustomerId,
      returnUrl: `${ctx.config.publicUrl}${path}`,
      switchablePriceIds,
    });
    return { session_url: session.url };
  });
}

/** POST /api/webshop/customer-session-for-pricing-table: a customer session for the provider's pricing table (the customer made when missing). */
export async function pricingTableSession(ctx: AppContext, caller: Caller): Promise<{ client_secret: string; expires_at: string }> {
  return atProvider(ctx, 'customer session', async () => {
    const session = await ctx.payments.createCustomerSession({ customerId: await customerOf(ctx, caller) });
    return { client_secret: session.clientSecret, expires_at: session.expiresAt.toISOString() };
  });
}
