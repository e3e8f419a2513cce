import type { FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import { insertCustomer, insertPrice, type PriceObject } from './dev-billing.js';
import { languageOf, renderAwaitingPage, renderCheckoutPage, renderPayErrorPage } from './dev-pages.js';
import {
  currencyOf,
  int,
  invalid,
  list,
  metadataOf,
  newId,
  nowSeconds,
  obj,
  oneOf,
  optionalStr,
  type Params,
  type Shaped,
  StripeApiError,
  str,
  unexpectedState,
  url,
} from './dev-params.js';
import { type ChargeObject, insertPayment, type PaymentIntentObject } from './dev-payment-intents.js';
import type { DevStore, Mutation, Stored } from './dev-store.js';
import { startSubscription } from './dev-subscriptions.js';

// The development payment provider's checkout sessions: the API and the hosted page a tester pays on, which
// makes the payment intent (dev-payment-intents.ts) or the subscription (dev-subscriptions.ts) paying buys.

/** The provider's own state of a session paid later whose payment has not yet succeeded or failed (its object says complete). */
const AWAITING_PAYMENT = 'awaiting_payment';

interface SessionLine {
  name: string;
  unitAmount: number;
  quantity: number;
  interval?: 'month' | 'year';
  /** A price the caller made (line_items[i][price]) rather than price_data. */
  priceId?: string;
}

interface SessionInternal {
  lines: SessionLine[];
  captureMethod: 'automatic' | 'manual';
  /** payment_intent_data[metadata] and subscription_data[metadata]: copied onto what paying makes. */
  intentMetadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  /** Paid later: when the payment arrives by itself, unless the tester decides first (ISO time). */
  settlesAt?: string;
}

/** A payment made later (a bank transfer) arrives by itself this long after the checkout: a test need not wait days. */
export const SETTLES_AFTER_MS = 60_000;

function sessionObject(p: {
  mode: 'payment' | 'subscription';
  currency: string;
  amount: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  publicUrl: string;
}) {
  const id = newId('cs_test');
  const created = nowSeconds();
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: p.amount,
    amount_total: p.amount,
    cancel_url: p.cancelUrl,
    client_reference_id: p.clientReferenceId,
    created,
    currency: p.currency,
    customer: p.customer,
    customer_creation: p.customer || p.mode === 'subscription' ? null : 'if_required',
    customer_details: null as { email: string | null } | null,
    customer_email: p.customerEmail,
    expires_at: created + 24 * 3600,
    invoice: null as string | null,
    livemode: false,
    locale: null,
    metadata: p.metadata,
    mode: p.mode,
    payment_intent: null as string | null,
    payment_status: 'unpaid' as 'paid' | 'unpaid',
    status: 'open' as 'open' | 'complete' | 'expired',
    subscription: null as string | null,
    success_url: p.successUrl,
    ui_mode: 'hosted',
    url: `${p.publicUrl}/dev-pay/checkout/${id}` as string | null,
  } satisfies Shaped<Stripe.Checkout.Session>;
}
type SessionObject = ReturnType<typeof sessionObject>;

