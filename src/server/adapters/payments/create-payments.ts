import type { Config } from '../../config.js';
import { noPayments, type PaymentsPort } from './port.js';
import { createStripePayments } from './stripe-adapter.js';

/** Payments as configured: Stripe, the development payment provider (same adapter, its own keys), or none. */
export function createPayments(config: Config): PaymentsPort {
  const payments = config.payments;
  if (payments.kind === 'none') return noPayments;
  return createStripePayments({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret });
}
