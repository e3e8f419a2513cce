import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { registerBillingApi } from './dev-billing.js';
import { registerCheckoutApi, registerCheckoutPages, settleDuePayments } from './dev-checkout.js';
import { FormError, parseStripeForm } from './dev-form.js';
import { languageOf, renderPayErrorPage, STYLESHEET } from './dev-pages.js';
import { type Params, resourceMissing, StripeApiError } from './dev-params.js';
import { registerPaymentIntentApi } from './dev-payment-intents.js';
import { registerPortalPages } from './dev-portal.js';
import { createDevStore } from './dev-store.js';

// The development payment provider (the embedded default, issue 12): served by the app under /dev-pay. It
// emulates the part of Stripe's REST API the adapter uses (/dev-pay/v1/…, form-encoded bodies, Bearer key,
// Stripe-shaped objects and errors), so the same SDK calls run here as against Stripe; its hosted pages let a
// tester pay, decline or abandon a checkout (dev-checkout.ts) and manage a subscription in the customer portal
// (dev-portal.ts); and it posts webhook events signed exactly as Stripe signs them to the product's webhook
// route (dev-store.ts). Outside production only, unless DEV_PAYMENT_PROVIDER=true; never with Stripe.

const DEV_PAY_PATH = '/dev-pay';

/** How often the provider looks for payments made later that are due to arrive. */
const SETTLE_SWEEP_MS = 5_000;

export interface DevPaymentProviderOptions {
  publicUrl: string;
  secretKey: string;
  webhookSecret: string;
  db: Db;
}

/** The objects GET /v1/{path}/{id} answers, by the path of their kind. */
const RETRIEVABLE: Readonly<Record<string, string>> = {
  '/checkout/sessions': 'checkout.session',
  '/customers': 'customer',
  '/products': 'product',
  '/prices': 'price',
  '/payment_intents': 'payment_intent',
  '/charges': 'charge',
  '/refunds': 'refund',
  '/subscriptions': 'subscription',
  '/invoices': 'invoice',
  '/billing_portal/configurations': 'billing_portal.configuration',
};

/** A request body (or query string) in Stripe's bracket notation; FormError when it cannot be read. */
const paramsOf = (body: unknown): Params => parseStripeForm(typeof body === 'string' ? body : '');

/** Registers the provider's routes on `app` and answers the HTTP client the SDK reaches it with (in-process). */
export async function registerDevPaymentProvider(app: FastifyInstance, options: DevPaymentProviderOptions) {
  const store = createDevStore(app, options.db, options.webhookSecret);
  const expectedAuth = Buffer.from(`Bearer ${options.secretKey}`);
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
        done(null, String(body)),
      );

      scope.get('/assets/style.css', async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
      );

      // The API (the SDK's requests): Bearer key, form bodies, Stripe's objects and errors.
      await scope.register(
        async (api) => {
          api.addHook('onRequest', async (request, reply) => {
            if (!authorised(request.headers.authorization)) {
              return reply.code(401).send(new StripeApiError(401, 'Invalid API Key provided').body());
            }
          });
          api.setErrorHandler((error: FastifyError, request, reply) => {
            if (error instanceof StripeApiError) return reply.code(error.status).send(error.body());
            if (error instanceof FormError) return reply.code(400).send(new StripeApiError(400, error.message).body());
            if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
              return reply.code(error.statusCode).send(new StripeApiError(error.statusCode, error.message).body());
            }
            request.log.error({ err: error }, 'dev payment provider: unhandled error');
            return reply.code(500).send({ error: { type: 'api_error', message: 'An unknown error occurred' } });
          });
          api.setNotFoundHandler((request, reply) =>
            reply.code(404).send(new StripeApiError(404, `Unrecognized request URL (${request.method}: ${request.url}).`).body()),
          );
          for (const [path, object] of Object.entries(RETRIEVABLE)) {
            api.get<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
              const row = await store.get(request.params.id, object);
              if (!row) throw resourceMissing(object, request.params.id);
              return row.data;
            });
          }
          registerCheckoutApi(api, store, options.publicUrl, paramsOf);
          registerPaymentIntentApi(api, store, paramsOf);
          registerBillingApi(api, store, options.publicUrl, paramsOf);
        },
        { prefix: '/v1' },
      );

      // The hosted pages a tester uses: an unknown object answers the "does not exist" page, an action its state
      // no longer allows (a second press, a second tab) the "already over" one.
      await scope.register(async (pages) => {
        pages.setErrorHandler((error: FastifyError, request, reply) => {
          if (!(error instanceof StripeApiError)) throw error;
          const portal = request.url.startsWith(`${DEV_PAY_PATH}/portal/`);
          const missing = error.status === 404;
          return html(
            reply,
            missing ? 404 : 409,
            renderPayErrorPage(languageOf(request), portal ? (missing ? 'portalMissing' : 'portalOver') : missing ? 'missing' : 'over'),
          );
        });
        registerCheckoutPages(pages, store, html);
        registerPortalPages(pages, store, html);
      });
    },
    { prefix: DEV_PAY_PATH },
  );

  // Payments made later arrive by themselves when their time comes (settleDuePayments), checked every few seconds.
  const sweep = setInterval(() => {
    settleDuePayments(store).catch((err: unknown) => app.log.warn({ err }, 'dev payment provider: payments not settled'));
  }, SETTLE_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /** The SDK's requests reach the provider in-process (the server need not be listening, nor reach its own PUBLIC_URL). */
  const fetchInProcess = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${DEV_PAY_PATH}${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(res.body, { status: res.statusCode, headers });
  };
  return { httpClient: Stripe.createFetchHttpClient(fetchInProcess) };
}
