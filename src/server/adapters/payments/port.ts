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
  customerEmail?: string;
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
}

export interface PaymentsPort {
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** The session, or null when the provider knows no session by that id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /**
   * The event of a webhook delivery, or null when the `Stripe-Signature` header does not sign exactly this raw
   * body with the webhook secret within the tolerance, or the body is no event.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

/** Thrown when there is no payment provider to ask. */
export class PaymentsUnavailableError extends Error {}

/** No payment provider (production without Stripe): nothing can be bought, and no webhook is ever genuine. */
export const noPayments: PaymentsPort = {
  createCheckoutSession: () => Promise.reject(new PaymentsUnavailableError('no payment provider is configured')),
  retrieveCheckoutSession: () => Promise.reject(new PaymentsUnavailableError('no payment provider is configured')),
  verifyWebhook: () => null,
};
