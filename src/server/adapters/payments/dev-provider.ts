import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { isLanguage, type Language, languageFromAcceptLanguage } from '../../../domain/locale.js';
import type { Db } from '../../db/client.js';
import { devPaymentObjects } from '../../db/schema.js';
import { FormError, type FormValue, parseStripeForm } from './dev-form.js';
import { type CheckoutPageLine, renderAwaitingPage, renderCheckoutPage, renderPayErrorPage, STYLESHEET } from './dev-pages.js';
import { WEBHOOK_PATH } from './port.js';

// The development payment provider (the embedded default, issue 12): served by the app under /dev-pay. It
// emulates the part of Stripe's REST API the adapter uses (/dev-pay/v1/…, form-encoded bodies, Bearer key,
// Stripe-shaped objects and errors), so the same SDK calls run here as against Stripe; its hosted checkout
// page lets a tester pay, decline or abandon; and it posts webhook events signed exactly as Stripe signs them
// to the product's webhook route. Outside production only, unless DEV_PAYMENT_PROVIDER=true; never with Stripe.

export const DEV_PAY_PATH = '/dev-pay';

export interface DevPaymentProviderOptions {
  publicUrl: string;
  secretKey: string;
  webhookSecret: string;
  db: Db;
}

/** The provider's own state of a session paid later whose payment has not yet succeeded or failed (its object says complete). */
const AWAITING_PAYMENT = 'awaiting_payment';

interface SessionInternal {
  lines: CheckoutPageLine[];
  captureMethod: 'automatic' | 'manual';
}

type SessionObject = Record<string, unknown> & { id: string; success_url: string; cancel_url: string | null };

