import { and, eq, isNull } from 'drizzle-orm';
import type { PlanType } from '../../domain/bikes.js';
import type { Language } from '../../domain/locale.js';
import { addsBikes, applyReport, PROVIDER_STATUSES, type ProviderStatus } from '../../domain/webshop/subscription.js';
import { composeMail } from '../adapters/mail/compose.js';
import type { PaymentEvent, Subscription } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { bikeCredits, bikeOwnerships, identities, orders, paymentCustomers, subscriptions } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { getFixedT } from '../i18n/index.js';
import { takeSubscriptionCredit } from './credits.js';
import { planOfPrice, storedSubscription } from './subscriptions.js';

// The subscription's events (issue 12): customer.subscription.created / updated / deleted, invoice.paid and
// invoice.payment_failed keep the party's subscription row and its credits true. Called by the fulfilment worker
// inside the event's transaction; answers whether it handled the event. The event only says which subscription
// changed: its state is read again from the provider (retrieveSubscription), and the domain's applyReport decides
// what that makes of the row (an event older than the last one applied changes nothing). The row is locked while
// the event applies, so the same event twice, or many at once, change it once.

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
/** An id the provider may send as a string or as the expanded object. */
const idOf = (value: unknown): string | null => text(value) ?? text(record(value).id);

/** The subscription an event is about: the subscription itself, or an invoice's (where the current API keeps it, or the older field). */
function subscriptionIdOf(type: string, object: Json): string | null {
  if (SUBSCRIPTION_EVENTS.has(type)) return text(object.id);
  return idOf(record(record(object.parent).subscription_details).subscription) ?? idOf(object.subscription);
}

/** The party a subscription is for, and the order that bought it: named in its metadata at checkout, else by its customer. */
async function ownerOf(tx: Db, subscription: Subscription): Promise<{ partyId: string; order: typeof orders.$inferSelect | null } | null> {
  const orderId = subscription.metadata.order_id;
  if (orderId && /^[0-9a-f-]{36}$/i.test(orderId)) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (order) return { partyId: order.partyId, order };
  }
  const [customer] = await tx
    .select({ partyId: paymentCustomers.partyId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.providerCustomerId, subscription.customerId));
  return customer ? { partyId: customer.partyId, order: null } : null;
}

function providerStatus(value: string): ProviderStatus {
  return (PROVIDER_STATUSES as readonly string[]).includes(value) ? (value as ProviderStatus) : 'incomplete';
}

export async function handleSubscriptionEvent(ctx: AppContext, tx: Db, event: PaymentEvent): Promise<boolean> {
  if (!SUBSCRIPTION_EVENTS.has(event.type) && !INVOICE_EVENTS.has(event.type)) return false;
  const object = record(record(event.payload.data).object);
  const subscriptionId = subscriptionIdOf(event.type, object);
  // An invoice of no subscription is not ours to handle.
  if (!subscriptionId) return !INVOICE_EVENTS.has(event.type);
  const reported = await ctx.payments.retrieveSubscription(subscriptionId);
  const owner = reported && (await ownerOf(tx, reported));
  if (!reported || !owner) {
    ctx.log.warn({ eventId: event.id, subscriptionId }, 'subscription event for an unknown subscription or party');
    return true;
  }
  const created = event.payload.created;
  const eventAt = typeof created === 'number' ? new Date(created * 1000) : new Date();
  let status = providerStatus(reported.status);
  // The failed invoice is the news, whether or not the subscription's own update has reached the provider's answer.
  if (event.type === 'invoice.payment_failed' && (status === 'active' || status === 'trialing')) status = 'past_due';
  const region = owner.order?.region ?? 'dk';
  const firstPrice = reported.items[0]?.priceId;
  const planType: PlanType = (firstPrice ? await planOfPrice(ctx, tx, region, firstPrice) : null) ?? owner.order?.planType ?? 'SINGLE';

  // The row exists and is locked from here on (a first event writes a placeholder that the outcome overwrites).
  const inserted = await tx.insert(subscriptions).values({ partyId: owner.partyId }).onConflictDoNothing().returning();
  const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.partyId, owner.partyId)).for('update');
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
    if (outcome.reason === 'other_subscription') {
      ctx.log.warn({ eventId: event.id, subscriptionId, partyId: owner.partyId }, 'a second open subscription for one party');
    }
    return true;
  }
  await tx
    .update(subscriptions)
    .set({ ...outcome.row, updatedAt: now })
    .where(eq(subscriptions.partyId, owner.partyId));
  if (outcome.paymentFailed) await mailPaymentFailed(ctx, tx, owner.partyId, owner.order?.placedByPartyId ?? null, planType);
  if (owner.order?.bikeId && addsBikes(outcome.row, now)) await putFirstBikeOn(tx, owner.partyId, owner.order.bikeId, now);
  return true;
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
