import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ProductCode } from '../../domain/webshop/catalogue.js';
import type { CheckoutSession, PaymentEvent, PaymentIntent } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeOwnerships, identities, orderLines, orders, paymentEvents, shipments } from '../db/schema.js';
import { issueReceipt } from './receipts.js';
import { revokeOrder } from './refunds.js';
import { prepareSubscriptionEvent } from './subscription-events.js';

// Fulfilment (issue 12), driven only by the provider's webhook events (webhook.ts stores each once in
// payment_event). A worker works through the rows without processed_at: each in one transaction that claims the
// row (FOR UPDATE SKIP LOCKED, so instances share the work), applies it and sets processed_at; a failure counts
// an attempt and the row is tried again later, with back-off. An event is never trusted alone: the handler asks
// the provider for the session (and the payment) it is about, and acts on what the provider says now. What was
// bought is granted once per order: fulfilled_at is set by a conditional update of the locked order, in the
// transaction that grants, so duplicates, redeliveries and late or out-of-order events change nothing twice.

export type OrderRow = typeof orders.$inferSelect;

/** What the provider says about an order's checkout now. */
export interface CheckoutFacts {
  session: CheckoutSession | null;
  /** Read when the session alone does not tell: a payment only authorised (plates), or not paid yet. */
  intent: PaymentIntent | null;
}

type Outcome = 'paid' | 'authorised' | 'failed' | 'cancelled' | 'waiting';

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** Failed attempts before an event is left for staff (payment_event.last_error shows why). */
const MAX_ATTEMPTS = 12;
/** Back-off between attempts: 10 s, 30 s, 70 s … up to an hour. */
const RETRY_BASE_SECONDS = 10;
const RETRY_MAX_SECONDS = 3600;
/** The sweep that picks up what no kick did (another instance stored it, a retry came due). */
const SWEEP_SECONDS = 30;

/** Asks the provider about a checkout. The payment is read only when the session does not already say it is paid. */
export async function readCheckoutFacts(ctx: AppContext, order: OrderRow, sessionId: string): Promise<CheckoutFacts> {
  const session = await ctx.payments.retrieveCheckoutSession(sessionId);
  const needsIntent =
    session?.mode === 'payment' &&
    session.status === 'complete' &&
    session.paymentIntentId !== null &&
    (session.paymentStatus !== 'paid' || order.captureMethod === 'manual');
  const intent = needsIntent && session.paymentIntentId ? await ctx.payments.retrievePaymentIntent(session.paymentIntentId) : null;
  return { session, intent };
}

/** What the provider's answer means for the order; `eventType` only tells a failed asynchronous payment from one still under way. */
function outcomeOf(facts: CheckoutFacts, eventType: string | null): Outcome {
  const { session, intent } = facts;
  if (!session) return 'waiting';
  if (session.status === 'expired') return 'cancelled';
  if (session.status !== 'complete') return 'waiting';
  if (intent?.status === 'succeeded') return 'paid';
  if (intent?.status === 'requires_capture') return 'authorised';
  if (!intent && session.paymentStatus === 'paid') return 'paid';
  if (intent?.status === 'canceled' || eventType === 'checkout.session.async_payment_failed') return 'failed';
  return 'waiting';
}

/**
 * Applies what the provider says to the order, inside the caller's transaction: the order row is locked, so
 * concurrent deliveries about one order take turns, and only the first paid one grants.
 */
