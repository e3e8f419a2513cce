import { and, eq, isNull } from 'drizzle-orm';
import type { PlanType } from '../../domain/bikes.js';
import type { Language } from '../../domain/locale.js';
import { REGION_CURRENCY } from '../../domain/webshop/catalogue.js';
import { addsBikes, applyReport, PROVIDER_STATUSES, type ProviderStatus } from '../../domain/webshop/subscription.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { PaymentEvent, Subscription } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeOwnerships, identities, orders, paymentCustomers, subscriptions } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { getFixedT } from '../i18n/index.js';
import { readCatalogue } from './catalogue.js';
import { takeSubscriptionCredit } from './credits.js';
import { issueReceipt } from './receipts.js';
import { PLAN_PRODUCT, planOfPrice, storedSubscription } from './subscriptions.js';

// The subscription's events (issue 12): customer.subscription.created / updated / deleted, invoice.paid and
// invoice.payment_failed keep the party's subscription row and its credits true. The event only says which
// subscription changed: prepareSubscriptionEvent reads its state from the provider (outside any transaction: the
// development provider answers from this process's database, which a PGlite transaction would hold), and answers the
// work the fulfilment worker runs inside the event's transaction. There the row is locked and the domain's
// applyReport decides what the report makes of it (an event older than the last one applied changes nothing), so the
// same event twice, or many at once, change it once. A paid renewal invoice gets its receipt (once per invoice).

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

