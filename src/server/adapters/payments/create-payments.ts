import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { registerDevPaymentProvider } from './dev-provider.js';
import { noPayments, type PaymentsPort } from './port.js';
import { createStripePayments } from './stripe-adapter.js';

/**
 * Payments as configured: Stripe; or the development payment provider, which is mounted on `app` here under
 * /dev-pay and reached by the same adapter through the SDK's host, port and protocol; or none.
 */
export async function createPayments(app: FastifyInstance, config: Config, db: Db): Promise<PaymentsPort> {
  const payments = config.payments;
  if (payments.kind === 'none') return noPayments;
  if (payments.kind === 'stripe') return createStripePayments({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret });
  const { httpClient } = await registerDevPaymentProvider(app, {
    publicUrl: config.publicUrl,
    secretKey: payments.secretKey,
    webhookSecret: payments.webhookSecret,
    db,
  });
  const url = new URL(config.publicUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return createStripePayments({
    secretKey: payments.secretKey,
    webhookSecret: payments.webhookSecret,
    endpoint: { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol, httpClient },
  });
}