/** A Stripe-shaped id: prefix and random letters and digits. */
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('hex')}`;

/** Stripe's error answer, which the SDK turns into its own error classes. */
function stripeError(reply: FastifyReply, status: number, message: string, param?: string, code?: string) {
  return reply
    .code(status)
    .send({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } });
}

class InvalidParam extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

const str = (value: FormValue | undefined, param: string, max = 5000): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw new InvalidParam(param, `Invalid ${param}`);
  return value;
};
const int = (value: FormValue | undefined, param: string, min: number, max: number): number => {
  const text = str(value, param, 12);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new InvalidParam(param, `Invalid integer: ${param}`);
  return Number(text);
};
const obj = (value: FormValue | undefined, param: string): Record<string, FormValue> => {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) throw new InvalidParam(param, `Invalid object: ${param}`);
  return value;
};
const url = (value: FormValue | undefined, param: string): string => {
  const text = str(value, param);
  if (!/^https?:\/\//.test(text) || !URL.canParse(text.replaceAll('{CHECKOUT_SESSION_ID}', 'x'))) {
    throw new InvalidParam(param, `Not a valid URL: ${param}`);
  }
  return text;
};
const metadataOf = (value: FormValue | undefined, param: string): Record<string, string> => {
  const entries = Object.entries(obj(value, param));
  if (entries.length > 50) throw new InvalidParam(param, 'Too many metadata keys');
  return Object.fromEntries(entries.map(([key, v]) => [key, str(v, `${param}[${key}]`, 500)]));
};

/** Reads a create-session body as Stripe would, for the parameters the adapter sends. */
function readSessionParams(body: Record<string, FormValue>) {
  const mode = str(body.mode, 'mode');
  if (mode !== 'payment' && mode !== 'subscription') throw new InvalidParam('mode', 'Invalid mode');
  const rawLines = body.line_items;
  if (!Array.isArray(rawLines) || rawLines.length === 0 || rawLines.length > 100)
    throw new InvalidParam('line_items', 'Invalid line_items');
  let currency = typeof body.currency === 'string' ? body.currency : undefined;
  const lines = rawLines.map((raw, i): CheckoutPageLine => {
    const param = `line_items[${i}]`;
    const line = obj(raw, param);
    const price = obj(line.price_data, `${param}[price_data]`);
    const lineCurrency = str(price.currency, `${param}[price_data][currency]`, 3);
    if (currency !== undefined && lineCurrency !== currency) throw new InvalidParam(`${param}[price_data][currency]`, 'Currencies differ');
    currency = lineCurrency;
    const recurring = obj(price.recurring, `${param}[price_data][recurring]`);
    const interval = recurring.interval === undefined ? undefined : str(recurring.interval, `${param}[price_data][recurring][interval]`);
    if (interval !== undefined && interval !== 'month' && interval !== 'year') {
      throw new InvalidParam(`${param}[price_data][recurring][interval]`, 'Invalid interval');
    }
    if ((mode === 'subscription') !== (interval !== undefined)) {
      throw new InvalidParam(`${param}[price_data][recurring]`, 'Recurring prices go with subscription mode, and only there');
    }
    return {
      name: str(obj(price.product_data, `${param}[price_data][product_data]`).name, `${param}[price_data][product_data][name]`, 250),
      unitAmount: int(price.unit_amount, `${param}[price_data][unit_amount]`, 0, 99_999_999),
      quantity: int(line.quantity, `${param}[quantity]`, 1, 999),
      ...(interval ? { interval } : {}),
    };
  });
  if (!currency || !/^[a-z]{3}$/.test(currency)) throw new InvalidParam('currency', 'Invalid currency');
  const intentData = obj(body.payment_intent_data, 'payment_intent_data');
  const captureMethod =
    intentData.capture_method === undefined ? 'automatic' : str(intentData.capture_method, 'payment_intent_data[capture_method]');
  if (captureMethod !== 'automatic' && captureMethod !== 'manual')
    throw new InvalidParam('payment_intent_data[capture_method]', 'Invalid capture_method');
  if (mode === 'subscription' && body.payment_intent_data !== undefined) {
    throw new InvalidParam('payment_intent_data', 'payment_intent_data can only be used in payment mode');
  }
  return {
    mode,
    currency,
    lines,
    captureMethod,
    customerEmail: body.customer_email === undefined ? null : str(body.customer_email, 'customer_email', 512),
    successUrl: url(body.success_url, 'success_url'),
    cancelUrl: body.cancel_url === undefined ? null : url(body.cancel_url, 'cancel_url'),
    metadata: metadataOf(body.metadata, 'metadata'),
  } as const;
}

/** The language of a hosted page: the app's language cookie, else the browser's languages. */
function languageOf(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
  return isLanguage(cookie) ? cookie : languageFromAcceptLanguage(request.headers['accept-language']);
}

/** Registers the provider's routes on `app` and answers the HTTP client the SDK reaches it with (in-process). */
export async function registerDevPaymentProvider(app: FastifyInstance, options: DevPaymentProviderOptions) {
  const { db } = options;
  const expectedAuth = Buffer.from(`Bearer ${options.secretKey}`);
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  };

  const load = async (id: string) => (await db.select().from(devPaymentObjects).where(eq(devPaymentObjects.id, id)))[0];

  /** Posts an event to the product's webhook route, signed as Stripe signs: t=<unix>,v1=<HMAC-SHA256 of "t.body">. */
  async function deliver(type: string, object: Record<string, unknown>) {
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: newId('evt_test'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = createHmac('sha256', options.webhookSecret).update(`${created}.${body}`).digest('hex');
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${created},v1=${signature}` },
      payload: body,
    });
    if (res.statusCode !== 200) app.log.warn({ type, status: res.statusCode }, 'dev payment provider: webhook not accepted');
  }

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
      scope.post('/v1/checkout/sessions', async (request, reply) => {
        if (!authorised(request.headers.authorization)) return stripeError(reply, 401, 'Invalid API Key provided');
        let params: ReturnType<typeof readSessionParams>;
        try {
          params = readSessionParams(parseStripeForm(typeof request.body === 'string' ? request.body : ''));
        } catch (err) {
          if (err instanceof InvalidParam) return stripeError(reply, 400, err.message, err.param, 'parameter_invalid');
          if (err instanceof FormError) return stripeError(reply, 400, err.message);
          throw err;
        }
        const id = newId('cs_test');
        const created = Math.floor(Date.now() / 1000);
        const amount = params.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
        const session: SessionObject = {
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          currency: params.currency,
          amount_subtotal: amount,
          amount_total: amount,
          customer_email: params.customerEmail,
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
          metadata: params.metadata,
          url: `${options.publicUrl}${DEV_PAY_PATH}/checkout/${id}`,
          created,
          expires_at: created + 24 * 3600,
          livemode: false,
          payment_intent: null,
          subscription: null,
        };
        const internal: SessionInternal = { lines: params.lines, captureMethod: params.captureMethod };
        await db.insert(devPaymentObjects).values({ id, object: 'checkout.session', status: 'open', data: session, internal });
        return reply.send(session);
      });

      scope.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
        if (!authorised(request.headers.authorization)) return stripeError(reply, 401, 'Invalid API Key provided');
        const row = await load(request.params.id);
        if (row?.object !== 'checkout.session') {
          return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, 'session', 'resource_missing');
        }
        return reply.send(row.data);
      });

      // The hosted checkout page a tester pays on.
      const html = (reply: FastifyReply, status: number, body: string) =>
        reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

      scope.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
        const row = await load(request.params.id);
        if (row?.object !== 'checkout.session') return html(reply, 404, renderPayErrorPage(languageOf(request), 'missing'));
        const language = languageOf(request);
        // Paid later: the page now lets the tester decide how the payment ends.
        if (row.status === AWAITING_PAYMENT) return html(reply, 200, renderAwaitingPage(row.id, language));
        if (row.status !== 'open') return html(reply, 409, renderPayErrorPage(language, 'over'));
        const session = row.data as SessionObject;
        const internal = row.internal as SessionInternal;
        return html(
          reply,
          200,
          renderCheckoutPage({
            sessionId: row.id,
            language,
            currency: String(session.currency),
            lines: internal.lines,
            amountTotal: Number(session.amount_total),
            manualCapture: internal.captureMethod === 'manual',
          }),
        );
      });

      /**
       * Moves a session from one state to the next once (a conditional update: a second press, or a second tab,
       * finds it moved on), then posts the event. False when it was not in `from`.
       */
      async function advance(id: string, from: string, to: string, data: SessionObject, eventType: string): Promise<boolean> {
        const updated = await db
          .update(devPaymentObjects)
          .set({ status: to, data })
          .where(and(eq(devPaymentObjects.id, id), eq(devPaymentObjects.status, from)))
          .returning({ id: devPaymentObjects.id });
        if (updated.length === 0) return false;
        await deliver(eventType, data);
        return true;
      }

      // Pay now, or later (an asynchronous method such as a bank transfer: the checkout completes unpaid, and the
      // payment succeeds or fails afterwards, each with its own event, as in Stripe's Checkout).
      for (const action of ['pay', 'pay-later'] as const) {
        scope.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
          const row = await load(request.params.id);
          if (row?.object !== 'checkout.session') return html(reply, 404, renderPayErrorPage(languageOf(request), 'missing'));
          const session = row.data as SessionObject;
          const internal = row.internal as SessionInternal;
          const later = action === 'pay-later';
          // An authorised payment to capture later (plates) is made by card, never asynchronously.
          if (later && internal.captureMethod === 'manual') return html(reply, 409, renderPayErrorPage(languageOf(request), 'over'));
          const completed: SessionObject = {
            ...session,
            status: 'complete',
            // Paid later, or only authorised (captured when shipped): not paid yet.
            payment_status: later || internal.captureMethod === 'manual' ? 'unpaid' : 'paid',
            url: null,
            ...(session.mode === 'payment' ? { payment_intent: newId('pi_test') } : { subscription: newId('sub_test') }),
          };
          const done = await advance(row.id, 'open', later ? AWAITING_PAYMENT : 'complete', completed, 'checkout.session.completed');
          if (!done) return html(reply, 409, renderPayErrorPage(languageOf(request), 'over'));
          return reply.redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', row.id), 303);
        });
      }

      for (const action of ['payment-arrives', 'payment-fails'] as const) {
        scope.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
          const row = await load(request.params.id);
          if (row?.object !== 'checkout.session') return html(reply, 404, renderPayErrorPage(languageOf(request), 'missing'));
          const session = row.data as SessionObject;
          const arrives = action === 'payment-arrives';
          const settled: SessionObject = { ...session, payment_status: arrives ? 'paid' : 'unpaid' };
          const type = arrives ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed';
          if (!(await advance(row.id, AWAITING_PAYMENT, 'complete', settled, type))) {
            return html(reply, 409, renderPayErrorPage(languageOf(request), 'over'));
          }
          const back = arrives
            ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', row.id)
            : (session.cancel_url ?? session.success_url);
          return reply.redirect(back, 303);
        });
      }

      // The tester need not wait 24 hours: the session expires now, as Stripe's do when their time is up.
      scope.post<{ Params: { id: string } }>('/checkout/:id/expire', async (request, reply) => {
        const row = await load(request.params.id);
        if (row?.object !== 'checkout.session') return html(reply, 404, renderPayErrorPage(languageOf(request), 'missing'));
        const session = row.data as SessionObject;
        const expired: SessionObject = { ...session, status: 'expired', url: null };
        if (!(await advance(row.id, 'open', 'expired', expired, 'checkout.session.expired'))) {
          return html(reply, 409, renderPayErrorPage(languageOf(request), 'over'));
        }
        return session.cancel_url
          ? reply.redirect(session.cancel_url, 303)
          : html(reply, 200, renderPayErrorPage(languageOf(request), 'missing'));
      });

      // A declined card and an abandoned checkout leave the session open and send no event (as Stripe's Checkout
      // does: the customer may still pay until the session expires).
      for (const action of ['decline', 'abandon']) {
        scope.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
          const row = await load(request.params.id);
          if (row?.object !== 'checkout.session') return html(reply, 404, renderPayErrorPage(languageOf(request), 'missing'));
          const session = row.data as SessionObject;
          if (row.status !== 'open' || !session.cancel_url) return html(reply, 409, renderPayErrorPage(languageOf(request), 'over'));
          return reply.redirect(session.cancel_url, 303);
        });
      }
    },
    { prefix: DEV_PAY_PATH },
  );

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