type Json = Record<string, unknown>;
type OrderRow = typeof orders.$inferSelect;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
/** An id the provider may send as a string or as the expanded object. */
const idOf = (value: unknown): string | null => text(value) ?? text(record(value).id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subscription an event is about: the subscription itself, or an invoice's (where the current API keeps it, or the older field). */
function subscriptionIdOf(type: string, object: Json): string | null {
  if (SUBSCRIPTION_EVENTS.has(type)) return text(object.id);
  return idOf(record(record(object.parent).subscription_details).subscription) ?? idOf(object.subscription);
}

/** The order that bought the subscription, named in its metadata at checkout. */
async function orderOf(db: Db, subscription: Subscription): Promise<OrderRow | null> {
  const orderId = subscription.metadata.order_id;
  if (!orderId || !UUID.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The party a subscription is for: its order's, else its customer's. */
async function partyOf(tx: Db, order: OrderRow | null, subscription: Subscription): Promise<string | null> {
  if (order) return order.partyId;
  const [customer] = await tx
    .select({ partyId: paymentCustomers.partyId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.providerCustomerId, subscription.customerId));
  return customer?.partyId ?? null;
}

function providerStatus(value: string): ProviderStatus {
  return (PROVIDER_STATUSES as readonly string[]).includes(value) ? (value as ProviderStatus) : 'incomplete';
}

/** What a paid renewal invoice's receipt needs, read from the event's invoice. */
interface RenewalInvoice {
  id: string;
  lines: { quantity: number; unitAmountOre: number }[];
}

function renewalOf(type: string, invoice: Json): RenewalInvoice | null {
  const id = text(invoice.id);
  if (type !== 'invoice.paid' || invoice.billing_reason !== 'subscription_cycle' || !id) return null;
  const data = record(invoice.lines).data;
  const lines = (Array.isArray(data) ? data : []).flatMap((raw) => {
    const line = record(raw);
    const quantity = typeof line.quantity === 'number' && line.quantity > 0 ? line.quantity : 1;
    return typeof line.amount === 'number' ? [{ quantity, unitAmountOre: Math.round(line.amount / quantity) }] : [];
  });
  return { id, lines };
}

/**
 * Reads what a subscription or invoice event is about from the provider and answers the work to apply inside the
 * event's transaction; null for an event of another kind. Called by the fulfilment worker (fulfilment.ts).
 */
export async function prepareSubscriptionEvent(ctx: AppContext, event: PaymentEvent): Promise<((tx: Db) => Promise<void>) | null> {
  if (!SUBSCRIPTION_EVENTS.has(event.type) && !INVOICE_EVENTS.has(event.type)) return null;
  const object = record(record(event.payload.data).object);
  const subscriptionId = subscriptionIdOf(event.type, object);
  // An invoice of no subscription is not ours.
  if (!subscriptionId) return null;
  const created = event.payload.created;
  return prepareReport(ctx, {
    subscriptionId,
    source: event.id,
    eventAt: typeof created === 'number' ? new Date(created * 1000) : new Date(),
    renewal: renewalOf(event.type, object),
    paymentFailed: event.type === 'invoice.payment_failed',
  });
}

/**
 * Reconciliation (reconciliation.ts): what the provider says of a subscription now, applied as if it had just sent an
 * event about it (a renewal or cancellation whose webhook was lost). Answers the work to run in a transaction.
 */
export function prepareSubscriptionCheck(ctx: AppContext, subscriptionId: string, now: Date): Promise<(tx: Db) => Promise<void>> {
  return prepareReport(ctx, { subscriptionId, source: 'reconciliation', eventAt: now, renewal: null, paymentFailed: false });
}

async function prepareReport(
  ctx: AppContext,
  input: { subscriptionId: string; source: string; eventAt: Date; renewal: RenewalInvoice | null; paymentFailed: boolean },
): Promise<(tx: Db) => Promise<void>> {
  const { subscriptionId, renewal, eventAt } = input;
  const reported = await ctx.payments.retrieveSubscription(subscriptionId);
  if (!reported) {
    return async () =>
      ctx.log.warn({ source: input.source, subscriptionId }, 'subscription event about a subscription the provider does not know');
  }
  const order = await orderOf(ctx.db, reported);
  const region = order?.region ?? 'dk';
  const firstPrice = reported.items[0]?.priceId;
  const planType: PlanType = (firstPrice ? await planOfPrice(ctx, ctx.db, region, firstPrice) : null) ?? order?.planType ?? 'SINGLE';
  const vatRatePercent = (await readCatalogue(ctx.db, region)).find((e) => e.code === PLAN_PRODUCT[planType])?.vatRatePercent ?? 25;
  let status = providerStatus(reported.status);
  // The failed invoice is the news, whether or not the subscription's own update shows in the provider's answer yet.
  if (input.paymentFailed && (status === 'active' || status === 'trialing')) status = 'past_due';

  return async (tx) => {
    const partyId = await partyOf(tx, order, reported);
    if (!partyId) {
      ctx.log.warn({ source: input.source, subscriptionId }, 'subscription event for no party of ours');
      return;
    }
    if (renewal) {
      await issueReceipt(ctx, tx, {
        partyId,
        personPartyId: order?.placedByPartyId ?? null,
        orderId: order?.id ?? null,
        providerInvoiceId: renewal.id,
        region,
        currency: REGION_CURRENCY[region],
        lines: renewal.lines.map((line) => ({ product: PLAN_PRODUCT[planType], ...line, vatRatePercent })),
      });
    }
    // The row exists and is locked from here on (a first event writes a placeholder that the outcome overwrites).
    const inserted = await tx.insert(subscriptions).values({ partyId }).onConflictDoNothing().returning();
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.partyId, partyId)).for('update');
    const now = new Date();
    const outcome = applyReport(
      inserted.length > 0 || !locked ? null : storedSubscription(locked),
      {
        providerSubscriptionId: reported.id,
        providerStatus: status,
        planType,
        currentPeriodEnd: reported.currentPeriodEnd,
        cancelAtPeriodEnd: reported.cancelAtPeriodEnd,
        quantity: reported.items.reduce((sum, item) => sum + item.quantity, 0) || 1,
        eventAt,
      },
      now,
    );
    if (!outcome.apply) {
      if (outcome.reason === 'other_subscription')
        ctx.log.warn({ source: input.source, subscriptionId, partyId }, 'a second open subscription for one party');
      return;
    }
    await tx
      .update(subscriptions)
      .set({ ...outcome.row, updatedAt: now })
      .where(eq(subscriptions.partyId, partyId));
    if (outcome.paymentFailed) await mailPaymentFailed(ctx, tx, partyId, order?.placedByPartyId ?? null, planType);
    if (order?.bikeId && addsBikes(outcome.row, now)) await putFirstBikeOn(tx, partyId, order.bikeId, now);
  };
}

/** The bike named at checkout (already_activated_plate_id) goes on the subscription, if it is still the party's and has no credit. */
async function putFirstBikeOn(tx: Db, partyId: string, bikeId: string, now: Date): Promise<void> {
  const [ownership] = await tx
    .select({ id: bikeOwnerships.id, creditId: bikeCredits.id })
    .from(bikeOwnerships)
    .leftJoin(bikeCredits, eq(bikeCredits.bikeOwnershipId, bikeOwnerships.id))
    .where(and(eq(bikeOwnerships.bikeId, bikeId), eq(bikeOwnerships.partyId, partyId), isNull(bikeOwnerships.endedAt)));
  if (!ownership || ownership.creditId) return;
  try {
    await takeSubscriptionCredit(tx, partyId, ownership.id, now);
  } catch (err) {
    // Full already (a smaller plan chosen since): the bike waits for the owner to make room.
    if (!(err instanceof AppError)) throw err;
  }
}

/** To the owner (the person who bought it, for an organisation): the renewal failed, what that means and how to fix it. */
async function mailPaymentFailed(ctx: AppContext, tx: Db, partyId: string, buyerPartyId: string | null, planType: PlanType): Promise<void> {
  const [person] = await tx
    .select({ email: identities.email, language: identities.language })
    .from(identities)
    .where(eq(identities.partyId, buyerPartyId ?? partyId));
  if (!person) return;
  const language: Language = person.language;
  const t = getFixedT(language, 'mail', 'subscription');
  const plan = getFixedT(language, 'webshop', 'products')(`subscription_${planType.toLowerCase()}.name`);
  await ctx.mailer.enqueue(tx, {
    ...composeMail(language, {
      to: person.email,
      subject: t('paymentFailedSubject'),
      paragraphs: [t('paymentFailedBody', { plan }), t('paymentFailedMeaning'), t('paymentFailedFix')],
      action: { label: t('manageButton'), url: `${ctx.config.publicUrl}/app/my-bikes` },
    }),
    partyId,
  });
}
