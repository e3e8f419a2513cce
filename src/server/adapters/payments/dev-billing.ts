import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
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
  type Params,
  resourceMissing,
  type Shaped,
  str,
  url,
} from './dev-params.js';
import type { DevStore, Mutation } from './dev-store.js';

// The development payment provider's billing catalogue and portal: customers, products and prices (found by
// lookup key), the customer portal's configurations and sessions, customer sessions. Subscriptions and their
// invoices are in dev-subscriptions.ts.

function productObject(id: string, name: string, active: boolean) {
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
  interval: 'month' | 'year' | null;
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
    recurring: p.interval
      ? { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
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

function customerObject(p: { email: string | null; name: string | null; metadata: Record<string, string> }) {
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
export type CustomerObject = ReturnType<typeof customerObject>;

export async function insertCustomer(m: Mutation, p: Parameters<typeof customerObject>[0]) {
  const data = customerObject(p);
  await m.insert({ id: data.id, object: 'customer', status: 'active', data, internal: {} });
  return data;
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
    const productName =
      body.product_data === undefined ? null : str(obj(body.product_data, 'product_data').name, 'product_data[name]', 250);
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
