import Stripe from 'stripe';
import { type CheckoutSession, type PaymentEvent, type PaymentsPort, WEBHOOK_TOLERANCE_SECONDS } from './port.js';

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
  return {
    async createCheckoutSession(input) {
      if (input.mode === 'subscription' && input.captureMethod === 'manual') {
        throw new Error('a subscription cannot be captured manually');
      }
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        currency: input.currency,
        line_items: input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: input.currency,
            unit_amount: line.unitAmount,
            // Prices are shown and charged including VAT (moms / MVA).
            tax_behavior: 'inclusive' as const,
            product_data: { name: line.name },
            ...(line.interval ? { recurring: { interval: line.interval } } : {}),
          },
        })),
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
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
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
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
