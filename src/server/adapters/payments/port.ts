// Payments (issue 12) go through one port. Its one implementation speaks Stripe's API with the official SDK
// (stripe-adapter.ts): to Stripe itself, or to the development payment provider the app serves under /dev-pay,
// which emulates the part of that API the adapter uses. So the same SDK calls run in every test.

/** How many seconds a webhook's signature stays good (Stripe's default; older deliveries are refused as replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A verified webhook event: the provider's event id (evt_…), its type and the whole event as sent. */
export interface PaymentEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface PaymentsPort {
  /**
   * The event of a webhook delivery, or null when the `Stripe-Signature` header does not sign exactly this raw
   * body with the webhook secret within the tolerance, or the body is no event.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

/** No payment provider (production without Stripe): no webhook is ever genuine. */
export const noPayments: PaymentsPort = {
  verifyWebhook: () => null,
};
