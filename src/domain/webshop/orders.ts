import * as z from 'zod/mini';
import { PLAN_TYPES } from '../bikes.js';
import { REGIONS, type Region } from '../locale.js';
import { BILLING_INTERVALS, CURRENCIES, PRODUCT_CODES, PRODUCT_KINDS, type ProductCode } from './catalogue.js';
import { orderTotals } from './money.js';

// Orders and receipts (issue 12, §7 Webshop): the contract of the order calls, the quotes a page shows before
// paying, and the receipt's rule (its VAT is the sum of its lines'). The server prices every order itself
// (pricing.ts); the client names products and quantities, nothing else it sends is read.

/** The card payment providers an order can be paid through (§7 POST /webshop/orders/{provider}). */
export const ORDER_PROVIDERS = ['stripe'] as const;

/** 14 days' right of withdrawal (the Danish and Norwegian consumer contracts acts), stated on every quote and receipt. */
export const WITHDRAWAL_DAYS = 14;

export const ORDERS_PAGE_SIZE = 20;

const uuidSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'field_invalid'));

/** POST /api/webshop/orders/{provider}: what to buy. Prices, totals and plans are worked out on the server. */
export const placeOrderSchema = z.object({
  /** What the page ordered through (§2 /checkout/{orderFamily}). */
  family: z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/, 'field_invalid')),
  region: z.optional(z.enum(REGIONS, { error: 'field_invalid' })),
  currency: z.optional(z.enum(CURRENCIES, { error: 'currency_invalid' })),
  lines: z
    .array(z.object({ product: z.string().check(z.maxLength(64)), quantity: z.number({ error: 'quantity_invalid' }) }))
    .check(z.maxLength(10)),
  /** A registration bought for one of my bikes: the credit is assigned to it when paid. */
  bike_id: z.optional(uuidSchema),
});
export type PlaceOrderBody = z.infer<typeof placeOrderSchema>;

/** The presets a page quotes (POST /api/webshop/orders/initiations?config_id=…). */
export const ORDER_CONFIG_IDS = [
  'registration',
  'extra_plate',
  'registration_and_plate',
  'subscription_single',
  'subscription_family',
  'subscription_organisation',
] as const;
export type OrderConfigId = (typeof ORDER_CONFIG_IDS)[number];

/** What each preset holds: its products, and which of them takes the body's quantity. */
export const ORDER_CONFIGS: Readonly<Record<OrderConfigId, { products: readonly ProductCode[]; counted: ProductCode | null }>> = {
  registration: { products: ['registration'], counted: null },
  extra_plate: { products: ['extra_plate'], counted: 'extra_plate' },
  registration_and_plate: { products: ['registration', 'extra_plate'], counted: 'extra_plate' },
  subscription_single: { products: ['subscription_single'], counted: null },
  subscription_family: { products: ['subscription_family'], counted: null },
  subscription_organisation: { products: ['subscription_organisation'], counted: 'subscription_organisation' },
};

export const orderInitiationQuerySchema = z.object({ config_id: z.enum(ORDER_CONFIG_IDS, { error: 'field_invalid' }) });
/** The body may be left out (Fastify then hands the validator null). */
export const orderInitiationSchema = z.nullish(
  z.object({
    /** Plates, or an organisation's bikes. */
    quantity: z.optional(z.number({ error: 'quantity_invalid' })),
    region: z.optional(z.enum(REGIONS, { error: 'field_invalid' })),
  }),
);

const quoteLineSchema = z.object({
  product: z.enum(PRODUCT_CODES),
  /** In the caller's language. */
  name: z.string(),
  quantity: z.number(),
  /** Per unit, including VAT (the member price where the discount applied). */
  unit_amount_ore: z.number(),
  vat_rate_percent: z.number(),
  /** The line's VAT, in øre. */
  vat_amount_ore: z.number(),
  gross_ore: z.number(),
  net_ore: z.number(),
  member_discount_percent: z.nullable(z.number()),
});

