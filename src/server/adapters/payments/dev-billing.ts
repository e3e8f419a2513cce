import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Params } from './dev-params.js';
import {
  bool,
  currencyOf,
  int,
  invalid,
  list,
  listOf,
  metadataOf,
  newId,
  nowSeconds,
  obj,
  oneOf,
  optionalStr,
  resourceMissing,
  str,
  unexpectedState,
  url,
} from './dev-params.js';
import { type DevStore, type Mutation, previousAttributes, type Stored } from './dev-store.js';

// The development payment provider's billing: customers, products and prices (found by lookup key),
// subscriptions and their invoices, the customer portal's configurations and sessions, customer sessions.
// The subscription changes the portal page makes (dev-portal.ts) are here too, each posting Stripe's events.

/** The fields of a Stripe object the provider writes, checked against the SDK's own type of it. */
type Shaped<T> = T extends object ? { [K in keyof T]?: Shaped<T[K]> } : T;

type Interval = 'month' | 'year';

export function productObject(id: string, name: string, active: boolean) {
  const created = nowSeconds();
  return {
    id,
    object: 'product',
    active,
    created,
    updated: created,
    default_price: null,
    description: null,
    livemode: false,
    metadata: {},
    name,
    type: 'service',
  } satisfies Shaped<Stripe.Product>;
}
export type ProductObject = ReturnType<typeof productObject>;

