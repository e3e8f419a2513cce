import type Stripe from 'stripe';
import type { CustomerObject, PriceObject, ProductObject } from './dev-billing.js';
import { invalid, newId, nowSeconds, type Shaped, unexpectedState } from './dev-params.js';
import { type Mutation, previousAttributes, type Stored } from './dev-store.js';

// The development payment provider's subscriptions: started at checkout, billed each period with an invoice,
// changed in the customer portal (dev-portal.ts): cancel at the period's end, switch plans, and the test
// controls that end a period now. Each change posts the events Stripe's would, the invoice's before the
// subscription's.

type Interval = 'month' | 'year';

/** `start` plus one interval, on the same day of the month where there is one (else the month's last day, as Stripe does). */
export function addInterval(start: number, interval: Interval): number {
  const date = new Date(start * 1000);
  const months = interval === 'month' ? 1 : 12;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

function subscriptionItem(subscription: string, price: PriceObject, quantity: number, start: number) {
  return {
    id: newId('si'),
    object: 'subscription_item',
    created: start,
    current_period_start: start,
    current_period_end: addInterval(start, price.recurring?.interval ?? 'month'),
    discounts: [],
    metadata: {},
    price,
    quantity,
    subscription,
    tax_rates: [],
  } satisfies Shaped<Stripe.SubscriptionItem>;
}
type SubscriptionItemObject = ReturnType<typeof subscriptionItem>;

function subscriptionObject(p: {
  customer: string;
  currency: string;
  items: { price: PriceObject; quantity: number }[];
  metadata: Record<string, string>;
  latestInvoice: string;
}) {
  const id = newId('sub');
  const start = nowSeconds();
  const items = p.items.map((item) => subscriptionItem(id, item.price, item.quantity, start));
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null as number | null,
    cancel_at_period_end: false as boolean,
    canceled_at: null as number | null,
    cancellation_details: { comment: null, feedback: null, reason: null as 'cancellation_requested' | null },
    collection_method: 'charge_automatically',
    created: start,
    currency: p.currency,
    customer: p.customer,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null as number | null,
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: p.latestInvoice,
    livemode: false,
    metadata: p.metadata,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'active' as 'active' | 'past_due' | 'canceled',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  } satisfies Shaped<Stripe.Subscription>;
}
export type SubscriptionObject = ReturnType<typeof subscriptionObject>;