/** Reads a create-session body as Stripe would, for the parameters the adapter sends. */
function readSessionParams(body: Params) {
  const mode = oneOf(['payment', 'subscription'] as const, body.mode, 'mode');
  const rawLines = list(body.line_items, 'line_items', 100);
  if (rawLines.length === 0) throw invalid('line_items', 'Invalid line_items');
  const lines = rawLines.map((raw, i) => {
    const param = `line_items[${i}]`;
    const line = obj(raw, param);
    const quantity = int(line.quantity, `${param}[quantity]`, 1, 999);
    if (line.price !== undefined) {
      if (line.price_data !== undefined) throw invalid(param, 'Give one of price and price_data');
      return { priceId: str(line.price, `${param}[price]`, 100), quantity };
    }
    const price = obj(line.price_data, `${param}[price_data]`);
    const recurring = obj(price.recurring, `${param}[price_data][recurring]`);
    return {
      name: str(obj(price.product_data, `${param}[price_data][product_data]`).name, `${param}[price_data][product_data][name]`, 250),
      currency: currencyOf(price.currency, `${param}[price_data][currency]`),
      unitAmount: int(price.unit_amount, `${param}[price_data][unit_amount]`, 0, 99_999_999),
      interval:
        price.recurring === undefined
          ? undefined
          : oneOf(['month', 'year'] as const, recurring.interval, `${param}[price_data][recurring][interval]`),
      quantity,
    };
  });
  const intentData = obj(body.payment_intent_data, 'payment_intent_data');
  const subscriptionData = obj(body.subscription_data, 'subscription_data');
  if (mode === 'subscription' && body.payment_intent_data !== undefined) {
    throw invalid('payment_intent_data', 'payment_intent_data can only be used in payment mode');
  }
  if (mode === 'payment' && body.subscription_data !== undefined) {
    throw invalid('subscription_data', 'subscription_data can only be used in subscription mode');
  }
  const customer = optionalStr(body.customer, 'customer', 100);
  const customerEmail = optionalStr(body.customer_email, 'customer_email', 512);
  if (customer && customerEmail) throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  return {
    mode,
    currency: body.currency === undefined ? undefined : currencyOf(body.currency, 'currency'),
    lines,
    captureMethod:
      intentData.capture_method === undefined
        ? ('automatic' as const)
        : oneOf(['automatic', 'manual'] as const, intentData.capture_method, 'payment_intent_data[capture_method]'),
    intentMetadata: metadataOf(intentData.metadata, 'payment_intent_data[metadata]'),
    subscriptionMetadata: metadataOf(subscriptionData.metadata, 'subscription_data[metadata]'),
    customer,
    customerEmail,
    clientReferenceId: optionalStr(body.client_reference_id, 'client_reference_id', 200),
    successUrl: url(body.success_url, 'success_url'),
    cancelUrl: body.cancel_url === undefined ? null : url(body.cancel_url, 'cancel_url'),
    metadata: metadataOf(body.metadata, 'metadata'),
  };
}

/** The lines with the prices they name looked up, checked as Stripe checks them against the mode and currency. */
async function resolveLines(m: Mutation, params: ReturnType<typeof readSessionParams>) {
  let currency = params.currency;
  const lines: SessionLine[] = [];
  for (const [i, line] of params.lines.entries()) {
    const param = `line_items[${i}]`;
    let resolved: SessionLine & { currency: string };
    if (line.priceId !== undefined) {
      const price = (await m.lock<PriceObject>(line.priceId, 'price', `${param}[price]`)).data;
      if (!price.active) throw invalid(`${param}[price]`, 'The price is not active');
      const product = await m.lock<{ name: string }>(price.product, 'product');
      resolved = {
        name: product.data.name,
        unitAmount: price.unit_amount,
        quantity: line.quantity,
        currency: price.currency,
        priceId: price.id,
      };
      if (price.recurring) resolved.interval = price.recurring.interval;
    } else {
      resolved = { name: line.name, unitAmount: line.unitAmount, quantity: line.quantity, currency: line.currency };
      if (line.interval) resolved.interval = line.interval;
    }
    if (currency !== undefined && resolved.currency !== currency) throw invalid(param, 'The line’s currency differs from the session’s');
    currency = resolved.currency;
    if ((params.mode === 'subscription') !== (resolved.interval !== undefined)) {
      throw invalid(param, 'Recurring prices go with subscription mode, and only there');
    }
    if (lines[0]?.interval !== undefined && resolved.interval !== lines[0].interval) {
      throw invalid(param, 'All recurring prices of a subscription must have the same interval');
    }
    const { currency: _, ...sessionLine } = resolved;
    lines.push(sessionLine);
  }
  return { lines, currency: currency as string };
}

export function registerCheckoutApi(api: FastifyInstance, store: DevStore, publicUrl: string, paramsOf: (body: unknown) => Params) {
  api.post('/checkout/sessions', async (request) => {
    const params = readSessionParams(paramsOf(request.body));
    if (params.mode === 'subscription' && params.captureMethod === 'manual') {
      throw invalid('payment_intent_data[capture_method]', 'A subscription cannot be captured manually');
    }
    return store.mutate(async (m) => {
      if (params.customer) await m.lock(params.customer, 'customer', 'customer');
      const { lines, currency } = await resolveLines(m, params);
      const session = sessionObject({
        ...params,
        currency,
        amount: lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
        publicUrl,
      });
      const internal: SessionInternal = {
        lines,
        captureMethod: params.captureMethod,
        intentMetadata: params.intentMetadata,
        subscriptionMetadata: params.subscriptionMetadata,
      };
      await m.insert({ id: session.id, object: session.object, status: 'open', data: session, internal });
      return session;
    });
  });

  api.post<{ Params: { id: string } }>('/checkout/sessions/:id/expire', async (request) =>
    store.mutate(async (m) => {
      const row = await m.lock<SessionObject, SessionInternal>(request.params.id, 'checkout.session');
      if (row.status !== 'open')
        throw unexpectedState('Only Checkout Sessions with a status in ["open"] can be expired.', 'session_unexpected_state');
      return expire(m, row);
    }),
  );
}