function priceObject(p: {
  product: string;
  currency: string;
  unitAmount: number;
  interval: Interval | null;
  lookupKey: string | null;
  taxBehavior: 'inclusive' | 'exclusive' | 'unspecified';
  active: boolean;
}) {
  return {
    id: newId('price'),
    object: 'price',
    active: p.active,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: p.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: p.lookupKey,
    metadata: {},
    nickname: null,
    product: p.product,
    recurring: p.interval ? { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: p.taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: p.interval ? 'recurring' : 'one_time',
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
  } satisfies Shaped<Stripe.Price>;
}
export type PriceObject = ReturnType<typeof priceObject>;

/** A product and its one price (as Stripe makes for price_data or product_data). */
export async function insertPrice(m: Mutation, name: string, price: Omit<Parameters<typeof priceObject>[0], 'product'>) {
  const product = productObject(newId('prod'), name, price.active);
  await m.insert({ id: product.id, object: 'product', status: 'active', data: product, internal: {} });
  const data = priceObject({ ...price, product: product.id });
  await m.insert({ id: data.id, object: 'price', status: data.active ? 'active' : 'inactive', data, internal: {} });
  return data;
}

export function customerObject(p: { email: string | null; name: string | null; metadata: Record<string, string> }) {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: p.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: p.metadata,
    name: p.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Shaped<Stripe.Customer>;
}
type CustomerObject = ReturnType<typeof customerObject>;

export async function insertCustomer(m: Mutation, p: Parameters<typeof customerObject>[0]) {
  const data = customerObject(p);
  await m.insert({ id: data.id, object: 'customer', status: 'active', data, internal: {} });
  return data;
}

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

function portalConfigurationObject(features: ReturnType<typeof readFeatures>, metadata: Record<string, string>) {
  const created = nowSeconds();
  return {
    id: newId('bpc'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created,
    default_return_url: null,
    features,
    is_default: false,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata,
    name: null,
    updated: created,
  } satisfies Shaped<Stripe.BillingPortal.Configuration>;
}
export type PortalConfigurationObject = ReturnType<typeof portalConfigurationObject>;

/** The features the portal page implements, read as Stripe reads them (the prices must be recurring prices of their product). */
function readFeatures(body: Params) {
  const features = obj(body.features, 'features');
  const cancel = obj(features.subscription_cancel, 'features[subscription_cancel]');
  const update = obj(features.subscription_update, 'features[subscription_update]');
  const invoices = obj(features.invoice_history, 'features[invoice_history]');
  const paymentMethods = obj(features.payment_method_update, 'features[payment_method_update]');
  const products = list(update.products, 'features[subscription_update][products]', 10).map((raw, i) => {
    const param = `features[subscription_update][products][${i}]`;
    const product = obj(raw, param);
    return {
      product: str(product.product, `${param}[product]`, 100),
      prices: list(product.prices, `${param}[prices]`, 10).map((price, j) => str(price, `${param}[prices][${j}]`, 100)),
    };
  });
  const updates = list(update.default_allowed_updates, 'features[subscription_update][default_allowed_updates]', 3).map((value, i) =>
    oneOf(['price', 'quantity', 'promotion_code'] as const, value, `features[subscription_update][default_allowed_updates][${i}]`),
  );
  return {
    customer_update: { allowed_updates: [], enabled: false },
    invoice_history: { enabled: bool(invoices.enabled, 'features[invoice_history][enabled]') ?? false },
    payment_method_update: {
      enabled: bool(paymentMethods.enabled, 'features[payment_method_update][enabled]') ?? false,
      payment_method_configuration: null,
    },
    subscription_cancel: {
      cancellation_reason: { enabled: false, options: [] },
      enabled: bool(cancel.enabled, 'features[subscription_cancel][enabled]') ?? false,
      mode:
        cancel.mode === undefined
          ? ('at_period_end' as const)
          : oneOf(['at_period_end', 'immediately'] as const, cancel.mode, 'features[subscription_cancel][mode]'),
      proration_behavior: 'none',
    },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: updates,
      enabled: bool(update.enabled, 'features[subscription_update][enabled]') ?? false,
      products,
      proration_behavior:
        update.proration_behavior === undefined
          ? ('none' as const)
          : oneOf(
              ['always_invoice', 'create_prorations', 'none'] as const,
              update.proration_behavior,
              'features[subscription_update][proration_behavior]',
            ),
    },
  };
}

export function registerBillingApi(api: FastifyInstance, store: DevStore, publicUrl: string, paramsOf: (body: unknown) => Params) {
  api.post('/customers', async (request) => {
    const body = paramsOf(request.body);
    return store.mutate((m) =>
      insertCustomer(m, {
        email: optionalStr(body.email, 'email', 512),
        name: optionalStr(body.name, 'name', 256),
        metadata: metadataOf(body.metadata, 'metadata'),
      }),
    );
  });

  api.post('/prices', async (request) => {
    const body = paramsOf(request.body);
    const currency = currencyOf(body.currency, 'currency');
    const unitAmount = int(body.unit_amount, 'unit_amount', 0, 99_999_999);
    const recurring = obj(body.recurring, 'recurring');
    const interval = body.recurring === undefined ? null : oneOf(['month', 'year'] as const, recurring.interval, 'recurring[interval]');
    const lookupKey = optionalStr(body.lookup_key, 'lookup_key', 200);
    const taxBehavior =
      body.tax_behavior === undefined
        ? ('unspecified' as const)
        : oneOf(['inclusive', 'exclusive', 'unspecified'] as const, body.tax_behavior, 'tax_behavior');
    const productName = body.product_data === undefined ? null : str(obj(body.product_data, 'product_data').name, 'product_data[name]', 250);
    const productId = optionalStr(body.product, 'product', 100);
    if ((productName === null) === (productId === null)) throw invalid('product', 'Give one of product and product_data');
    return store.mutate(async (m) => {
      if (lookupKey && (await m.find<PriceObject>('price', 'lookup_key', lookupKey)).length > 0) {
        throw invalid('lookup_key', 'A price already uses that lookup key.');
      }
      const price = { currency, unitAmount, interval, lookupKey, taxBehavior, active: true };
      if (productName !== null) return insertPrice(m, productName, price);
      const product = await m.lock<ProductObject>(productId as string, 'product', 'product');
      const data = priceObject({ ...price, product: product.id });
      await m.insert({ id: data.id, object: 'price', status: 'active', data, internal: {} });
      return data;
    });
  });

  api.get('/prices', async (request) => {
    const query = paramsOf(new URL(request.url, 'http://x').search.slice(1));
    const keys = list(query.lookup_keys, 'lookup_keys', 10).map((key, i) => str(key, `lookup_keys[${i}]`, 200));
    const active = bool(query.active, 'active');
    const limit = query.limit === undefined ? 10 : int(query.limit, 'limit', 1, 100);
    const rows = (
      keys.length > 0
        ? (await Promise.all(keys.map((key) => store.find<PriceObject>('price', 'lookup_key', key)))).flat()
        : await store.find<PriceObject>('price')
    )
      .map((row) => row.data)
      .filter((price) => active === undefined || price.active === active)
      .reverse();
    return listOf(rows.slice(0, limit), '/v1/prices');
  });

  api.post('/billing_portal/configurations', async (request) => {
    const body = paramsOf(request.body);
    const features = readFeatures(body);
    const metadata = metadataOf(body.metadata, 'metadata');
    return store.mutate(async (m) => {
      for (const [i, entry] of features.subscription_update.products.entries()) {
        const param = `features[subscription_update][products][${i}]`;
        await m.lock(entry.product, 'product', `${param}[product]`);
        for (const [j, id] of entry.prices.entries()) {
          const price = await m.lock<PriceObject>(id, 'price', `${param}[prices][${j}]`);
          if (price.data.product !== entry.product || !price.data.recurring) {
            throw invalid(`${param}[prices][${j}]`, 'The price must be a recurring price of that product');
          }
        }
      }
      const data = portalConfigurationObject(features, metadata);
      await m.insert({ id: data.id, object: data.object, status: 'active', data, internal: {} });
      return data;
    });
  });

  api.post('/billing_portal/sessions', async (request) => {
    const body = paramsOf(request.body);
    const customer = str(body.customer, 'customer', 100);
    const configuration = optionalStr(body.configuration, 'configuration', 100);
    if (!configuration) throw invalid('configuration', 'The development provider has no default portal configuration: name one');
    const returnUrl = body.return_url === undefined ? null : url(body.return_url, 'return_url');
    return store.mutate(async (m) => {
      await m.lock(customer, 'customer', 'customer');
      await m.lock(configuration, 'billing_portal.configuration', 'configuration');
      const id = newId('bps');
      const data = {
        id,
        object: 'billing_portal.session',
        configuration,
        created: nowSeconds(),
        customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: returnUrl,
        url: `${publicUrl}/dev-pay/portal/${id}`,
      } satisfies Shaped<Stripe.BillingPortal.Session>;
      await m.insert({ id, object: data.object, status: 'active', data, internal: {} });
      return data;
    });
  });

  api.post('/customer_sessions', async (request) => {
    const body = paramsOf(request.body);
    const customer = str(body.customer, 'customer', 100);
    const table = obj(obj(body.components, 'components').pricing_table, 'components[pricing_table]');
    if (bool(table.enabled, 'components[pricing_table][enabled]') !== true) {
      throw invalid('components', 'Enable at least one component');
    }
    if (!(await store.get(customer, 'customer'))) throw resourceMissing('customer', customer, 'customer');
    const created = nowSeconds();
    return {
      object: 'customer_session',
      client_secret: `cuss_secret_${randomBytes(24).toString('hex')}`,
      components: { pricing_table: { enabled: true } },
      created,
      customer,
      expires_at: created + 30 * 60,
      livemode: false,
    } satisfies Shaped<Stripe.CustomerSession>;
  });
}
