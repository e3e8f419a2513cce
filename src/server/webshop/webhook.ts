import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { type PaymentEvent, WEBHOOK_PATH } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import { paymentEvents } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { processPaymentEvents } from './fulfilment.js';

// Issue 12: the payment provider's webhook, for Stripe and the development provider alike. Fulfilment is
// driven by these events, never by the return page: the route verifies the signature on the raw body,
// stores the event once under its id and answers at once; the fulfilment worker does the work from payment_event.

/** Stores a verified event once: a redelivery, or many at once, leave the one row. */
async function storeEvent(ctx: AppContext, event: PaymentEvent): Promise<void> {
  await ctx.db.insert(paymentEvents).values({ id: event.id, type: event.type, payload: event.payload }).onConflictDoNothing();
  // The fulfilment worker takes it from here (fulfilment.ts), after this answer: kicked now, swept periodically.
  void processPaymentEvents(ctx).catch(() => undefined);
}

export function paymentWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes sent, so this route (only: the parsers are scoped to this plugin)
    // reads any body as a Buffer instead of parsing it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      // Registered under /api.
      WEBHOOK_PATH.slice('/api'.length),
      {
        config: { access: 'public' },
        schema: {
          tags: ['webshop'],
          summary: 'Webhook of the payment provider (Stripe, or the development provider)',
          description:
            'Signed by the provider (Stripe-Signature on the raw body, 300 s tolerance); each event is stored once by its id. ' +
            '400 webhook_signature_invalid when unsigned, badly signed, stale or not an event.',
          headers: z.object({ 'stripe-signature': z.optional(z.string()) }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = ctx.payments.verifyWebhook(body, request.headers['stripe-signature']);
        if (!event) throw new AppError('webhook_signature_invalid');
        await storeEvent(ctx, event);
        return { received: true as const };
      },
    );
  };
}
