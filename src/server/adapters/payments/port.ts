// Payments (issue 12) go through one port. Its one implementation speaks Stripe's API with the official SDK
// (stripe-adapter.ts): to Stripe itself, or to the development payment provider the app serves under /dev-pay,
// which emulates the part of that API the adapter uses. So the same SDK calls run in every test.

/** Where the provider posts its webhook events (Stripe's endpoint setting; the development provider posts here itself). */
export const WEBHOOK_PATH = '/api/webshop/webhooks/stripe';

/** How many seconds a webhook's signature stays good (Stripe's default; older deliveries are refused as replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A verified webhook event: the provider's event id (evt_…), its type and the whole event as sent. */
export interface PaymentEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/** One line of a checkout: its name, price per unit in minor units (øre) including VAT, and quantity. */
export interface CheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
  /** For a subscription: how often the line is billed. */
  interval?: 'month' | 'year';
  /**
   * For a subscription: the provider's price (from ensureRecurringPrice) instead of an ad-hoc one, so the portal can
   * later switch between plans; name, unitAmount and interval must then be that price's.
   */
  priceId?: string;
}

export interface CheckoutSessionInput {
  mode: 'payment' | 'subscription';
  lines: readonly CheckoutLine[];
  currency: 'dkk' | 'nok';
  /**
   * `manual`: the payment is only authorised at checkout and captured later (plates: no money before dispatch).
   * A subscription is always `automatic`.
   */
  captureMethod: 'automatic' | 'manual';
  /** The party's customer at the provider (cus_…); a subscription checkout always names one, so the portal can open on it. */
  customerId?: string;
  /** When no customer is named: the address the provider sends its own mails to. */
  customerEmail?: string;
  /** The order's id, kept by the provider as the session's client_reference_id. */
  clientReferenceId?: string;
  /** Where the provider sends the customer after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session (and its payment or subscription), so the webhook events name the order. */
  metadata: Record<string, string>;
}

/** A checkout session as the provider reports it (the fields fulfilment reads). */
export interface CheckoutSession {
  id: string;
  /** The provider's hosted page the customer pays on; null once the session is over. */
  url: string | null;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  currency: string | null;
  amountTotal: number | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  clientReferenceId: string | null;
}

/** A payment intent as the provider reports it: requires_capture once a manual-capture payment is authorised. */
export interface PaymentIntent {
  id: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  currency: string;
  metadata: Record<string, string>;
}

/** A subscription as the provider reports it. The period end is read from its items, where the current API keeps it. */
export interface Subscription {
  id: string;
  customerId: string;
  status: 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';
  cancelAtPeriodEnd: boolean;
  /** The latest current_period_end of its items. */
  currentPeriodEnd: Date | null;
  /** The metadata given at checkout (subscription_data.metadata): names the order, party and plan. */
  metadata: Record<string, string>;
  items: { priceId: string; quantity: number; unitAmount: number | null; interval: 'month' | 'year' | null }[];
}

/** A price the provider keeps (a portal can only switch between prices it knows); found by its lookup key. */
export interface RecurringPriceInput {
  /** Ours, unique per product price: e.g. `subscription_family:dk:<product_price id>`. */
  lookupKey: string;
  productName: string;
  unitAmount: number;
  currency: 'dkk' | 'nok';
  interval: 'month' | 'year';
}

export interface PaymentsPort {
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** The session, or null when the provider knows no session by that id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** Ends an open session (the customer can no longer pay on it); a session already over is left as it is. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Makes a customer (cus_…) for a party; `metadata.party_id` names it. */
  createCustomer(input: { email: string; name?: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent | null>;
  /** Takes the authorised amount of a manual-capture payment (a plate order, when shipped). */
  capturePaymentIntent(id: string): Promise<PaymentIntent>;
  /** Releases an authorisation that will not be captured (an order cancelled before shipping). */
  cancelPaymentIntent(id: string): Promise<PaymentIntent>;
  /** Refunds a captured payment, whole or `amount` of it; answers the refund's id and status. */
  createRefund(input: {
    paymentIntentId: string;
    amount?: number;
    metadata?: Record<string, string>;
  }): Promise<{ id: string; status: string }>;
  retrieveSubscription(id: string): Promise<Subscription | null>;
  /** Finds or makes the recurring price with this lookup key; answers its id (price_…). */
  ensureRecurringPrice(input: RecurringPriceInput): Promise<string>;
  /**
   * The customer portal (cancel at period end, switch between `switchablePriceIds`): answers the URL to send the
   * customer to, which returns them to `returnUrl`.
   */
  createPortalSession(input: { customerId: string; returnUrl: string; switchablePriceIds: readonly string[] }): Promise<{ url: string }>;
  /** A customer session for the pricing table: answers its client secret. */
  createCustomerSession(input: { customerId: string }): Promise<{ clientSecret: string; expiresAt: Date }>;
  /**
   * The event of a webhook delivery, or null when the `Stripe-Signature` header does not sign exactly this raw
   * body with the webhook secret within the tolerance, or the body is no event.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

/** Thrown when there is no payment provider to ask. */
export class PaymentsUnavailableError extends Error {}

const unavailable = () => Promise.reject(new PaymentsUnavailableError('no payment provider is configured'));

/** No payment provider (production without Stripe): nothing can be bought, and no webhook is ever genuine. */
export const noPayments: PaymentsPort = {
  createCheckoutSession: unavailable,
  retrieveCheckoutSession: unavailable,
  expireCheckoutSession: unavailable,
  createCustomer: unavailable,
  retrievePaymentIntent: unavailable,
  capturePaymentIntent: unavailable,
  cancelPaymentIntent: unavailable,
  createRefund: unavailable,
  retrieveSubscription: unavailable,
  ensureRecurringPrice: unavailable,
  createPortalSession: unavailable,
  createCustomerSession: unavailable,
  verifyWebhook: () => null,
};
