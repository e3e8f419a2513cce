import Stripe from 'stripe';
import { type PaymentEvent, type PaymentsPort, WEBHOOK_TOLERANCE_SECONDS } from './port.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
}

/** The payments port over the official Stripe SDK. */
export function createStripePayments(options: StripePaymentsOptions): PaymentsPort {
  const stripe = new Stripe(options.secretKey);
  return {
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

/** The parts of an event the app relies on, checked: a signed body need not be an event. */
function asEvent(value: unknown): PaymentEvent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const payload = value as Record<string, unknown>;
  const { id, type } = payload;
  if (typeof id !== 'string' || !/^evt_[A-Za-z0-9_]{1,200}$/.test(id)) return null;
  if (typeof type !== 'string' || type.length === 0 || type.length > 200) return null;
  return { id, type, payload };
}
