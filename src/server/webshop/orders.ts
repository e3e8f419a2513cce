import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Language, Region } from '../../domain/locale.js';
import type { ProductCode } from '../../domain/webshop/catalogue.js';
import {
  type BikeServices,
  formatReceiptNumber,
  ORDER_CONFIGS,
  ORDER_PROVIDERS,
  ORDERS_PAGE_SIZE,
  type OrderConfigId,
  type OrderQuote,
  type OrderView,
  type PlaceOrderBody,
  WITHDRAWAL_DAYS,
} from '../../domain/webshop/orders.js';
import { type PricedOrder, type PricedOrderLine, type PricingProblem, priceOrder } from '../../domain/webshop/pricing.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, identities, orderLines, orders, receipts, shipments } from '../db/schema.js';
import type { Caller } from '../http/auth.js';
import { AppError, AppInputError } from '../http/errors.js';
import { t } from '../i18n/index.js';
import { bikeOfCaller } from '../shared/bike-access.js';
import { readCatalogue } from './catalogue.js';
import type { OrderRow } from './fulfilment.js';
import { nafMemberNumberOf } from './naf.js';
import { placeOrder } from './place-order.js';
import { giveUpCheckout, reconcileIfStale } from './reconciliation.js';

// §7 Webshop orders: placing a one-time order (registrations, plates) and paying it at the provider, the quote a
// page shows before paying, my orders with their payment, receipt and shipments, and what can be bought for one
// of my bikes. Every price is the server's (pricing.ts over the catalogue); every call reaches only the orders of
// the party the caller acts as (anyone else's answer 404).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const productName = (language: Language, product: ProductCode) => t(language, `webshop:products.${product}.name`);

/** The caller's region (their profile's) when the body names none. */
async function regionOf(db: Db, caller: Caller): Promise<Region> {
  const [row] = await db.select({ region: identities.region }).from(identities).where(eq(identities.partyId, caller.partyId));
  return row?.region ?? 'dk';
}

/** Prices lines from the region's catalogue, or answers the first problem as a §8 field error at its place. */
async function priced(
  db: Db,
  region: Region,
  request: { currency?: PricedOrder['currency']; lines: readonly { product: string; quantity: number }[] },
  member: boolean,
  problemAt: (problem: PricingProblem) => (string | number)[] = (p) => p.loc,
): Promise<PricedOrder> {
  const result = priceOrder(await readCatalogue(db, region), { region, ...request }, { member });
  if (!result.ok) {
    const [problem] = result.problems;
    throw problem ? new AppInputError(problemAt(problem), problem.code) : new AppError('field_invalid');
  }
  return result.order;
}

/**
 * POST /webshop/orders/{provider}: a one-time order (registrations, plates) at the server's prices, and its
 * checkout at the provider. 404 payment_provider_unknown, 422 on the lines (pricing), 422 product_not_one_time for
 * a subscription, 404 bike_not_found for a bike_id that is not my current bike, 422 delivery_address_missing for
 * plates without an address in the profile, 503 payment_unavailable.
 */
export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  provider: string,
  body: PlaceOrderBody,
  language: Language,
): Promise<{ order: OrderView; checkout_url: string }> {
  if (!(ORDER_PROVIDERS as readonly string[]).includes(provider)) throw new AppError('payment_provider_unknown');
  const region = body.region ?? (await regionOf(ctx.db, caller));
  const nafNumber = await nafMemberNumberOf(ctx.db, caller.actingPartyId);
  const order = await priced(
    ctx.db,
    region,
    { ...(body.currency ? { currency: body.currency } : {}), lines: body.lines },
    nafNumber !== null,
  );
  if (order.kind !== 'one_time') throw new AppInputError(['body', 'lines', 0, 'product'], 'product_not_one_time');
  if (body.bike_id) await bikeOfCaller(ctx.db, caller, body.bike_id);
  if (order.lines.some((l) => l.product === 'extra_plate')) await requireDeliveryAddress(ctx.db, caller);
  const placed = await placeOrder(ctx, caller, {
    family: body.family,
    priced: order,
    bikeId: body.bike_id ?? null,
    nafMemberNumber: order.lines.some((l) => l.memberDiscountPercent !== null) ? nafNumber : null,
    lineNames: Object.fromEntries(order.lines.map((l) => [l.product, productName(language, l.product)])),
    successPath: '/purchase-complete-redirect?order_id={ORDER_ID}',
    cancelPath: '/purchase-failed?order_id={ORDER_ID}',
  });
  return { order: await orderView(ctx.db, await orderRow(ctx.db, caller, placed.orderId), language), checkout_url: placed.checkoutUrl };
}