export const orderQuoteSchema = z.object({
  config_id: z.enum(ORDER_CONFIG_IDS),
  region: z.enum(REGIONS),
  currency: z.enum(CURRENCIES),
  kind: z.enum(PRODUCT_KINDS),
  lines: z.array(quoteLineSchema),
  gross_ore: z.number(),
  vat_ore: z.number(),
  net_ore: z.number(),
  /** Subscriptions: the total is per this interval (e.g. "total per year"). */
  interval: z.nullable(z.enum(BILLING_INTERVALS)),
  member_discount_applied: z.boolean(),
  withdrawal_days: z.literal(WITHDRAWAL_DAYS),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
/** none: not paid (yet); authorised: reserved, taken when the plates are dispatched; captured: taken. */
export const PAYMENT_STATES = ['none', 'authorised', 'captured', 'refunded'] as const;
export const SHIPMENT_STATUSES = ['ordered', 'shipped', 'delivered', 'cancelled'] as const;

export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  family: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  plan_type: z.nullable(z.enum(PLAN_TYPES)),
  region: z.enum(REGIONS),
  currency: z.enum(CURRENCIES),
  bike_id: z.nullable(z.string()),
  lines: z.array(quoteLineSchema),
  gross_ore: z.number(),
  vat_ore: z.number(),
  net_ore: z.number(),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  payment: z.object({ state: z.enum(PAYMENT_STATES), captured_at: z.nullable(z.string()), refunded_at: z.nullable(z.string()) }),
  receipt: z.nullable(z.object({ id: z.string(), number: z.string(), issued_at: z.string() })),
  shipments: z.array(
    z.object({
      status: z.enum(SHIPMENT_STATUSES),
      plate_ids: z.array(z.string()),
      shipped_at: z.nullable(z.string()),
      delivered_at: z.nullable(z.string()),
    }),
  ),
});
export type OrderView = z.infer<typeof orderSchema>;

export const placedOrderSchema = z.object({ order: orderSchema, checkout_url: z.string() });

export const ordersQuerySchema = z.object({
  offset: z._default(z.coerce.number({ error: 'field_invalid' }).check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
});
export const ordersAnswerSchema = z.object({ items: z.array(orderSchema), total: z.number(), next_offset: z.nullable(z.number()) });

export const orderParamsSchema = z.object({ orderId: z.string().check(z.maxLength(64)) });
export const receiptParamsSchema = z.object({ receiptId: z.string().check(z.maxLength(64)) });

/** POST /api/webshop/bike-services/{id}: what can be bought for one of my bikes. */
export const bikeServicesSchema = z.object({
  has_products: z.boolean(),
  products: z.array(
    z.object({ product: z.enum(PRODUCT_CODES), name: z.string(), currency: z.enum(CURRENCIES), unit_amount_ore: z.number() }),
  ),
});
export type BikeServices = z.infer<typeof bikeServicesSchema>;

/** A receipt's number as printed: the seller's series and six digits, e.g. DK-000042. */
export function formatReceiptNumber(series: Region, number: number): string {
  return `${series.toUpperCase()}-${String(number).padStart(6, '0')}`;
}

/** A line as a receipt prints it. */
export interface ReceiptLine {
  product: ProductCode | null;
  name: string;
  quantity: number;
  unitAmountOre: number;
  vatRatePercent: number;
  grossOre: number;
  vatOre: number;
  netOre: number;
}

/**
 * A receipt's lines and totals from what was sold (name, quantity, unit price incl. VAT, rate): each line's VAT
 * worked out once on its whole amount (money.ts), and the receipt's VAT the sum of its lines'.
 */
export function receiptOf(lines: readonly Omit<ReceiptLine, 'grossOre' | 'vatOre' | 'netOre'>[]): {
  lines: ReceiptLine[];
  grossOre: number;
  vatOre: number;
  netOre: number;
} {
  const totals = orderTotals(lines.map((l) => ({ unitGrossOre: l.unitAmountOre, quantity: l.quantity, vatRatePercent: l.vatRatePercent })));
  return {
    lines: lines.map((line, i) => ({ ...line, ...(totals.lines[i] ?? { grossOre: 0, vatOre: 0, netOre: 0 }) })),
    grossOre: totals.grossOre,
    vatOre: totals.vatOre,
    netOre: totals.netOre,
  };
}