/** An invoice of a subscription's current period: paid, or open after a failed attempt. */
function invoiceObject(p: {
  id: string;
  customer: CustomerObject;
  subscription: SubscriptionObject;
  billingReason: 'subscription_create' | 'subscription_cycle';
  paid: boolean;
  /** The period the invoice closes (Stripe's period_start/period_end: the previous period at a renewal). */
  periodStart: number;
  periodEnd: number;
  productNames: Record<string, string>;
}) {
  const created = nowSeconds();
  const lines = p.subscription.items.data.map((item: SubscriptionItemObject) => {
    const amount = (item.price.unit_amount ?? 0) * item.quantity;
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: p.subscription.currency,
      description: `${item.quantity} × ${p.productNames[item.price.product] ?? ''}`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: p.id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: p.subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: {
        type: 'price_details',
        price_details: { price: item.price.id, product: item.price.product },
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity: item.quantity,
      subtotal: amount,
    } satisfies Shaped<Stripe.InvoiceLineItem>;
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: p.id,
    object: 'invoice',
    amount_due: total,
    amount_paid: p.paid ? total : 0,
    amount_remaining: p.paid ? 0 : total,
    attempt_count: 1,
    attempted: true,
    billing_reason: p.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: p.subscription.currency,
    customer: p.customer.id,
    customer_email: p.customer.email,
    customer_name: p.customer.name,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${p.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: p.paid ? null : created + 3 * 24 * 3600,
    number: `${p.customer.invoice_prefix}-${String(p.customer.next_invoice_sequence).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: p.subscription.metadata, subscription: p.subscription.id },
    },
    period_end: p.periodEnd,
    period_start: p.periodStart,
    status: (p.paid ? 'paid' : 'open') as 'paid' | 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: p.paid ? created : null, voided_at: null },
    subtotal: total,
    total,
  } satisfies Shaped<Stripe.Invoice>;
}
export type InvoiceObject = ReturnType<typeof invoiceObject>;

/** Makes the invoice of a subscription's current period (numbered in the customer's sequence) and stores it. */
async function billPeriod(
  m: Mutation,
  subscription: SubscriptionObject,
  p: { id?: string; billingReason: 'subscription_create' | 'subscription_cycle'; paid: boolean; periodStart: number; periodEnd: number },
) {
  const customer = await m.lock<CustomerObject>(subscription.customer, 'customer');
  const productNames: Record<string, string> = {};
  for (const item of subscription.items.data) {
    productNames[item.price.product] = (await m.lock<ProductObject>(item.price.product, 'product')).data.name;
  }
  const invoice = invoiceObject({ id: p.id ?? newId('in'), customer: customer.data, subscription, productNames, ...p });
  await m.insert({ id: invoice.id, object: 'invoice', status: invoice.status, data: invoice, internal: {} });
  await m.save({ ...customer, data: { ...customer.data, next_invoice_sequence: customer.data.next_invoice_sequence + 1 } });
  return invoice;
}

/** Posts the events of an invoice's payment attempt. */
function emitInvoice(m: Mutation, invoice: InvoiceObject) {
  if (invoice.status === 'paid') {
    m.emit('invoice.paid', invoice);
    m.emit('invoice.payment_succeeded', invoice);
  } else m.emit('invoice.payment_failed', invoice);
}

/**
 * A subscription bought at checkout: active from now, its first invoice paid. The caller posts
 * checkout.session.completed first, then the events this answers to post (customer.subscription.created,
 * invoice.paid, invoice.payment_succeeded).
 */
export async function startSubscription(
  m: Mutation,
  p: { customer: string; currency: string; items: { price: PriceObject; quantity: number }[]; metadata: Record<string, string> },
) {
  const invoiceId = newId('in');
  const subscription = subscriptionObject({ ...p, latestInvoice: invoiceId });
  await m.insert({ id: subscription.id, object: 'subscription', status: subscription.status, data: subscription, internal: {} });
  const start = subscription.start_date;
  const invoice = await billPeriod(m, subscription, {
    id: invoiceId,
    billingReason: 'subscription_create',
    paid: true,
    periodStart: start,
    periodEnd: start,
  });
  return {
    subscription,
    emitEvents() {
      m.emit('customer.subscription.created', subscription);
      emitInvoice(m, invoice);
    },
  };
}

/** Saves a changed subscription and posts customer.subscription.updated (or .deleted) with what changed. */
async function saveSubscription(m: Mutation, row: Stored<SubscriptionObject>, next: SubscriptionObject, invoice?: InvoiceObject) {
  await m.save({ ...row, status: next.status, data: next });
  if (invoice) emitInvoice(m, invoice);
  if (next.status === 'canceled') m.emit('customer.subscription.deleted', next);
  else m.emit('customer.subscription.updated', next, previousAttributes(row.data, next));
}

const periodEndOf = (subscription: SubscriptionObject) => Math.max(...subscription.items.data.map((item) => item.current_period_end));

/** Cancel at the period's end (the portal's only cancellation), or take that back. No change, no event. */
export async function setCancelAtPeriodEnd(m: Mutation, row: Stored<SubscriptionObject>, cancel: boolean) {
  const subscription = row.data;
  if (subscription.status === 'canceled') throw unexpectedState('This subscription has ended.', 'subscription_unexpected_state');
  if (subscription.cancel_at_period_end === cancel) return;
  await saveSubscription(m, row, {
    ...subscription,
    cancel_at_period_end: cancel,
    cancel_at: cancel ? periodEndOf(subscription) : null,
    canceled_at: cancel ? nowSeconds() : null,
    cancellation_details: { ...subscription.cancellation_details, reason: cancel ? 'cancellation_requested' : null },
  });
}

/** Another plan: the items' price becomes `price` from now on (no proration invoice here). */
export async function switchPrice(m: Mutation, row: Stored<SubscriptionObject>, price: PriceObject) {
  const subscription = row.data;
  if (subscription.status === 'canceled') throw unexpectedState('This subscription has ended.', 'subscription_unexpected_state');
  if (price.currency !== subscription.currency || !price.recurring) throw invalid('price', 'The price does not fit this subscription');
  if (subscription.items.data.every((item) => item.price.id === price.id)) return;
  await saveSubscription(m, row, {
    ...subscription,
    items: { ...subscription.items, data: subscription.items.data.map((item) => ({ ...item, price })) },
  });
}

/**
 * The current period ends now, as if its end had come (a test control in place of waiting, like Stripe's test
 * clocks). Set to cancel at the period's end: the subscription ends (customer.subscription.deleted). Past due:
 * the open invoice is paid now and it is active again. Otherwise the next period (from the old end, one interval
 * long) is billed: paid (invoice.paid) or, with `fail`, not (invoice.payment_failed, past_due); then
 * customer.subscription.updated with the new period.
 */
export async function renewSubscription(m: Mutation, row: Stored<SubscriptionObject>, fail: boolean) {
  const subscription = row.data;
  const now = nowSeconds();
  if (subscription.status === 'canceled') throw unexpectedState('This subscription has ended.', 'subscription_unexpected_state');
  if (subscription.cancel_at_period_end) {
    if (fail) throw unexpectedState('This subscription ends at the period’s end: there is no renewal.', 'subscription_unexpected_state');
    return saveSubscription(m, row, { ...subscription, status: 'canceled', ended_at: periodEndOf(subscription) });
  }
  if (subscription.status === 'past_due') {
    if (fail) throw unexpectedState('The renewal has already failed.', 'subscription_unexpected_state');
    const open = await m.lock<InvoiceObject>(subscription.latest_invoice, 'invoice');
    const paid: InvoiceObject = {
      ...open.data,
      status: 'paid',
      amount_paid: open.data.amount_due,
      amount_remaining: 0,
      attempt_count: open.data.attempt_count + 1,
      next_payment_attempt: null,
      status_transitions: { ...open.data.status_transitions, paid_at: now },
    };
    await m.save({ ...open, status: paid.status, data: paid });
    return saveSubscription(m, row, { ...subscription, status: 'active' }, paid);
  }
  const previousStart = Math.min(...subscription.items.data.map((item) => item.current_period_start));
  const previousEnd = periodEndOf(subscription);
  const next: SubscriptionObject = {
    ...subscription,
    status: fail ? 'past_due' : 'active',
    items: {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: addInterval(item.current_period_end, item.price.recurring?.interval ?? 'month'),
      })),
    },
  };
  const invoice = await billPeriod(m, next, {
    billingReason: 'subscription_cycle',
    paid: !fail,
    periodStart: previousStart,
    periodEnd: previousEnd,
  });
  return saveSubscription(m, row, { ...next, latest_invoice: invoice.id }, invoice);
}
