import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, orderLines, orders, shipments } from '../db/schema.js';
import { AppError } from '../http/errors.js';

// Capture and refunds (issue 12; the backoffice screens come with issue 14). A plate order's payment is only
// authorised at checkout and taken when the plates are dispatched (captureOrder). A refund gives the money
// back and takes back what was not used: unused credits of the order, shipments not yet sent. Credits already
// used to register a bike stay with it. A refund made in the provider's dashboard arrives as charge.refunded and
// does the same (fulfilment.ts).

/** Takes the authorised amount of a paid plate order. 409 order_not_capturable unless paid, authorised and not yet taken. */
export async function captureOrder(ctx: AppContext, orderId: string): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('order_not_found');
  if (order.status !== 'paid' || order.capturedAt || !order.providerPaymentIntentId) throw new AppError('order_not_capturable');
  const intent = await ctx.payments.capturePaymentIntent(order.providerPaymentIntentId);
  if (intent.status !== 'succeeded') throw new AppError('order_not_capturable');
  await ctx.db
    .update(orders)
    .set({ capturedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.capturedAt)));
}

/**
 * Refunds a paid order in full: a taken payment is refunded, an authorisation not yet taken is released. Then the
 * order's unused credits and unsent shipments are taken back and the order is refunded. 409 order_not_refundable
 * unless paid.
 */
export async function refundOrder(ctx: AppContext, orderId: string, alsoInTransaction?: (tx: Db) => Promise<void>): Promise<void> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('order_not_found');
  if (order.status !== 'paid' || !order.providerPaymentIntentId) throw new AppError('order_not_refundable');
  if (order.capturedAt) {
    await ctx.payments.createRefund({ paymentIntentId: order.providerPaymentIntentId, metadata: { order_id: order.id } });
  } else {
    await ctx.payments.cancelPaymentIntent(order.providerPaymentIntentId);
  }
  await ctx.db.transaction(async (tx) => {
    await revokeOrder(tx, order.id);
    // What the caller records of the refund (the staff's audit entry, the buyer's mail) commits with it.
    await alsoInTransaction?.(tx);
  });
}

/**
 * Takes back what a refunded order gave, once: unused credits, shipments not yet sent. Inside the caller's transaction.
 * `cancelled` for an order whose payment was only authorised and is released (nothing was taken, so nothing refunded).
 */
export async function revokeOrder(tx: Db, orderId: string, as: 'refunded' | 'cancelled' = 'refunded'): Promise<void> {
  const now = new Date();
  const [revoked] = await tx
    .update(orders)
    .set({ status: as, refundedAt: as === 'refunded' ? now : null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (!revoked) return;
  await tx.delete(bikeCredits).where(and(eq(bikeCredits.orderId, orderId), isNull(bikeCredits.bikeOwnershipId)));
  const lineIds = tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  await tx
    .update(shipments)
    .set({ status: 'cancelled' })
    .where(and(eq(shipments.status, 'ordered'), inArray(shipments.orderLineId, lineIds)));
}