export async function settleOrder(ctx: AppContext, tx: Db, orderId: string, facts: CheckoutFacts, eventType: string | null) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return;
  const { session } = facts;
  // The session must be this order's: an event about another checkout never settles it.
  if (session && session.id !== order.providerSessionId && session.metadata.order_id !== order.id) return;
  const outcome = outcomeOf(facts, eventType);
  if (outcome === 'paid' || outcome === 'authorised') {
    await fulfilOrder(ctx, tx, order, facts, outcome);
  } else if (outcome === 'failed' || outcome === 'cancelled') {
    // Only a pending order ends so: one paid (or refunded) stays as it is whatever arrives late.
    await tx
      .update(orders)
      .set({ status: outcome, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  }
}

async function fulfilOrder(ctx: AppContext, tx: Db, order: OrderRow, facts: CheckoutFacts, outcome: 'paid' | 'authorised') {
  const now = new Date();
  const [won] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: now,
      fulfilledAt: now,
      capturedAt: outcome === 'paid' ? now : null,
      providerSessionId: facts.session?.id ?? order.providerSessionId,
      providerPaymentIntentId: facts.session?.paymentIntentId ?? null,
      providerSubscriptionId: facts.session?.subscriptionId ?? null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), isNull(orders.fulfilledAt)))
    .returning({ id: orders.id });
  if (!won) return;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  // A subscription's row and credits follow its own events (subscription-events.ts); its order is paid and receipted here.
  if (order.kind === 'one_time') {
    for (const line of lines) {
      if (line.productCode === 'registration') await grantRegistrations(tx, order, line.quantity);
      if (line.productCode === 'extra_plate') await orderShipment(tx, order, line.id, outcome === 'authorised' ? now : null);
    }
  }
  await issueReceipt(ctx, tx, {
    partyId: order.partyId,
    personPartyId: order.placedByPartyId,
    orderId: order.id,
    region: order.region,
    currency: order.currency,
    // product_code is a foreign key to product.code.
    lines: lines.map((l) => ({
      product: l.productCode as ProductCode,
      quantity: l.quantity,
      unitAmountOre: l.unitAmountOre,
      vatRatePercent: l.vatRatePercent,
    })),
    chargedOnDispatch: outcome === 'authorised',
  });
}

/** Credits for the registrations bought; one goes to the bike it was bought for, when that ownership still has none. */
async function grantRegistrations(tx: Db, order: OrderRow, quantity: number) {
  let ownershipId: string | null = null;
  if (order.bikeId) {
    const [ownership] = await tx
      .select({ id: bikeOwnerships.id, credit: bikeCredits.id })
      .from(bikeOwnerships)
      .leftJoin(bikeCredits, eq(bikeCredits.bikeOwnershipId, bikeOwnerships.id))
      .where(and(eq(bikeOwnerships.bikeId, order.bikeId), eq(bikeOwnerships.partyId, order.partyId), isNull(bikeOwnerships.endedAt)));
    if (ownership && !ownership.credit) ownershipId = ownership.id;
  }
  await tx.insert(bikeCredits).values(
    Array.from({ length: quantity }, (_, i) => ({
      partyId: order.partyId,
      source: 'purchase' as const,
      planType: 'SINGLE' as const,
      orderId: order.id,
      bikeOwnershipId: i === 0 ? ownershipId : null,
    })),
  );
}

/** A plate line is sent to the address in the profile of the person who ordered; `authorisedAt` while its payment waits to be taken. */
async function orderShipment(tx: Db, order: OrderRow, orderLineId: string, authorisedAt: Date | null) {
  const [person] = await tx
    .select()
    .from(identities)
    .where(eq(identities.partyId, order.placedByPartyId ?? order.partyId));
  const unit = [person?.floor, person?.side, person?.door].filter(Boolean).join(' ');
  await tx
    .insert(shipments)
    .values({
      orderLineId,
      partyId: order.partyId,
      authorisedAt,
      address: {
        name: [person?.firstName, person?.lastName].filter(Boolean).join(' '),
        address: [person?.street, unit].filter(Boolean).join(', '),
        postalCode: person?.zipCode ?? '',
        city: person?.city ?? '',
        country: order.region === 'no' ? 'NO' : 'DK',
      },
    })
    .onConflictDoNothing();
}

/** The order an event about a checkout session names: its metadata, its client reference, else the session's id. */
async function orderOfSession(db: Db, object: Record<string, unknown>): Promise<OrderRow | null> {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  for (const id of [metadata.order_id, object.client_reference_id]) {
    if (typeof id === 'string' && UUID.test(id)) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (order) return order;
    }
  }
  if (typeof object.id !== 'string') return null;
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, object.id));
  return order ?? null;
}

/**
 * Prepares an event: asks the provider what it needs to (outside any transaction: the development provider is
 * served by this process on the same database, which PGlite would make wait on the transaction) and answers the
 * work to do inside the event's transaction.
 */
