import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Language } from '../../domain/locale.js';
import {
  authorisationOf,
  BACKOFFICE_ORDERS_COUNT_CAP,
  BACKOFFICE_ORDERS_PAGE_SIZE,
  type BackofficeOrderDetail,
  type BackofficeOrderRow,
  type ORDER_VIEWS,
  type ShipmentRow,
  type ShipmentView,
} from '../../domain/webshop/backoffice-orders.js';
import { formatReceiptNumber } from '../../domain/webshop/orders.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { identities, insurancePolicies, orderLines, orders, organisations, receipts, shipments } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUuid } from '../shared/files/ids.js';
import { type KeysetOrder, type KeysetPage, keysetPage } from '../shared/keyset.js';
import { orderViews } from './orders.js';

// The backoffice's reads of orders (issue 14): the orders by status and the plate shipments by state, each searched,
// sorted and paged on the server, one order with what the provider says of its payment, one shipment. These live in
// the webshop area (not backoffice/) because they are the webshop's orders, read and changed with its own functions
// (orderViews, captureOrder, refundOrder, revokeOrder); the backoffice only gives them their staff routes.

type OrderStatusView = (typeof ORDER_VIEWS)[number];

const buyerIdentity = alias(identities, 'buyer_identity');

/** The person behind an order: who placed it, else the party it is for. */
const buyerJoin = (partyColumn: SQL) => eq(buyerIdentity.partyId, partyColumn);

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/**
 * What a search names: an order number (DK-000042, NO-7 or its digits: the receipt's), an order's id, or a buyer's
 * whole email. Answers the matching order ids or party ids; null when the search is empty.
 */
async function searchTerms(db: Db, q: string): Promise<{ orderIds: string[]; partyIds: string[] } | null> {
  if (q === '') return null;
  if (isUuid(q)) return { orderIds: [q.toLowerCase()], partyIds: [] };
  const number = /^(?:(DK|NO)[-\s]?)?0*(\d{1,9})$/i.exec(q);
  if (number?.[2]) {
    const series = number[1]?.toLowerCase() as 'dk' | 'no' | undefined;
    const rows = await db
      .select({ orderId: receipts.orderId })
      .from(receipts)
      .where(
        and(
          // Both series when none is named: two probes of receipt_series_number_unique, not a walk of it.
          inArray(receipts.series, series ? [series] : ['dk', 'no']),
          eq(receipts.number, Number(number[2])),
          isNull(receipts.providerInvoiceId),
        ),
      );
    return { orderIds: rows.flatMap((r) => (r.orderId ? [r.orderId] : [])), partyIds: [] };
  }
  const people = await db
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(sql`lower(${identities.email}) = ${q.toLowerCase()}`);
  return { orderIds: [], partyIds: people.map((p) => p.partyId) };
}