/** Plates go by mail to the address in the profile of the person ordering: 422 delivery_address_missing without one. */
async function requireDeliveryAddress(db: Db, caller: Caller): Promise<void> {
  const [person] = await db
    .select({ street: identities.street, zipCode: identities.zipCode, city: identities.city })
    .from(identities)
    .where(eq(identities.partyId, caller.partyId));
  if (!person?.street || !person.zipCode || !person.city) throw new AppError('delivery_address_missing');
}

/** A priced or ordered line as the calls answer it. */
function lineView(
  language: Language,
  l: Pick<
    PricedOrderLine,
    'product' | 'quantity' | 'unitAmountOre' | 'vatRatePercent' | 'vatOre' | 'grossOre' | 'netOre' | 'memberDiscountPercent'
  >,
) {
  return {
    product: l.product,
    name: productName(language, l.product),
    quantity: l.quantity,
    unit_amount_ore: l.unitAmountOre,
    vat_rate_percent: l.vatRatePercent,
    vat_amount_ore: l.vatOre,
    gross_ore: l.grossOre,
    net_ore: l.netOre,
    member_discount_percent: l.memberDiscountPercent,
  };
}

/**
 * POST /webshop/orders/initiations?config_id=…: the quote of a preset, priced like an order and written nowhere.
 * quantity counts the preset's plates (or an organisation's bikes); 422 on quantity when out of range.
 */
export async function quoteOrder(
  ctx: AppContext,
  caller: Caller,
  configId: OrderConfigId,
  body: { quantity?: number | undefined; region?: Region | undefined } | null | undefined,
  language: Language,
): Promise<OrderQuote> {
  const config = ORDER_CONFIGS[configId];
  const region = body?.region ?? (await regionOf(ctx.db, caller));
  const lines = config.products.map((product) => ({ product, quantity: product === config.counted ? (body?.quantity ?? 1) : 1 }));
  const member = (await nafMemberNumberOf(ctx.db, caller.actingPartyId)) !== null;
  // The body names no lines: a problem with a quantity is the body's quantity, any other the config's.
  const order = await priced(ctx.db, region, { lines }, member, (p) =>
    p.code === 'quantity_invalid' ? ['body', 'quantity'] : ['querystring', 'config_id'],
  );
  return {
    config_id: configId,
    region,
    currency: order.currency,
    kind: order.kind,
    lines: order.lines.map((l) => lineView(language, l)),
    gross_ore: order.grossOre,
    vat_ore: order.vatOre,
    net_ore: order.netOre,
    interval: order.interval,
    member_discount_applied: order.lines.some((l) => l.memberDiscountPercent !== null),
    withdrawal_days: WITHDRAWAL_DAYS,
  };
}

