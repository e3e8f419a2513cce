import { and, asc, eq, isNotNull, lt, lte, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { orders, subscriptions } from '../db/schema.js';
import { type OrderRow, readCheckoutFacts, settleOrder } from './fulfilment.js';
import { prepareSubscriptionCheck } from './subscription-events.js';

// Reconciliation (issue 12): a webhook can be lost (an outage, a misconfigured endpoint). Every instance asks the
// provider now and then about the orders still pending a few minutes after they were placed, and settles them
// through the same code as the events (paid or authorised: fulfilled once; expired: cancelled). The order page's
// poll may ask about its one order sooner (reconcileIfStale), at most once per order every few seconds. Subscriptions
// whose paid period has passed are asked about too (reconcileLapsedSubscriptions): a lost renewal must not lapse one.

/** The waiting page asks about its order this long after placing it, and then at most this often. */
const ORDER_PAGE_AFTER_MS = 5_000;
const ORDER_PAGE_EVERY_MS = 10_000;

/** Asks the provider about one order and settles it; nothing when the provider cannot be asked. */
export async function reconcileOrder(ctx: AppContext, order: OrderRow): Promise<void> {
  if (!order.providerSessionId) return;
  const facts = await readCheckoutFacts(ctx, order, order.providerSessionId);
  await ctx.db.transaction((tx) => settleOrder(ctx, tx, order.id, facts, null));
  await ctx.mailer.flush();
}

/**
 * Ends a pending order's checkout at the provider (the customer gave it up, or opened another) and settles the order
 * from what the provider then says: cancelled, or paid when the payment got there first. Anything else is left.
 */
export async function giveUpCheckout(ctx: AppContext, order: OrderRow): Promise<void> {
  if (order.status !== 'pending' || !order.providerSessionId) return;
  try {
    await ctx.payments.expireCheckoutSession(order.providerSessionId);
  } catch (err) {
    // Paid between the read and the expiry, or the provider out of reach: what the provider says next decides.
    ctx.log.info({ err, order: order.id }, 'checkout not expired');
  }
  await reconcileOrder(ctx, order).catch((err: unknown) => ctx.log.warn({ err, order: order.id }, 'order not reconciled'));
}

/** Reconciles the orders pending longer than config.reconcile.afterSeconds; answers how many were asked about. */
export async function reconcilePendingOrders(ctx: AppContext, now = new Date()): Promise<number> {
  const olderThan = new Date(now.getTime() - ctx.config.reconcile.afterSeconds * 1000);
  const pending = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, olderThan), isNotNull(orders.providerSessionId)))
    .orderBy(asc(orders.createdAt))
    .limit(100);
  for (const order of pending) {
    await reconcileOrder(ctx, order).catch((err: unknown) => ctx.log.warn({ err, order: order.id }, 'order not reconciled'));
  }
  return pending.length;
}

/**
 * Subscriptions whose paid period has passed while the provider had not ended them: a renewal (invoice.paid) or an
 * ending whose webhook was lost would otherwise leave a paying customer lapsed, or a cancelled one running. Each is
 * asked about and set to what the provider says now. Answers how many were asked about.
 */
export async function reconcileLapsedSubscriptions(ctx: AppContext, now = new Date()): Promise<number> {
  const lapsed = await ctx.db
    .select({ partyId: subscriptions.partyId, providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.providerSubscriptionId),
        lt(subscriptions.currentPeriodEnd, now),
        notInArray(subscriptions.providerStatus, ['canceled', 'incomplete_expired']),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(100);
  for (const row of lapsed) {
    if (!row.providerSubscriptionId) continue;
    try {
      const work = await prepareSubscriptionCheck(ctx, row.providerSubscriptionId, now);
      await ctx.db.transaction((tx) => work(tx));
      await ctx.mailer.flush();
    } catch (err) {
      ctx.log.warn({ err, party: row.partyId }, 'subscription not reconciled');
    }
  }
  return lapsed.length;
}

/** When each order was last asked about for its page (per instance; enough to keep a polling page cheap). */
const askedAt = new Map<string, number>();

/** The order page's poll: a pending order a few seconds old is asked about, at most once every few seconds. */
export async function reconcileIfStale(ctx: AppContext, order: OrderRow, now = Date.now()): Promise<boolean> {
  if (order.status !== 'pending' || !order.providerSessionId || now - order.createdAt.getTime() < ORDER_PAGE_AFTER_MS) return false;
  if (now - (askedAt.get(order.id) ?? 0) < ORDER_PAGE_EVERY_MS) return false;
  askedAt.set(order.id, now);
  if (askedAt.size > 10_000) {
    for (const [id, at] of askedAt) if (now - at >= ORDER_PAGE_EVERY_MS) askedAt.delete(id);
  }
  await reconcileOrder(ctx, order).catch((err: unknown) => ctx.log.warn({ err, order: order.id }, 'order not reconciled'));
  return true;
}

/** Starts the periodic reconciliation (onReady); answers the stop function (onClose), which waits for a run under way. */
export function startReconciliation(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= reconcilePendingOrders(ctx)
      .then(() => reconcileLapsedSubscriptions(ctx))
      .catch((err: unknown) => ctx.log.warn({ err }, 'reconciliation failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, ctx.config.reconcile.intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
