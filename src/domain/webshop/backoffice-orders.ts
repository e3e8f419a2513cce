import * as z from 'zod/mini';
import { normalisePlateId, parsePlateQr } from '../bikes/plate-id.js';
import { orderSchema } from './orders.js';

// The backoffice's orders (issue 14): the webshop's orders and the plate shipments staff send, filtered and paged on
// the server; one order's detail; shipping by typed (or scanned) plate IDs, delivered, refunds and cancellations.

/** A card payment authorised at checkout lapses at the provider after this many days (Stripe: 7 for online cards). */
export const AUTHORISATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** When an authorisation made at `authorisedAt` lapses, and the whole days left before it does (0 on its last day and after). */
export function authorisationOf(authorisedAt: Date, now: Date): { lapses_at: string; days_left: number; lapsed: boolean } {
  const lapsesAt = new Date(authorisedAt.getTime() + AUTHORISATION_DAYS * DAY_MS);
  const left = lapsesAt.getTime() - now.getTime();
  return { lapses_at: lapsesAt.toISOString(), days_left: Math.max(0, Math.floor(left / DAY_MS)), lapsed: left <= 0 };
}

/** What the list shows: plate shipments by their state (to ship, shipped, delivered), or orders by theirs. */
export const SHIPMENT_VIEWS = ['to_ship', 'shipped', 'delivered'] as const;
export const ORDER_VIEWS = ['all', 'pending', 'paid', 'refunded', 'cancelled', 'failed'] as const;
export const BACKOFFICE_ORDER_VIEWS = [...SHIPMENT_VIEWS, ...ORDER_VIEWS] as const;
export type BackofficeOrderView = (typeof BACKOFFICE_ORDER_VIEWS)[number];
export type ShipmentView = (typeof SHIPMENT_VIEWS)[number];
export const isShipmentView = (view: BackofficeOrderView): view is ShipmentView => (SHIPMENT_VIEWS as readonly string[]).includes(view);

export const BACKOFFICE_ORDERS_PAGE_SIZE = 25;

/** The page to show: a cursor from a page's next_cursor or previous_cursor (opaque; a bad one answers 400 page_cursor_invalid). */
const cursorSchema = z.optional(z.string().check(z.maxLength(1_000, { error: 'too_long' })));
/** Lists count their matches up to this many; past it the page says "1,000+". */
export const BACKOFFICE_ORDERS_COUNT_CAP = 1_000;
/** An order number (DK-000042, or its digits), the order's id, or the buyer's email; empty lists everything. */
const searchSchema = z._default(z.string().check(z.trim(), z.maxLength(254, { error: 'too_long' })), '');

export const backofficeOrdersQuerySchema = z.object({
  status: z._default(z.enum(ORDER_VIEWS, { error: 'field_invalid' }), 'all'),
  q: searchSchema,
  sort: z._default(z.enum(['newest', 'oldest'], { error: 'field_invalid' }), 'newest'),
  cursor: cursorSchema,
});
export const backofficeShipmentsQuerySchema = z.object({
  status: z._default(z.enum(SHIPMENT_VIEWS, { error: 'field_invalid' }), 'to_ship'),
  q: searchSchema,
  cursor: cursorSchema,
});

const buyerSchema = z.object({
  party_id: z.string(),
  /** The person's email (for an organisation's order, the person who placed it); null once the account is gone. */
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
});

const authorisationSchema = z.object({ lapses_at: z.string(), days_left: z.number(), lapsed: z.boolean() });

export const backofficeOrderRowSchema = z.object({
  id: z.string(),
  status: orderSchema.shape.status,
  receipt_number: z.nullable(z.string()),
  buyer: buyerSchema,
  currency: orderSchema.shape.currency,
  gross_ore: z.number(),
  created_at: z.string(),
  payment_state: orderSchema.shape.payment.shape.state,
  /** Plates in the order, and how many of its shipments wait to be sent. */
  plates: z.number(),
  shipments_waiting: z.number(),
});
export type BackofficeOrderRow = z.infer<typeof backofficeOrderRowSchema>;

/**
 * A page: `total` counts the matches up to BACKOFFICE_ORDERS_COUNT_CAP (`total_capped`: there are more); `position` is how
 * many come before the page; the cursors lead to the next and the previous page (null at the ends).
 */
const pageShape = {
  total: z.number(),
  total_capped: z.boolean(),
  position: z.number(),
  next_cursor: z.nullable(z.string()),
  previous_cursor: z.nullable(z.string()),
};

export const backofficeOrdersAnswerSchema = z.object({ items: z.array(backofficeOrderRowSchema), ...pageShape });

export const shipmentRowSchema = z.object({
  id: z.string(),
  status: z.enum(['ordered', 'shipped', 'delivered', 'cancelled']),
  /** An order's plate line, or an insurance policy's plates (no payment). */
  kind: z.enum(['order', 'policy']),
  order_id: z.nullable(z.string()),
  receipt_number: z.nullable(z.string()),
  policy_number: z.nullable(z.string()),
  insurer_name: z.nullable(z.string()),
  buyer: buyerSchema,
  /** How many plates go in the envelope. */
  quantity: z.number(),
  address: z.object({ name: z.string(), address: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  plate_ids: z.array(z.string()),
  created_at: z.string(),
  shipped_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  /** An order's card authorisation while it is not yet taken; null for a policy's plates or a payment already taken. */
  authorisation: z.nullable(authorisationSchema),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;

export const shipmentsAnswerSchema = z.object({ items: z.array(shipmentRowSchema), ...pageShape });

export const backofficeOrderDetailSchema = z.object({
  order: orderSchema,
  buyer: buyerSchema,
  /** The payment as the provider reports it now; null when it has none or could not be asked (provider_error says so). */
  provider_payment: z.nullable(
    z.object({ id: z.string(), status: z.string(), amount: z.number(), amount_capturable: z.number(), amount_received: z.number() }),
  ),
  provider_error: z.boolean(),
  authorisation: z.nullable(authorisationSchema),
  shipments: z.array(shipmentRowSchema),
  /** What staff may do now: refund a taken payment, cancel an order whose payment was only authorised. */
  can_refund: z.boolean(),
  can_cancel: z.boolean(),
});
export type BackofficeOrderDetail = z.infer<typeof backofficeOrderDetailSchema>;

/** A plate ID as typed, or as a scanner types its QR code (the sticker's address): the ID in its normal form. */
export function typedPlateId(text: string): string {
  return parsePlateQr(text) ?? normalisePlateId(text.trim());
}

const plateIdSchema = z.pipe(
  z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(1, { error: 'field_required' }), z.maxLength(300, { error: 'too_long' })),
  z.transform(typedPlateId),
);

export const shipBodySchema = z.object({
  plate_ids: z.array(plateIdSchema).check(z.minLength(1, { error: 'field_required' }), z.maxLength(100)),
});

export const plateForShipmentQuerySchema = z.object({ plate_id: plateIdSchema });
/** One typed plate checked against a shipment: ok, or the code of what is wrong with it and its text. */
export const plateForShipmentSchema = z.object({
  plate_id: z.string(),
  ok: z.boolean(),
  code: z.nullable(z.string()),
  message: z.string(),
});
export type PlateForShipment = z.infer<typeof plateForShipmentSchema>;

export const staffReasonSchema = z.object({
  reason: z
    .string({ error: 'field_required' })
    .check(z.trim(), z.minLength(3, { error: 'too_short' }), z.maxLength(500, { error: 'too_long' })),
});

export const shipmentParamsSchema = z.object({ shipmentId: z.string().check(z.maxLength(64)) });