/** One of the caller's orders (the acting party's); 404 order_not_found for anyone else's. */
async function orderRow(db: Db, caller: Caller, orderId: string): Promise<OrderRow> {
  const [row] = UUID.test(orderId)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.partyId, caller.actingPartyId)))
    : [];
  if (!row) throw new AppError('order_not_found');
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Orders as the API shows them, with their lines, receipt and shipments (three queries for the page). */
export async function orderViews(db: Db, rows: readonly OrderRow[], language: Language): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position));
  const receiptRows = await db
    .select()
    .from(receipts)
    .where(and(inArray(receipts.orderId, ids), isNull(receipts.providerInvoiceId)));
  const shipmentRows = await db
    .select({ shipment: shipments, orderId: orderLines.orderId })
    .from(shipments)
    .innerJoin(orderLines, eq(orderLines.id, shipments.orderLineId))
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.position));
  return rows.map((order) => {
    const receipt = receiptRows.find((r) => r.orderId === order.id);
    return {
      id: order.id,
      status: order.status,
      family: order.family,
      kind: order.kind,
      plan_type: order.planType,
      region: order.region,
      currency: order.currency,
      bike_id: order.bikeId,
      lines: lines
        .filter((l) => l.orderId === order.id)
        // product_code is a foreign key to product.code.
        .map((l) => lineView(language, { ...l, product: l.productCode as ProductCode })),
      gross_ore: order.grossOre,
      vat_ore: order.vatOre,
      net_ore: order.netOre,
      created_at: order.createdAt.toISOString(),
      paid_at: iso(order.paidAt),
      payment: {
        state: order.refundedAt ? 'refunded' : order.capturedAt ? 'captured' : order.paidAt ? 'authorised' : 'none',
        captured_at: iso(order.capturedAt),
        refunded_at: iso(order.refundedAt),
      },
      receipt: receipt
        ? { id: receipt.id, number: formatReceiptNumber(receipt.series, receipt.number), issued_at: receipt.issuedAt.toISOString() }
        : null,
      shipments: shipmentRows
        .filter((s) => s.orderId === order.id)
        .map(({ shipment }) => ({
          status: shipment.status,
          plate_ids: shipment.plateIds,
          shipped_at: iso(shipment.shippedAt),
          delivered_at: iso(shipment.deliveredAt),
        })),
    };
  });
}

async function orderView(db: Db, row: OrderRow, language: Language): Promise<OrderView> {
  const [view] = await orderViews(db, [row], language);
  if (!view) throw new Error('order view missing');
  return view;
}

/** GET /webshop/orders/: the acting party's orders, newest first, a page at a time. */
export async function listOrders(ctx: AppContext, caller: Caller, offset: number, language: Language) {
  const mine = eq(orders.partyId, caller.actingPartyId);
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(mine);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset);
  const n = total?.n ?? 0;
  return {
    items: await orderViews(ctx.db, rows, language),
    total: n,
    next_offset: rows.length > 0 && offset + rows.length < n ? offset + rows.length : null,
  };
}

/** GET /webshop/orders/{orderId}: one of mine. Still pending a few seconds on, the provider is asked about it (a missed webhook). */
export async function getOrder(ctx: AppContext, caller: Caller, orderId: string, language: Language): Promise<OrderView> {
  let row = await orderRow(ctx.db, caller, orderId);
  if (await reconcileIfStale(ctx, row)) row = await orderRow(ctx.db, caller, orderId);
  return orderView(ctx.db, row, language);
}

/**
 * POST /webshop/orders/{orderId}/cancel: the customer came back from the checkout without paying (the page for a
 * payment that did not go through calls it). A pending order's checkout is ended at the provider, so it cannot be
 * paid later by mistake, and the order is settled from what the provider then says: cancelled, or paid after all
 * when the payment won the race. An order no longer pending is answered as it is.
 */
export async function cancelOrder(ctx: AppContext, caller: Caller, orderId: string, language: Language): Promise<OrderView> {
  await giveUpCheckout(ctx, await orderRow(ctx.db, caller, orderId));
  return orderView(ctx.db, await orderRow(ctx.db, caller, orderId), language);
}

/**
 * POST /webshop/bike-services/{id}: what can be bought for one of my bikes: a registration while its current
 * ownership has no credit, an extra plate always. 404 bike_not_found unless it is my current bike.
 */
export async function bikeServices(ctx: AppContext, caller: Caller, bikeId: string, language: Language): Promise<BikeServices> {
  const { ownership } = await bikeOfCaller(ctx.db, caller, bikeId);
  const [credit] = await ctx.db.select({ id: bikeCredits.id }).from(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, ownership.id));
  const wanted: ProductCode[] = credit ? ['extra_plate'] : ['registration', 'extra_plate'];
  const catalogue = await readCatalogue(ctx.db, await regionOf(ctx.db, caller));
  const products = catalogue
    .filter((entry) => wanted.includes(entry.code))
    .map((entry) => ({
      product: entry.code,
      name: productName(language, entry.code),
      currency: entry.currency,
      unit_amount_ore: entry.unitAmountOre,
    }));
  return { has_products: products.length > 0, products };
}