async function expire(m: Mutation, row: Stored<SessionObject, SessionInternal>) {
  const expired: SessionObject = { ...row.data, status: 'expired', url: null };
  await m.save({ ...row, status: 'expired', data: expired });
  m.emit('checkout.session.expired', expired);
  return expired;
}

/** A page action on a session that is not (or no longer) in the state it needs: the "already over" page (409). */
const over = () => unexpectedState('The session is over.', 'session_unexpected_state');

/** Pays a session on the hosted page: its payment intent and charge, or its subscription, and the events. */
async function pay(m: Mutation, row: Stored<SessionObject, SessionInternal>, later: boolean) {
  const session = row.data;
  const { internal } = row;
  if (session.mode === 'payment') {
    const status = later ? 'processing' : internal.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
    const intent = await insertPayment(m, {
      amount: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      captureMethod: internal.captureMethod,
      metadata: internal.intentMetadata,
      status,
    });
    // Paid later, or only authorised (captured when shipped): not paid yet.
    const completed: SessionObject = {
      ...session,
      status: 'complete',
      payment_status: status === 'succeeded' ? 'paid' : 'unpaid',
      url: null,
      payment_intent: intent.id,
      customer_details: { email: session.customer_email },
    };
    await m.save({
      ...row,
      status: later ? AWAITING_PAYMENT : 'complete',
      data: completed,
      internal: later ? { ...internal, settlesAt: new Date(Date.now() + SETTLES_AFTER_MS).toISOString() } : internal,
    });
    m.emit('checkout.session.completed', completed);
    return;
  }
  const customer = session.customer ?? (await insertCustomer(m, { email: session.customer_email, name: null, metadata: {} })).id;
  const items: { price: PriceObject; quantity: number }[] = [];
  for (const line of internal.lines) {
    const price = line.priceId
      ? (await m.lock<PriceObject>(line.priceId, 'price')).data
      : await insertPrice(m, line.name, {
          currency: session.currency,
          unitAmount: line.unitAmount,
          interval: line.interval ?? 'month',
          lookupKey: null,
          taxBehavior: 'inclusive',
          active: false,
        });
    items.push({ price, quantity: line.quantity });
  }
  const started = await startSubscription(m, { customer, currency: session.currency, items, metadata: internal.subscriptionMetadata });
  const completed: SessionObject = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    url: null,
    customer,
    customer_details: { email: session.customer_email },
    subscription: started.subscription.id,
    invoice: started.subscription.latest_invoice,
  };
  await m.save({ ...row, status: 'complete', data: completed });
  m.emit('checkout.session.completed', completed);
  started.emitEvents();
}

/** A payment made later arrives or fails: the intent and charge settle, and the session's async event is posted. */
async function settle(m: Mutation, row: Stored<SessionObject, SessionInternal>, arrives: boolean) {
  const intent = await m.lock<PaymentIntentObject>(row.data.payment_intent ?? '', 'payment_intent');
  const charge = await m.lock<ChargeObject>(intent.data.latest_charge, 'charge');
  const settledIntent: PaymentIntentObject = arrives
    ? { ...intent.data, status: 'succeeded', amount_received: intent.data.amount }
    : {
        ...intent.data,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'payment_method_provider_decline', message: 'The payment failed.' },
      };
  await m.save({ ...intent, status: settledIntent.status, data: settledIntent });
  await m.save({
    ...charge,
    status: arrives ? 'succeeded' : 'failed',
    data: {
      ...charge.data,
      status: arrives ? 'succeeded' : 'failed',
      paid: arrives,
      captured: arrives,
      amount_captured: arrives ? charge.data.amount : 0,
    },
  });
  const settled: SessionObject = { ...row.data, payment_status: arrives ? 'paid' : 'unpaid' };
  await m.save({ ...row, status: 'complete', data: settled });
  m.emit(arrives ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', settled);
}

/**
 * Payments made later whose time has come arrive by themselves, as a bank transfer does after a while: each settles
 * once (a tester's choice made first wins). Answers how many settled. The provider runs it every few seconds.
 */