async function prepare(ctx: AppContext, event: PaymentEvent): Promise<(tx: Db) => Promise<unknown>> {
  const object = ((event.payload.data as { object?: unknown } | undefined)?.object ?? {}) as Record<string, unknown>;
  if (SESSION_EVENTS.has(event.type)) {
    const order = await orderOfSession(ctx.db, object);
    if (!order) return async () => ctx.log.info({ event: event.id }, 'payment event about no order of ours');
    const facts = await readCheckoutFacts(ctx, order, order.providerSessionId ?? String(object.id));
    return (tx) => settleOrder(ctx, tx, order.id, facts, event.type);
  }
  if (event.type === 'charge.refunded') {
    // A refund made at the provider (its dashboard): in full, it takes back what was not used, like refundOrder.
    const intentId = typeof object.payment_intent === 'string' ? object.payment_intent : null;
    if (!intentId || object.refunded !== true) return async () => undefined;
    return async (tx) => {
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.providerPaymentIntentId, intentId));
      if (order) await revokeOrder(tx, order.id);
    };
  }
  const subscriptionWork = await prepareSubscriptionEvent(ctx, event);
  if (subscriptionWork) return subscriptionWork;
  // Any other type is of no interest: marked processed.
  return async () => undefined;
}

/** Applies one stored event, unless another worker has it or it is done; a failure counts an attempt. */
async function processEvent(ctx: AppContext, row: PaymentEvent): Promise<void> {
  try {
    const work = await prepare(ctx, row);
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.id, row.id), isNull(paymentEvents.processedAt)))
        .for('update', { skipLocked: true });
      if (!claimed) return;
      await work(tx);
      await tx.update(paymentEvents).set({ processedAt: new Date(), lastError: null }).where(eq(paymentEvents.id, row.id));
    });
    await ctx.mailer.flush();
  } catch (err) {
    ctx.log.warn({ err, event: row.id, type: row.type }, 'payment event not processed; it is tried again later');
    await ctx.db
      .update(paymentEvents)
      .set({ attempts: sql`${paymentEvents.attempts} + 1`, lastError: String(err instanceof Error ? err.message : err).slice(0, 1000) })
      .where(eq(paymentEvents.id, row.id));
  }
}

/** Works through every event that is due (new, or a retry whose back-off is over), oldest first; answers how many it tried. */
async function drain(ctx: AppContext, stopped: () => boolean): Promise<number> {
  let tried = 0;
  const seen = new Set<string>();
  while (!stopped()) {
    const due = await ctx.db
      .select({ id: paymentEvents.id, type: paymentEvents.type, payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(
        and(
          isNull(paymentEvents.processedAt),
          lte(paymentEvents.attempts, MAX_ATTEMPTS),
          sql`${paymentEvents.receivedAt} + least(${RETRY_BASE_SECONDS} * (power(2, ${paymentEvents.attempts}) - 1), ${RETRY_MAX_SECONDS}) * interval '1 second' <= now()`,
        ),
      )
      .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id))
      .limit(50);
    // An event that failed in this run waits for its back-off, not for the next loop.
    const fresh = due.filter((row) => !seen.has(row.id));
    if (fresh.length === 0) break;
    for (const row of fresh) {
      seen.add(row.id);
      await processEvent(ctx, { id: row.id, type: row.type, payload: row.payload as Record<string, unknown> });
      tried += 1;
    }
  }
  return tried;
}

interface WorkerState {
  /** The last run, queued or under way. */
  tail: Promise<unknown>;
  /** A run queued behind the one under way, not started yet: it will see every event stored until it starts. */
  queued: Promise<number> | null;
  stopped: boolean;
}
const workers = new WeakMap<AppContext, WorkerState>();

function workerOf(ctx: AppContext): WorkerState {
  let state = workers.get(ctx);
  if (!state) {
    state = { tail: Promise.resolve(), queued: null, stopped: false };
    workers.set(ctx, state);
  }
  return state;
}

/**
 * Processes every pending payment event, one run at a time per app: resolves when a run that started after this
 * call has finished (so every event stored before it has been tried). The webhook kicks it, the sweep calls it,
 * and tests await it.
 */
export function processPaymentEvents(ctx: AppContext): Promise<number> {
  const state = workerOf(ctx);
  if (state.queued) return state.queued;
  const run = state.tail.then(() => {
    state.queued = null;
    return drain(ctx, () => state.stopped);
  });
  state.queued = run;
  state.tail = run.catch((err: unknown) => ctx.log.warn({ err }, 'payment events run failed'));
  return run;
}

/** Starts the sweep (onReady) and answers the stop function (onClose), which waits for a run under way. */
export function startFulfilment(ctx: AppContext): () => Promise<void> {
  const state = workerOf(ctx);
  state.stopped = false;
  const sweep = () => void processPaymentEvents(ctx).catch(() => undefined);
  sweep();
  const timer = setInterval(sweep, SWEEP_SECONDS * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    state.stopped = true;
    await state.tail;
  };
}
