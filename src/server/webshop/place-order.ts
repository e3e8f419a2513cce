import { eq } from 'drizzle-orm';
import type { PricedOrder } from '../../domain/webshop/pricing.js';
import { PaymentsUnavailableError } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import { identities, orderLines, orders, paymentCustomers } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError } from '../http/errors.js';

// Placing an order (issue 12): the one way an order is written and its checkout opened, for one-time orders and
// subscriptions alike. The order and its lines are written first (pending), at the prices the server worked out;
// then the provider's checkout session is made, naming the order in its metadata, so every webhook event about it
// leads back here. Nothing is granted here: fulfilment follows the provider's events (fulfilment.ts).

export interface PlaceOrderInput {
  /** §2 /checkout/{orderFamily}: what it was ordered through (registration, plates, subscription, organisation, naf …). */
  family: string;
  priced: PricedOrder;
  /** The bike a registration is bought for, already checked to be the caller's. */
  bikeId?: string | null;
  /** The verified NAF number the member prices in `priced` were given for. */
  nafMemberNumber?: string | null;
  /** Subscriptions: the provider's recurring price of each line (ensureRecurringPrice), so the portal can switch plans. */
  recurringPriceIds?: readonly string[];
  /** Product names as the customer reads them on the provider's page (in the caller's language), by product code. */
  lineNames: Readonly<Record<string, string>>;
  /** Where the provider sends the customer back: paths on this site; `{ORDER_ID}` is replaced by the order's id. */
  successPath: string;
  cancelPath: string;
}

export interface PlacedOrder {
  orderId: string;
  checkoutUrl: string;
}

/** The party's customer at the provider, made on first use (for a person: their email). */
export async function customerOf(ctx: AppContext, caller: Caller): Promise<string> {
  const [known] = await ctx.db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.partyId, caller.actingPartyId));
  if (known) return known.id;
  const [identity] = await ctx.db
    .select({ first: identities.firstName, last: identities.lastName })
    .from(identities)
    .where(eq(identities.partyId, caller.partyId));
  const name = [identity?.first, identity?.last].filter(Boolean).join(' ');
  const created = await ctx.payments.createCustomer({
    email: caller.email,
    ...(name ? { name } : {}),
    metadata: { party_id: caller.actingPartyId },
  });
  // Two first checkouts at once: the first customer stored wins, the other stays unused at the provider.
  await ctx.db.insert(paymentCustomers).values({ partyId: caller.actingPartyId, providerCustomerId: created.id }).onConflictDoNothing();
  const [stored] = await ctx.db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.partyId, caller.actingPartyId));
  return stored?.id ?? created.id;
}

/**
 * Writes the order (pending) and opens its checkout at the provider. 503 payment_unavailable when the provider
 * cannot be reached or refuses; the order is then marked failed and nothing is charged.
 */
export async function placeOrder(ctx: AppContext, caller: Caller, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { priced } = input;
  // Plates are goods: Danish consumer rules allow no money to be taken before dispatch, so the payment is only
  // authorised now and captured when the plates are shipped. Everything else is delivered at once.
  const captureMethod = priced.kind === 'one_time' && priced.lines.some((l) => l.product === 'extra_plate') ? 'manual' : 'automatic';
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        partyId: caller.actingPartyId,
        placedByPartyId: caller.partyId,
        family: input.family,
        kind: priced.kind,
        planType: priced.planType,
        region: priced.region,
        currency: priced.currency,
        grossOre: priced.grossOre,
        vatOre: priced.vatOre,
        netOre: priced.netOre,
        bikeId: input.bikeId ?? null,
        nafMemberNumber: input.nafMemberNumber ?? null,
        captureMethod,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not written');
    await tx.insert(orderLines).values(
      priced.lines.map((line, position) => ({
        orderId: order.id,
        position,
        productCode: line.product,
        productPriceId: line.priceId,
        quantity: line.quantity,
        unitAmountOre: line.unitAmountOre,
        vatRatePercent: line.vatRatePercent,
        memberDiscountPercent: line.memberDiscountPercent,
        grossOre: line.grossOre,
        vatOre: line.vatOre,
        netOre: line.netOre,
      })),
    );
    return order.id;
  });

  const address = (path: string) => `${ctx.config.publicUrl}${path.replaceAll('{ORDER_ID}', orderId)}`;
  try {
    // A subscription names the party's customer (the portal opens on it); a one-time payment needs none, only the
    // address the provider sends its own payment confirmation to.
    const customer = priced.kind === 'subscription' ? { customerId: await customerOf(ctx, caller) } : { customerEmail: caller.email };
    const session = await ctx.payments.createCheckoutSession({
      mode: priced.kind === 'subscription' ? 'subscription' : 'payment',
      currency: priced.currency === 'DKK' ? 'dkk' : 'nok',
      captureMethod,
      ...customer,
      clientReferenceId: orderId,
      lines: priced.lines.map((line, i) => ({
        name: input.lineNames[line.product] ?? line.product,
        unitAmount: line.unitAmountOre,
        quantity: line.quantity,
        ...(priced.interval ? { interval: priced.interval } : {}),
        ...(input.recurringPriceIds?.[i] ? { priceId: input.recurringPriceIds[i] } : {}),
      })),
      successUrl: address(input.successPath),
      cancelUrl: address(input.cancelPath),
      metadata: { order_id: orderId, party_id: caller.actingPartyId, family: input.family },
    });
    if (!session.url) throw new PaymentsUnavailableError('the provider opened no checkout page');
    await ctx.db.update(orders).set({ providerSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, orderId));
    return { orderId, checkoutUrl: session.url };
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'checkout could not be opened');
    await ctx.db.update(orders).set({ status: 'failed', updatedAt: new Date() }).where(eq(orders.id, orderId));
    throw new AppError('payment_unavailable');
  }
}
