import Stripe from 'stripe';
import {
  type CheckoutSession,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentsPort,
  type Subscription,
  WEBHOOK_TOLERANCE_SECONDS,
} from './port.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * Where the API is (the SDK's own options): unset for Stripe; the app itself for the development provider,
   * with an HTTP client that reaches it in-process.
   */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https'; httpClient: Stripe.HttpClient };
}

/** The payments port over the official Stripe SDK: the one way the product talks to a payment provider. */
export function createStripePayments(options: StripePaymentsOptions): PaymentsPort {
  const stripe = new Stripe(options.secretKey, {
    ...(options.endpoint ?? {}),
    // The SDK retries with an idempotency key of its own, so a retried create makes one session.
    maxNetworkRetries: 2,
    telemetry: false,
  });
  // One portal configuration per set of plans a customer may switch between (made once per process).
  const configurations = new Map<string, Promise<string>>();
  function portalConfiguration(priceIds: readonly string[]): Promise<string> {
    const key = [...priceIds].sort().join(',');
    let configuration = configurations.get(key);
    if (!configuration) {
      configuration = (async () => {
        const prices = await Promise.all(priceIds.map((id) => stripe.prices.retrieve(id)));
        const byProduct = new Map<string, string[]>();
        for (const price of prices) {
          const product = idOf(price.product) ?? '';
          byProduct.set(product, [...(byProduct.get(product) ?? []), price.id]);
        }
        const created = await stripe.billingPortal.configurations.create({
          features: {
            // Cancelling keeps the subscription to the end of the paid period.
            subscription_cancel: { enabled: true, mode: 'at_period_end' },
            subscription_update: {
              enabled: priceIds.length > 1,
              default_allowed_updates: ['price'],
              proration_behavior: 'create_prorations',
              products: [...byProduct].map(([product, ids]) => ({ product, prices: ids })),
            },
            invoice_history: { enabled: true },
            payment_method_update: { enabled: true },
          },
        });
        return created.id;
      })();
      configuration.catch(() => configurations.delete(key));
      configurations.set(key, configuration);
    }
    return configuration;
  }

  return {
    async createCheckoutSession(input) {
      if (input.mode === 'subscription' && input.captureMethod === 'manual') {
        throw new Error('a subscription cannot be captured manually');
      }
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        currency: input.currency,
        line_items: input.lines.map((line) =>
          line.priceId
            ? { quantity: line.quantity, price: line.priceId }
            : {
                quantity: line.quantity,
                price_data: {
                  currency: input.currency,
                  unit_amount: line.unitAmount,
                  // Prices are shown and charged including VAT (moms / MVA).
                  tax_behavior: 'inclusive' as const,
                  product_data: { name: line.name },
                  ...(line.interval ? { recurring: { interval: line.interval } } : {}),
                },
              },
        ),
        ...(input.customerId ? { customer: input.customerId } : input.customerEmail ? { customer_email: input.customerEmail } : {}),
        ...(input.clientReferenceId ? { client_reference_id: input.clientReferenceId } : {}),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        ...(input.mode === 'payment'
          ? { payment_intent_data: { capture_method: input.captureMethod, metadata: input.metadata } }
          : { subscription_data: { metadata: input.metadata } }),
      });
      return fromStripe(session);
    },

    async retrieveCheckoutSession(id) {
      try {
        return fromStripe(await stripe.checkout.sessions.retrieve(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async expireCheckoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return fromStripe(session.status === 'open' ? await stripe.checkout.sessions.expire(id) : session);
    },

    async createCustomer(input) {
      const customer = await stripe.customers.create({
        email: input.email,
        ...(input.name ? { name: input.name } : {}),
        metadata: input.metadata,
      });
      return { id: customer.id };
    },

    async retrievePaymentIntent(id) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async capturePaymentIntent(id) {
      return fromStripeIntent(await stripe.paymentIntents.capture(id));
    },

    async cancelPaymentIntent(id) {
      return fromStripeIntent(await stripe.paymentIntents.cancel(id));
    },

    async createRefund(input) {
      const refund = await stripe.refunds.create({
        payment_intent: input.paymentIntentId,
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      return { id: refund.id, status: refund.status ?? 'pending' };
    },

    async retrieveSubscription(id) {
      try {
        return fromStripeSubscription(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async ensureRecurringPrice(input) {
      const found = await stripe.prices.list({ lookup_keys: [input.lookupKey], active: true, limit: 1 });
      const existing = found.data[0];
      if (existing) return existing.id;
      const price = await stripe.prices.create({
        lookup_key: input.lookupKey,
        currency: input.currency,
        unit_amount: input.unitAmount,
        tax_behavior: 'inclusive',
        recurring: { interval: input.interval },
        product_data: { name: input.productName },
      });
      return price.id;
    },

    async createPortalSession(input) {
      const configuration = await portalConfiguration(input.switchablePriceIds);
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        configuration,
      });
      return { url: session.url };
    },

    async createCustomerSession(input) {
      const session = await stripe.customerSessions.create({
        customer: input.customerId,
        components: { pricing_table: { enabled: true } },
      });
      return { clientSecret: session.client_secret, expiresAt: new Date(session.expires_at * 1000) };
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) return null;
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        // A bad or stale signature (StripeSignatureVerificationError), or a signed body that is not JSON.
        return null;
      }
      return asEvent(event);
    },
  };
}

const isNotFound = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;

const idOf = (value: string | { id: string } | null): string | null => (value === null || typeof value === 'string' ? value : value.id);

/** A value the port names, or an error: a state Stripe adds later must be handled, not taken for another. */
function known<T extends string>(values: readonly T[], value: string, field: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new Error(`unknown checkout session ${field}: ${value}`);
}

function fromStripe(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    status: known(['open', 'complete', 'expired'] as const, session.status ?? 'open', 'status'),
    paymentStatus: known(['paid', 'unpaid', 'no_payment_required'] as const, session.payment_status, 'payment_status'),
    currency: session.currency,
    amountTotal: session.amount_total,
    metadata: session.metadata ?? {},
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    clientReferenceId: session.client_reference_id,
  };
}

function fromStripeIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    status: known(
      [
        'requires_payment_method',
        'requires_confirmation',
        'requires_action',
        'processing',
        'requires_capture',
        'canceled',
        'succeeded',
      ] as const,
      intent.status,
      'payment intent status',
    ),
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
  };
}

function intervalOf(interval: string | undefined): 'month' | 'year' | null {
  return interval === 'month' || interval === 'year' ? interval : null;
}

function fromStripeSubscription(subscription: Stripe.Subscription): Subscription {
  // The period is kept on each item (since the 2025-03-31 API); the subscription runs to its latest one.
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: known(
      ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const,
      subscription.status,
      'subscription status',
    ),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    metadata: subscription.metadata ?? {},
    items: subscription.items.data.map((item) => ({
      priceId: item.price.id,
      quantity: item.quantity ?? 1,
      unitAmount: item.price.unit_amount,
      interval: intervalOf(item.price.recurring?.interval),
    })),
  };
}

/** The parts of an event the app relies on, checked: a signed body need not be an event. */
function asEvent(value: unknown): PaymentEvent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const payload = value as Record<string, unknown>;
  const { id, type } = payload;
  if (typeof id !== 'string' || !/^evt_[A-Za-z0-9_]{1,200}$/.test(id)) return null;
  if (typeof type !== 'string' || type.length === 0 || type.length > 200) return null;
  return { id, type, payload };
}