export async function settleDuePayments(store: DevStore, now = new Date()): Promise<number> {
  // Sessions paid later are complete and unpaid until they settle.
  const unpaid = await store.find<SessionObject, SessionInternal>('checkout.session', 'payment_status', 'unpaid');
  const due = unpaid.filter((row) => row.status === AWAITING_PAYMENT && row.internal.settlesAt && new Date(row.internal.settlesAt) <= now);
  let settled = 0;
  for (const { id } of due) {
    await store.mutate(async (m) => {
      const row = await m.lock<SessionObject, SessionInternal>(id, 'checkout.session');
      if (row.status !== AWAITING_PAYMENT) return;
      await settle(m, row, true);
      settled += 1;
    });
  }
  return settled;
}

export function registerCheckoutPages(
  pages: FastifyInstance,
  store: DevStore,
  html: (reply: FastifyReply, status: number, body: string) => FastifyReply,
) {
  const session = async (id: string) => {
    const row = await store.get<SessionObject, SessionInternal>(id, 'checkout.session');
    if (!row) throw new StripeApiError(404, `No such checkout.session: '${id}'`);
    return row;
  };
  /** Runs a page action on the session locked, once its state is `from` (a second press, or a second tab, finds it moved on). */
  const act = (id: string, from: string, work: (m: Mutation, row: Stored<SessionObject, SessionInternal>) => Promise<unknown>) =>
    store.mutate(async (m) => {
      const row = await m.lock<SessionObject, SessionInternal>(id, 'checkout.session');
      if (row.status !== from) throw over();
      await work(m, row);
      return row.data;
    });
  const success = (s: SessionObject) => s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id);

  pages.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const row = await session(request.params.id);
    const language = languageOf(request);
    // Paid later: the page now lets the tester decide how the payment ends.
    if (row.status === AWAITING_PAYMENT) return html(reply, 200, renderAwaitingPage(row.id, language));
    if (row.status !== 'open') return html(reply, 409, renderPayErrorPage(language, 'over'));
    return html(
      reply,
      200,
      renderCheckoutPage({
        sessionId: row.id,
        language,
        currency: row.data.currency,
        lines: row.internal.lines,
        amountTotal: row.data.amount_total,
        manualCapture: row.internal.captureMethod === 'manual',
        // An authorised payment to capture later (plates), and a subscription, are paid by card, never asynchronously.
        offerPayLater: row.data.mode === 'payment' && row.internal.captureMethod === 'automatic',
      }),
    );
  });

  // Pay now, or later (an asynchronous method such as a bank transfer: the checkout completes unpaid, and the
  // payment succeeds or fails afterwards, each with its own event, as in Stripe's Checkout).
  for (const action of ['pay', 'pay-later'] as const) {
    pages.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
      const later = action === 'pay-later';
      const paid = await act(request.params.id, 'open', async (m, row) => {
        if (later && (row.data.mode !== 'payment' || row.internal.captureMethod === 'manual')) throw over();
        await pay(m, row, later);
      });
      return reply.redirect(success(paid), 303);
    });
  }

  for (const action of ['payment-arrives', 'payment-fails'] as const) {
    pages.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
      const arrives = action === 'payment-arrives';
      const settled = await act(request.params.id, AWAITING_PAYMENT, (m, row) => settle(m, row, arrives));
      return reply.redirect(arrives ? success(settled) : (settled.cancel_url ?? success(settled)), 303);
    });
  }

  // The tester need not wait 24 hours: the session expires now, as Stripe's do when their time is up.
  pages.post<{ Params: { id: string } }>('/checkout/:id/expire', async (request, reply) => {
    const expired = await act(request.params.id, 'open', expire);
    return expired.cancel_url
      ? reply.redirect(expired.cancel_url, 303)
      : html(reply, 200, renderPayErrorPage(languageOf(request), 'missing'));
  });

  // A declined card and an abandoned checkout leave the session open and send no event (as Stripe's Checkout
  // does: the customer may still pay until the session expires).
  for (const action of ['decline', 'abandon']) {
    pages.post<{ Params: { id: string } }>(`/checkout/:id/${action}`, async (request, reply) => {
      const row = await session(request.params.id);
      if (row.status !== 'open' || !row.data.cancel_url) throw over();
      return reply.redirect(row.data.cancel_url, 303);
    });
  }
}