/** The orders a search finds, as a condition on webshop_order (false when it finds none). */
function orderMatch(terms: { orderIds: string[]; partyIds: string[] }): SQL {
  const parts = [
    terms.orderIds.length > 0 ? inArray(orders.id, terms.orderIds) : undefined,
    terms.partyIds.length > 0 ? inArray(orders.partyId, terms.partyIds) : undefined,
    terms.partyIds.length > 0 ? inArray(orders.placedByPartyId, terms.partyIds) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? (or(...parts) as SQL) : sql`false`;
}

/**
 * How many rows match, counted up to BACKOFFICE_ORDERS_COUNT_CAP (and whether there are more): at most that many index
 * entries are read, where counting every one of 100 000 orders on each page would cost more than the page.
 */
async function cappedCount(db: Db, table: typeof orders | typeof shipments, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(BACKOFFICE_ORDERS_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return { total: Math.min(n, BACKOFFICE_ORDERS_COUNT_CAP), total_capped: n > BACKOFFICE_ORDERS_COUNT_CAP };
}

/** The page's ids (a walk of the list's index from the cursor) and the count, at once. */
async function pageAndCount(
  db: Db,
  list: { table: typeof orders | typeof shipments; id: AnyPgColumn; where: SQL | undefined; order: KeysetOrder },
  cursor: string | undefined,
) {
  const [page, counted] = await Promise.all([
    keysetPage(db, { ...list, size: BACKOFFICE_ORDERS_PAGE_SIZE }, cursor),
    cappedCount(db, list.table, list.where),
  ]);
  return { page, counted };
}

const pageOf = <T>(items: T[], page: KeysetPage, counted: { total: number; total_capped: boolean }) => ({
  items,
  ...counted,
  position: page.position,
  next_cursor: page.next_cursor,
  previous_cursor: page.previous_cursor,
});

/**
 * The orders newest or oldest first, each matching an index: (created_at, id) for every order, (status, created_at, id)
 * for a status (webshop_order_created_idx, webshop_order_status_created_idx), walked forwards or backwards.
 */
const byCreated = (sort: 'newest' | 'oldest'): KeysetOrder => ({
  list: `orders:${sort}`,
  keys: [
    { sql: sql`${orders.createdAt}`, type: 'timestamptz' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
  direction: sort === 'newest' ? 'desc' : 'asc',
});

/** Rows fetched by id, put back in the order of the page's ids. */
function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** GET /backoffice/orders: orders of one status (or all), newest or oldest first, a page at a time. */
export async function listBackofficeOrders(
  ctx: AppContext,
  query: { status: OrderStatusView; q: string; sort: 'newest' | 'oldest'; cursor?: string | undefined },
) {
  const terms = await searchTerms(ctx.db, query.q);
  const where = and(query.status === 'all' ? undefined : eq(orders.status, query.status), terms ? orderMatch(terms) : undefined);
  // The page's ids first, from the index alone, then their details.
  const { page, counted } = await pageAndCount(ctx.db, { table: orders, id: orders.id, where, order: byCreated(query.sort) }, query.cursor);
  const ids = page.ids;
  if (ids.length === 0) return pageOf([], page, counted);
  const rows = await ctx.db
    .select({
      order: orders,
      series: receipts.series,
      number: receipts.number,
      email: buyerIdentity.email,
      firstName: buyerIdentity.firstName,
      lastName: buyerIdentity.lastName,
      plates: sql<number>`(select coalesce(sum(l.quantity), 0)::int from webshop_order_line l where l.order_id = ${orders.id} and l.product_code = 'extra_plate')`,
      waiting: sql<number>`(select count(*)::int from webshop_order_line l join shipment s on s.order_line_id = l.id where l.order_id = ${orders.id} and s.status = 'ordered')`,
    })
    .from(orders)
    .leftJoin(receipts, and(eq(receipts.orderId, orders.id), isNull(receipts.providerInvoiceId)))
    .leftJoin(buyerIdentity, buyerJoin(sql`coalesce(${orders.placedByPartyId}, ${orders.partyId})`))
    .where(inArray(orders.id, ids));
  const items = rows.map(
    (r): BackofficeOrderRow => ({
      id: r.order.id,
      status: r.order.status,
      receipt_number: r.series && r.number !== null ? formatReceiptNumber(r.series, r.number) : null,
      buyer: { party_id: r.order.partyId, email: r.email, name: nameOf(r.firstName, r.lastName) },
      currency: r.order.currency,
      gross_ore: r.order.grossOre,
      created_at: r.order.createdAt.toISOString(),
      payment_state: r.order.refundedAt ? 'refunded' : r.order.capturedAt ? 'captured' : r.order.paidAt ? 'authorised' : 'none',
      plates: r.plates,
      shipments_waiting: r.waiting,
    }),
  );
  return pageOf(inPageOrder(ids, items), page, counted);
}

const insurer = alias(organisations, 'insurer');
const SHIPMENT_STATUS: Record<ShipmentView, 'ordered' | 'shipped' | 'delivered'> = {
  to_ship: 'ordered',
  shipped: 'shipped',
  delivered: 'delivered',
};

/** Shipments with what staff need to send them: the order or policy, the buyer, how many plates, the authorisation. */
async function shipmentRows(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number): Promise<ShipmentRow[]> {
  const now = new Date();
  const rows = await db
    .select({
      shipment: shipments,
      quantity: orderLines.quantity,
      orderId: orders.id,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      capturedAt: orders.capturedAt,
      series: receipts.series,
      number: receipts.number,
      policyNumber: insurancePolicies.insurerPolicyId,
      policyBikes: insurancePolicies.numberOfBikes,
      insurerName: insurer.name,
      email: buyerIdentity.email,
      firstName: buyerIdentity.firstName,
      lastName: buyerIdentity.lastName,
    })
    .from(shipments)
    .leftJoin(orderLines, eq(orderLines.id, shipments.orderLineId))
    .leftJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(receipts, and(eq(receipts.orderId, orders.id), isNull(receipts.providerInvoiceId)))
    .leftJoin(insurancePolicies, eq(insurancePolicies.id, shipments.policyId))
    .leftJoin(insurer, eq(insurer.partyId, insurancePolicies.insurerPartyId))
    .leftJoin(buyerIdentity, buyerJoin(sql`coalesce(${orders.placedByPartyId}, ${shipments.partyId})`))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map((r) => {
    const s = r.shipment;
    const waitingForCapture = s.status === 'ordered' && r.orderStatus === 'paid' && r.paidAt !== null && r.capturedAt === null;
    return {
      id: s.id,
      status: s.status,
      kind: s.policyId ? 'policy' : 'order',
      order_id: r.orderId,
      receipt_number: r.series && r.number !== null ? formatReceiptNumber(r.series, r.number) : null,
      policy_number: r.policyNumber,
      insurer_name: r.insurerName,
      buyer: { party_id: s.partyId, email: r.email, name: nameOf(r.firstName, r.lastName) },
      quantity: r.quantity ?? r.policyBikes ?? 0,
      address: s.address as ShipmentRow['address'],
      plate_ids: s.plateIds,
      created_at: s.createdAt.toISOString(),
      shipped_at: s.shippedAt?.toISOString() ?? null,
      delivered_at: s.deliveredAt?.toISOString() ?? null,
      authorisation: waitingForCapture && r.paidAt ? authorisationOf(r.paidAt, now) : null,
    };
  });
}

/** A shipment's order, when it is an order's: via its plate line. */
const orderIdOfShipment = sql`(select l.order_id from webshop_order_line l where l.id = ${shipments.orderLineId})`;

/**
 * To ship: the oldest authorisation first (it lapses first), then what has no payment to take (insurance plates), oldest
 * first: shipment_to_ship_idx holds the same coalesce, so the page is a walk of it.
 */
const TO_SHIP_ORDER: KeysetOrder = {
  list: 'shipments:to_ship',
  keys: [
    { sql: sql`coalesce(${shipments.authorisedAt}, 'infinity'::timestamptz)`, type: 'timestamptz' },
    { sql: sql`${shipments.createdAt}`, type: 'timestamptz' },
    { sql: sql`${shipments.id}`, type: 'uuid' },
  ],
  direction: 'asc',
};
/** Sent and delivered: newest sent first (shipment_status_shipped_idx). */
const SENT_ORDER: KeysetOrder = {
  list: 'shipments:sent',
  keys: [
    { sql: sql`${shipments.shippedAt}`, type: 'timestamptz' },
    { sql: sql`${shipments.id}`, type: 'uuid' },
  ],
  direction: 'desc',
};

/**
 * GET /backoffice/shipments: plate shipments in one state. To ship: orders whose card authorisation lapses first at
 * the top (the oldest authorisations), then insurance plates owed under a policy, oldest first; sent ones newest first.
 */
export async function listShipments(ctx: AppContext, query: { status: ShipmentView; q: string; cursor?: string | undefined }) {
  const terms = await searchTerms(ctx.db, query.q);
  const match = terms
    ? or(
        terms.orderIds.length > 0 ? inArray(orderIdOfShipment, terms.orderIds) : undefined,
        terms.partyIds.length > 0 ? inArray(shipments.partyId, terms.partyIds) : undefined,
        sql`false`,
      )
    : undefined;
  const where = and(eq(shipments.status, SHIPMENT_STATUS[query.status]), match);
  const order = query.status === 'to_ship' ? TO_SHIP_ORDER : SENT_ORDER;
  const { page, counted } = await pageAndCount(ctx.db, { table: shipments, id: shipments.id, where, order }, query.cursor);
  if (page.ids.length === 0) return pageOf([], page, counted);
  const items = await shipmentRows(ctx.db, inArray(shipments.id, page.ids), [asc(shipments.id)], page.ids.length);
  return pageOf(inPageOrder(page.ids, items), page, counted);
}

/** One shipment, or 404 shipment_not_found. */
export async function readShipment(db: Db, shipmentId: string): Promise<ShipmentRow> {
  const [row] = isUuid(shipmentId) ? await shipmentRows(db, eq(shipments.id, shipmentId), [asc(shipments.id)], 1) : [];
  if (!row) throw new AppError('shipment_not_found');
  return row;
}

/** The order row, or 404 order_not_found. */
export async function orderById(db: Db, orderId: string) {
  const [row] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!row) throw new AppError('order_not_found');
  return row;
}

/** GET /backoffice/orders/{orderId}: the order, its buyer, what the provider says of its payment now, its shipments. */
export async function readBackofficeOrder(ctx: AppContext, orderId: string, language: Language): Promise<BackofficeOrderDetail> {
  const order = await orderById(ctx.db, orderId);
  const [view] = await orderViews(ctx.db, [order], language);
  if (!view) throw new Error('order view missing');
  const [person] = await ctx.db
    .select({ email: identities.email, firstName: identities.firstName, lastName: identities.lastName })
    .from(identities)
    .where(eq(identities.partyId, order.placedByPartyId ?? order.partyId));
  let providerPayment: BackofficeOrderDetail['provider_payment'] = null;
  let providerError = false;
  if (order.providerPaymentIntentId) {
    try {
      const intent = await ctx.payments.retrievePaymentIntent(order.providerPaymentIntentId);
      providerPayment = intent && {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        amount_capturable: intent.amountCapturable,
        amount_received: intent.amountReceived,
      };
    } catch (err) {
      ctx.log.warn({ err, order: order.id }, 'the payment provider could not be asked about an order');
      providerError = true;
    }
  }
  const authorised = order.status === 'paid' && order.paidAt !== null && order.capturedAt === null;
  return {
    order: view,
    buyer: { party_id: order.partyId, email: person?.email ?? null, name: nameOf(person?.firstName ?? null, person?.lastName ?? null) },
    provider_payment: providerPayment,
    provider_error: providerError,
    authorisation: authorised && order.paidAt ? authorisationOf(order.paidAt, new Date()) : null,
    shipments: await shipmentRows(ctx.db, sql`${orderIdOfShipment} = ${order.id}`, [asc(shipments.createdAt)], 100),
    can_refund: order.status === 'paid' && order.capturedAt !== null && order.providerPaymentIntentId !== null,
    can_cancel: authorised && order.providerPaymentIntentId !== null,
  };
}
