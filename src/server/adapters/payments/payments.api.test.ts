import { asc, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { paymentEvents } from '../../db/schema.js';
import { SETTLES_AFTER_MS, settleDuePayments } from './dev-checkout.js';
import { createDevStore } from './dev-store.js';
import type { CheckoutSessionInput, PaymentsPort, RecurringPriceInput } from './port.js';

// The payments adapter (the Stripe SDK) against the development payment provider the app serves under /dev-pay:
// the same SDK calls as against Stripe create and read checkout sessions; the hosted page pays, declines or
// abandons; paying posts a checkout.session.completed event signed as Stripe signs, which the webhook stores.

let t: TestApp;
let payments: PaymentsPort;
beforeAll(async () => {
  t = await createTestApp();
  payments = t.app.appContext.payments;
});
afterAll(() => t.close());

const order = (overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
  mode: 'payment',
  lines: [
    { name: 'Registrering', unitAmount: 14900, quantity: 1 },
    { name: 'Ekstra plade', unitAmount: 10000, quantity: 2 },
  ],
  currency: 'dkk',
  captureMethod: 'automatic',
  customerEmail: 'buyer@example.dk',
  successUrl: 'http://localhost:3000/purchase-complete-redirect?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/purchase-failed',
  metadata: { order_id: `order-${Math.random().toString(36).slice(2)}` },
  ...overrides,
});

const eventsFor = async (sessionId: string) =>
  t.database.db.select().from(paymentEvents).where(sql`${paymentEvents.payload}->'data'->'object'->>'id' = ${sessionId}`);

/** The events about a customer's objects (sessions, subscriptions, invoices), in the order they arrived. */
const eventsOfCustomer = async (customerId: string) =>
  t.database.db
    .select()
    .from(paymentEvents)
    .where(sql`${paymentEvents.payload}->'data'->'object'->>'customer' = ${customerId}`)
    .orderBy(asc(paymentEvents.receivedAt));

const eventsAbout = async (field: string, value: string) =>
  t.database.db
    .select()
    .from(paymentEvents)
    .where(sql`${paymentEvents.payload}->'data'->'object'->>${field} = ${value}`)
    .orderBy(asc(paymentEvents.receivedAt));

/** The object an event is about (data.object), as the test expects it to be. */
function objectOf<T>(event: { payload: unknown } | undefined): T {
  if (!event) throw new Error('expected an event');
  return (event.payload as { data: { object: T } }).data.object;
}

const secretKey = () => {
  if (t.config.payments.kind === 'none') throw new Error('expected payments');
  return t.config.payments.secretKey;
};

/** A raw API request, as the SDK would send it. */
const api = (method: 'GET' | 'POST', path: string, body = '') =>
  t.app.inject({
    method,
    url: `/dev-pay/v1${path}`,
    headers: { authorization: `Bearer ${secretKey()}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

const unique = () => Math.random().toString(36).slice(2);

const press = (sessionId: string, action: 'pay' | 'decline' | 'abandon' | 'expire' | 'pay-later' | 'payment-arrives' | 'payment-fails') =>
  t.app.inject({
    method: 'POST',
    url: `/dev-pay/checkout/${sessionId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('checkout sessions through the SDK', () => {
  it('creates a payment session with its lines, total and hosted page, and reads it back', async () => {
    const input = order();
    const session = await payments.createCheckoutSession(input);
    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_[a-z0-9]+$/),
      url: `http://localhost:3000/dev-pay/checkout/${session.id}`,
      mode: 'payment',
      status: 'open',
      paymentStatus: 'unpaid',
      currency: 'dkk',
      amountTotal: 34900,
      metadata: input.metadata,
      paymentIntentId: null,
      subscriptionId: null,
      customerId: null,
      clientReferenceId: null,
    });
    expect(await payments.retrieveCheckoutSession(session.id)).toEqual(session);
  });

  it('creates a subscription session with recurring lines', async () => {
    const session = await payments.createCheckoutSession(
      order({ mode: 'subscription', currency: 'nok', lines: [{ name: 'FAMILY', unitAmount: 29900, quantity: 1, interval: 'year' }] }),
    );
    expect(session).toMatchObject({ mode: 'subscription', currency: 'nok', amountTotal: 29900, status: 'open' });
  });

  it('answers null for a session it does not know', async () => {
    expect(await payments.retrieveCheckoutSession('cs_test_unknown')).toBeNull();
  });

  it('refuses what Stripe refuses, with Stripe’s errors', async () => {
    await expect(payments.createCheckoutSession(order({ lines: [] }))).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(payments.createCheckoutSession(order({ lines: [{ name: 'x', unitAmount: -1, quantity: 1 }] }))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'line_items[0][price_data][unit_amount]',
    });
    await expect(payments.createCheckoutSession(order({ mode: 'subscription' }))).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    await expect(payments.createCheckoutSession(order({ successUrl: 'javascript:alert(1)' }))).rejects.toMatchObject({
      param: 'success_url',
    });
  });

  it('answers only with the secret key, as Stripe does', async () => {
    for (const authorization of [undefined, 'Bearer sk_test_wrong', `Basic ${Buffer.from('x:').toString('base64')}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev-pay/v1/checkout/sessions',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        payload: 'mode=payment',
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.type).toBe('invalid_request_error');
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev-pay/v1/checkout/sessions/cs_test_x' })).statusCode).toBe(401);
  });
});

describe('the hosted checkout page', () => {
  it('shows the order in the visitor’s language, with the total and its VAT', async () => {
    const session = await payments.createCheckoutSession(order());
    const en = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('2 × Ekstra plade');
    expect(en.body).toContain('DKK');
    expect(en.body).toMatch(/Pay DKK\s?349\.00/);
    // 25 % VAT included: a fifth of the total.
    expect(en.body).toMatch(/Of which VAT<\/th><td>DKK\s?69\.80/);
    const da = await t.app.inject({
      method: 'GET',
      url: `/dev-pay/checkout/${session.id}`,
      headers: { cookie: 'lang=da', 'accept-language': 'en' },
    });
    expect(da.body).toContain('<html lang="da">');
    expect(da.body).toMatch(/Betal 349,00\s?kr\./);
    const no = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'nb-NO' } });
    expect(no.body).toContain('<html lang="nb">');
    expect(no.body).toContain('Herav MVA');
  });

  it('says so for a session it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev-pay/checkout/cs_test_nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('The payment has expired or does not exist.');
  });

  it('pay: the session completes, one signed checkout.session.completed lands in payment_event, back to success_url', async () => {
    const input = order();
    const session = await payments.createCheckoutSession(input);
    const res = await press(session.id, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/purchase-complete-redirect?session_id=${session.id}`);

    const completed = await payments.retrieveCheckoutSession(session.id);
    expect(completed).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      url: null,
      paymentIntentId: expect.stringMatching(/^pi_[0-9a-f]+$/),
    });
    const events = await eventsFor(session.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'checkout.session.completed' });
    expect(events[0]?.payload).toMatchObject({
      object: 'event',
      livemode: false,
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid', amount_total: 34900, metadata: input.metadata } },
    });

    // Paying again changes nothing and sends nothing.
    const again = await press(session.id, 'pay');
    expect(again.statusCode).toBe(409);
    expect(await eventsFor(session.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}` })).statusCode).toBe(409);
  });

  it('pay pressed many times at once: one event', async () => {
    const session = await payments.createCheckoutSession(order());
    const results = await Promise.all(Array.from({ length: 8 }, () => press(session.id, 'pay')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 409, 409, 409, 409, 409, 409, 409]);
    expect(await eventsFor(session.id)).toHaveLength(1);
  });

  it('pay with manual capture: complete but unpaid (authorised, captured when shipped)', async () => {
    const session = await payments.createCheckoutSession(order({ captureMethod: 'manual' }));
    const page = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('The amount is reserved now');
    await press(session.id, 'pay');
    const events = await eventsFor(session.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ data: { object: { status: 'complete', payment_status: 'unpaid' } } });
  });

  it('subscription paid: the event names the subscription', async () => {
    const session = await payments.createCheckoutSession(
      order({ mode: 'subscription', lines: [{ name: 'SINGLE', unitAmount: 9900, quantity: 1, interval: 'month' }] }),
    );
    await press(session.id, 'pay');
    expect((await eventsFor(session.id))[0]?.payload).toMatchObject({
      data: { object: { mode: 'subscription', subscription: expect.stringMatching(/^sub_[0-9a-f]+$/), payment_intent: null } },
    });
  });

  it('decline and abandon: back to cancel_url, no event, the session still open', async () => {
    for (const action of ['decline', 'abandon'] as const) {
      const session = await payments.createCheckoutSession(order());
      const res = await press(session.id, action);
      expect(res.statusCode, action).toBe(303);
      expect(res.headers.location, action).toBe('http://localhost:3000/purchase-failed');
      expect(await eventsFor(session.id), action).toHaveLength(0);
      expect((await payments.retrieveCheckoutSession(session.id))?.status, action).toBe('open');
    }
  });
});

describe('a session left to expire', () => {
  it('expires once: checkout.session.expired, back to cancel_url, and it can no longer be paid', async () => {
    const session = await payments.createCheckoutSession(order());
    const page = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Let the session expire (test)');
    const res = await press(session.id, 'expire');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/purchase-failed');
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', url: null });
    expect(await eventsFor(session.id)).toMatchObject([
      { type: 'checkout.session.expired', payload: { data: { object: { id: session.id, status: 'expired' } } } },
    ]);
    expect((await press(session.id, 'expire')).statusCode).toBe(409);
    expect((await press(session.id, 'pay')).statusCode).toBe(409);
    expect(await eventsFor(session.id)).toHaveLength(1);
  });
});

describe('paying later (an asynchronous payment, such as a bank transfer)', () => {
  const typesFor = async (sessionId: string) => (await eventsFor(sessionId)).map((e) => e.type).sort();

  it('completes the checkout unpaid, then the tester lets the payment arrive: async_payment_succeeded, paid', async () => {
    const session = await payments.createCheckoutSession(order());
    const res = await press(session.id, 'pay-later');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/purchase-complete-redirect?session_id=${session.id}`);
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'complete', paymentStatus: 'unpaid' });
    expect(await eventsFor(session.id)).toMatchObject([
      { type: 'checkout.session.completed', payload: { data: { object: { status: 'complete', payment_status: 'unpaid' } } } },
    ]);

    // The session's page now lets the tester decide how the payment ends.
    const page = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The payment arrives');
    expect(page.body).toContain('The payment fails');
    expect(page.body).not.toContain('/pay"');

    const arrives = await press(session.id, 'payment-arrives');
    expect(arrives.statusCode).toBe(303);
    expect(arrives.headers.location).toBe(`http://localhost:3000/purchase-complete-redirect?session_id=${session.id}`);
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(await typesFor(session.id)).toEqual(['checkout.session.async_payment_succeeded', 'checkout.session.completed']);
    const succeeded = (await eventsFor(session.id)).find((e) => e.type === 'checkout.session.async_payment_succeeded');
    expect(succeeded?.payload).toMatchObject({ data: { object: { id: session.id, payment_status: 'paid' } } });

    // It ends once.
    expect((await press(session.id, 'payment-fails')).statusCode).toBe(409);
    expect((await press(session.id, 'payment-arrives')).statusCode).toBe(409);
    expect(await eventsFor(session.id)).toHaveLength(2);
  });

  it('or the payment arrives by itself a minute on, once, unless the tester decided first', async () => {
    if (t.config.payments.kind !== 'dev') throw new Error('expected the development provider');
    const store = createDevStore(t.app, t.database.db, t.config.payments.webhookSecret);
    const [later, decided] = [await payments.createCheckoutSession(order()), await payments.createCheckoutSession(order())];
    await press(later.id, 'pay-later');
    await press(decided.id, 'pay-later');
    await press(decided.id, 'payment-fails');
    // Not yet due.
    await settleDuePayments(store, new Date(Date.now() + SETTLES_AFTER_MS - 5_000));
    expect(await payments.retrieveCheckoutSession(later.id)).toMatchObject({ paymentStatus: 'unpaid' });
    // Due: it arrives, as if the tester had said so; the one already failed stays failed; a second sweep does nothing.
    const due = new Date(Date.now() + SETTLES_AFTER_MS + 1_000);
    expect(await settleDuePayments(store, due)).toBeGreaterThanOrEqual(1);
    expect(await payments.retrieveCheckoutSession(later.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(await typesFor(later.id)).toEqual(['checkout.session.async_payment_succeeded', 'checkout.session.completed']);
    expect(await typesFor(decided.id)).toEqual(['checkout.session.async_payment_failed', 'checkout.session.completed']);
    expect(await settleDuePayments(store, due)).toBe(0);
  });

  it('or lets it fail: async_payment_failed, still unpaid, back to cancel_url', async () => {
    const session = await payments.createCheckoutSession(order());
    await press(session.id, 'pay-later');
    const fails = await press(session.id, 'payment-fails');
    expect(fails.statusCode).toBe(303);
    expect(fails.headers.location).toBe('http://localhost:3000/purchase-failed');
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'complete', paymentStatus: 'unpaid' });
    expect(await typesFor(session.id)).toEqual(['checkout.session.async_payment_failed', 'checkout.session.completed']);
  });

  it('settles nothing that was not paid later, and offers no paying later for a payment captured later', async () => {
    const open = await payments.createCheckoutSession(order());
    expect((await press(open.id, 'payment-arrives')).statusCode).toBe(409);
    const paid = await payments.createCheckoutSession(order());
    await press(paid.id, 'pay');
    expect((await press(paid.id, 'payment-arrives')).statusCode).toBe(409);
    expect(await typesFor(paid.id)).toEqual(['checkout.session.completed']);

    const manual = await payments.createCheckoutSession(order({ captureMethod: 'manual' }));
    const page = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${manual.id}`, headers: { 'accept-language': 'en' } });
    expect(page.body).not.toContain('pay-later');
    expect((await press(manual.id, 'pay-later')).statusCode).toBe(409);
    expect(await eventsFor(manual.id)).toHaveLength(0);
  });
});

describe('customers, prices and Stripe’s errors', () => {
  it('makes customers and finds or makes a recurring price by its lookup key', async () => {
    const customer = await payments.createCustomer({ email: 'a@example.dk', name: 'A', metadata: { party_id: 'p-1' } });
    expect(customer.id).toMatch(/^cus_[0-9a-f]+$/);
    expect((await api('GET', `/customers/${customer.id}`)).json()).toMatchObject({
      object: 'customer',
      email: 'a@example.dk',
      name: 'A',
      metadata: { party_id: 'p-1' },
    });

    const input: RecurringPriceInput = {
      lookupKey: `family:${unique()}`,
      productName: 'FAMILY',
      unitAmount: 29900,
      currency: 'dkk',
      interval: 'year',
    };
    const price = await payments.ensureRecurringPrice(input);
    expect(price).toMatch(/^price_[0-9a-f]+$/);
    expect(await payments.ensureRecurringPrice(input)).toBe(price);
    expect(await payments.ensureRecurringPrice({ ...input, lookupKey: `${input.lookupKey}:2` })).not.toBe(price);
    const read = (await api('GET', `/prices/${price}`)).json();
    expect(read).toMatchObject({
      object: 'price',
      lookup_key: input.lookupKey,
      unit_amount: 29900,
      currency: 'dkk',
      type: 'recurring',
      recurring: { interval: 'year', interval_count: 1 },
      tax_behavior: 'inclusive',
      product: expect.stringMatching(/^prod_/),
    });
    expect((await api('GET', `/products/${read.product}`)).json()).toMatchObject({ object: 'product', name: 'FAMILY' });
    const listed = await api(
      'GET',
      `/prices?active=true&limit=1&${encodeURIComponent('lookup_keys[0]')}=${encodeURIComponent(input.lookupKey)}`,
    );
    expect(listed.json()).toMatchObject({ object: 'list', data: [{ id: price }] });

    // A lookup key names one price, as Stripe's does.
    const again = await api(
      'POST',
      '/prices',
      `currency=dkk&unit_amount=1&recurring[interval]=year&product_data[name]=X&lookup_key=${encodeURIComponent(input.lookupKey)}`,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ type: 'invalid_request_error', param: 'lookup_key' });
  });

  it('answers 404 resource_missing for unknown ids, and 400 when a parameter names one', async () => {
    expect(await payments.retrievePaymentIntent('pi_unknown')).toBeNull();
    expect(await payments.retrieveSubscription('sub_unknown')).toBeNull();
    const res = await api('GET', '/customers/cus_unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_unknown'" },
    });
    await expect(payments.createCheckoutSession(order({ customerId: 'cus_unknown' }))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
    await expect(
      payments.createCheckoutSession(
        order({ mode: 'subscription', lines: [{ name: 'X', unitAmount: 1, quantity: 1, interval: 'year', priceId: 'price_unknown' }] }),
      ),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
    await expect(payments.createCustomerSession({ customerId: 'cus_unknown' })).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(payments.capturePaymentIntent('pi_unknown')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const route = await api('GET', '/nothing/here');
    expect(route.statusCode).toBe(404);
    expect(route.json().error.message).toMatch(/^Unrecognized request URL/);
  });

  it('refuses bad parameters as Stripe does', async () => {
    const both = await api('POST', '/checkout/sessions', 'mode=payment&customer=cus_x&customer_email=a%40b.dk');
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ type: 'invalid_request_error', param: 'line_items' });
    const customer = await payments.createCustomer({ email: 'b@example.dk', metadata: {} });
    const twice = await api(
      'POST',
      '/checkout/sessions',
      `mode=payment&customer=${customer.id}&customer_email=a%40b.dk&success_url=http%3A%2F%2Fx&line_items[0][quantity]=1&line_items[0][price_data][currency]=dkk&line_items[0][price_data][unit_amount]=1&line_items[0][price_data][product_data][name]=x`,
    );
    expect(twice.json().error).toMatchObject({ param: 'customer_email' });
    const price = await payments.ensureRecurringPrice({
      lookupKey: `m:${unique()}`,
      productName: 'M',
      unitAmount: 100,
      currency: 'dkk',
      interval: 'month',
    });
    // A recurring price in a one-off payment.
    await expect(
      payments.createCheckoutSession(order({ lines: [{ name: 'M', unitAmount: 100, quantity: 1, priceId: price }] })),
    ).rejects.toMatchObject({
      param: 'line_items[0]',
    });
    // A price in another currency than the session's.
    await expect(
      payments.createCheckoutSession(
        order({
          mode: 'subscription',
          currency: 'nok',
          lines: [{ name: 'M', unitAmount: 100, quantity: 1, interval: 'month', priceId: price }],
        }),
      ),
    ).rejects.toMatchObject({ param: 'line_items[0]' });
    const broken = await api('POST', '/refunds', 'payment_intent[__proto__]=x');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.type).toBe('invalid_request_error');
    expect((await api('POST', '/refunds', 'amount=10')).json().error).toMatchObject({ param: 'payment_intent', code: 'parameter_invalid' });
  });

  it('makes a customer session for the pricing table', async () => {
    const customer = await payments.createCustomer({ email: 'c@example.dk', metadata: {} });
    const before = Date.now();
    const session = await payments.createCustomerSession({ customerId: customer.id });
    expect(session.clientSecret).toMatch(/^cuss_secret_/);
    expect(session.expiresAt.getTime()).toBeGreaterThan(before);
  });
});

describe('checkout sessions for a customer and an order', () => {
  it('keeps the customer, the order’s reference and a recurring price’s line', async () => {
    const customer = await payments.createCustomer({ email: 'd@example.dk', metadata: {} });
    const price = await payments.ensureRecurringPrice({
      lookupKey: `s:${unique()}`,
      productName: 'SINGLE',
      unitAmount: 9900,
      currency: 'dkk',
      interval: 'year',
    });
    const session = await payments.createCheckoutSession(
      order({
        mode: 'subscription',
        customerId: customer.id,
        clientReferenceId: 'order-42',
        lines: [{ name: 'SINGLE', unitAmount: 9900, quantity: 1, interval: 'year', priceId: price }],
      }),
    );
    expect(session).toMatchObject({ customerId: customer.id, clientReferenceId: 'order-42', amountTotal: 9900, mode: 'subscription' });
    expect(await payments.retrieveCheckoutSession(session.id)).toEqual(session);
    const page = await t.app.inject({ method: 'GET', url: `/dev-pay/checkout/${session.id}`, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('1 × SINGLE');
    expect(page.body).toMatch(/DKK\s?99\.00 per year/);
    // A subscription is paid by card: no paying later.
    expect(page.body).not.toContain('pay-later');
    expect((await press(session.id, 'pay-later')).statusCode).toBe(409);
  });

  it('expires an open session through the API once: checkout.session.expired; one already over is left as it is', async () => {
    const session = await payments.createCheckoutSession(order());
    expect(await payments.expireCheckoutSession(session.id)).toMatchObject({ status: 'expired', url: null });
    expect(await payments.expireCheckoutSession(session.id)).toMatchObject({ status: 'expired' });
    expect((await eventsFor(session.id)).map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect((await press(session.id, 'pay')).statusCode).toBe(409);
    const raw = await api('POST', `/checkout/sessions/${session.id}/expire`);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.message).toContain('can be expired');

    const paid = await payments.createCheckoutSession(order());
    await press(paid.id, 'pay');
    expect(await payments.expireCheckoutSession(paid.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });
});

describe('payment intents: capture, cancel and refunds', () => {
  const paidSession = async (captureMethod: 'automatic' | 'manual') => {
    const input = order({ captureMethod });
    const session = await payments.createCheckoutSession(input);
    await press(session.id, 'pay');
    const completed = await payments.retrieveCheckoutSession(session.id);
    if (!completed?.paymentIntentId) throw new Error('expected a payment intent');
    return { input, session: completed, intentId: completed.paymentIntentId };
  };

  it('a card payment: succeeded at once, with the session’s metadata', async () => {
    const { input, session, intentId } = await paidSession('automatic');
    expect(session.paymentStatus).toBe('paid');
    expect(await payments.retrievePaymentIntent(intentId)).toEqual({
      id: intentId,
      status: 'succeeded',
      amount: 34900,
      amountCapturable: 0,
      amountReceived: 34900,
      currency: 'dkk',
      metadata: input.metadata,
    });
  });

  it('manual capture: authorised (requires_capture, session unpaid), then captured once', async () => {
    const { session, intentId } = await paidSession('manual');
    expect(session.paymentStatus).toBe('unpaid');
    expect(await payments.retrievePaymentIntent(intentId)).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 34900,
      amountReceived: 0,
    });
    expect(await payments.capturePaymentIntent(intentId)).toMatchObject({
      status: 'succeeded',
      amountCapturable: 0,
      amountReceived: 34900,
    });
    await expect(payments.capturePaymentIntent(intentId)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
    const charge = (await api('GET', `/payment_intents/${intentId}`)).json().latest_charge;
    expect((await api('GET', `/charges/${charge}`)).json()).toMatchObject({
      captured: true,
      amount_captured: 34900,
      payment_intent: intentId,
    });
  });

  it('manual capture cancelled: the authorisation is released, and cannot be captured or refunded', async () => {
    const { intentId } = await paidSession('manual');
    expect(await payments.cancelPaymentIntent(intentId)).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0 });
    await expect(payments.capturePaymentIntent(intentId)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(payments.cancelPaymentIntent(intentId)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(payments.createRefund({ paymentIntentId: intentId })).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });

  it('refunds part, then the rest, never more than was received: refund.created and charge.refunded each time', async () => {
    const { intentId } = await paidSession('automatic');
    await expect(payments.cancelPaymentIntent(intentId)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(payments.createRefund({ paymentIntentId: intentId, amount: 34901 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
    const part = await payments.createRefund({ paymentIntentId: intentId, amount: 10000, metadata: { order_id: 'o-1' } });
    expect(part).toEqual({ id: expect.stringMatching(/^re_[0-9a-f]+$/), status: 'succeeded' });
    const rest = await payments.createRefund({ paymentIntentId: intentId });
    await expect(payments.createRefund({ paymentIntentId: intentId, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    const events = (await eventsAbout('payment_intent', intentId)).filter((e) => e.type !== 'checkout.session.completed');
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded', 'refund.created', 'charge.refunded']);
    expect(events[0]?.payload).toMatchObject({
      data: { object: { id: part.id, object: 'refund', amount: 10000, metadata: { order_id: 'o-1' } } },
    });
    expect(events[1]?.payload).toMatchObject({
      data: {
        object: { object: 'charge', payment_intent: intentId, amount: 34900, amount_refunded: 10000, refunded: false },
        previous_attributes: { amount_refunded: 0 },
      },
    });
    expect(events[2]?.payload).toMatchObject({ data: { object: { id: rest.id, amount: 24900 } } });
    expect(events[3]?.payload).toMatchObject({ data: { object: { amount_refunded: 34900, refunded: true } } });
  });
});

describe('subscriptions and the customer portal', () => {
  const yearly = (productName: string, unitAmount: number): RecurringPriceInput => ({
    lookupKey: `${productName}:${unique()}`,
    productName,
    unitAmount,
    currency: 'dkk',
    interval: 'year',
  });

  /** A customer who bought SINGLE yearly at checkout, and the portal they may switch to FAMILY in. */
  async function subscribed() {
    const customer = (await payments.createCustomer({ email: 'family@example.dk', metadata: { party_id: 'party-1' } })).id;
    const single = await payments.ensureRecurringPrice(yearly('SINGLE', 9900));
    const family = await payments.ensureRecurringPrice(yearly('FAMILY', 29900));
    const metadata = { order_id: `order-${unique()}`, plan: 'single' };
    const session = await payments.createCheckoutSession(
      order({
        mode: 'subscription',
        customerId: customer,
        clientReferenceId: metadata.order_id,
        lines: [{ name: 'SINGLE', unitAmount: 9900, quantity: 1, interval: 'year', priceId: single }],
        metadata,
      }),
    );
    expect((await press(session.id, 'pay')).statusCode).toBe(303);
    const completed = await payments.retrieveCheckoutSession(session.id);
    const subscriptionId = completed?.subscriptionId;
    if (!subscriptionId) throw new Error('expected a subscription');
    const portal = await payments.createPortalSession({
      customerId: customer,
      returnUrl: 'http://localhost:3000/app/subscriptions',
      switchablePriceIds: [single, family],
    });
    const portalPath = new URL(portal.url).pathname;
    const act = (action: string, form = '') =>
      t.app.inject({
        method: 'POST',
        url: `${portalPath}/subscriptions/${subscriptionId}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
    return { customer, single, family, metadata, session: completed, subscriptionId, portal, portalPath, act };
  }

  it('paying at checkout starts it: the session, customer.subscription.created, the first invoice paid, in that order', async () => {
    const { customer, single, metadata, session, subscriptionId } = await subscribed();
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid', customerId: customer, paymentIntentId: null });

    const subscription = await payments.retrieveSubscription(subscriptionId);
    expect(subscription).toMatchObject({
      id: subscriptionId,
      customerId: customer,
      status: 'active',
      cancelAtPeriodEnd: false,
      metadata,
      items: [{ priceId: single, quantity: 1, unitAmount: 9900, interval: 'year' }],
    });
    // A year from now (the period is on the items, in this API version).
    const days = ((subscription?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);

    const events = await eventsOfCustomer(customer);
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    for (const event of events) {
      expect(event.payload).toMatchObject({
        object: 'event',
        livemode: false,
        api_version: Stripe.API_VERSION,
        created: expect.any(Number),
      });
    }
    expect(events[0]?.payload).toMatchObject({
      data: { object: { id: session.id, subscription: subscriptionId, customer, client_reference_id: metadata.order_id } },
    });
    const item = objectOf<{ items: { data: { current_period_start: number; current_period_end: number }[] } }>(events[1]).items.data[0];
    expect(events[1]?.payload).toMatchObject({
      data: { object: { id: subscriptionId, status: 'active', metadata, items: { data: [{ price: { id: single }, quantity: 1 }] } } },
    });
    expect(events[2]?.payload).toMatchObject({
      data: {
        object: {
          object: 'invoice',
          status: 'paid',
          billing_reason: 'subscription_create',
          amount_paid: 9900,
          customer,
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } },
          lines: {
            data: [
              {
                amount: 9900,
                period: { start: item?.current_period_start, end: item?.current_period_end },
                pricing: { price_details: { price: single } },
                parent: { subscription_item_details: { subscription: subscriptionId } },
              },
            ],
          },
        },
      },
    });
  });

  it('the portal page shows the plan, its price and period, what can be changed, and the invoices', async () => {
    const { portal, portalPath, session } = await subscribed();
    expect(portal.url).toMatch(/^http:\/\/localhost:3000\/dev-pay\/portal\/bps_[0-9a-f]+$/);
    const page = await t.app.inject({ method: 'GET', url: portalPath, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h2>SINGLE</h2>');
    expect(page.body).toMatch(/DKK\s?99\.00 per year/);
    expect(page.body).toContain('Renews on');
    expect(page.body).toContain('Cancel at the end of the period');
    expect(page.body).toMatch(/Switch to FAMILY \(DKK\s?299\.00 per year\)/);
    expect(page.body).toContain('Test controls');
    expect(page.body).toContain('Invoices');
    expect(page.body).toContain('Paid');
    expect(page.body).toContain('href="http://localhost:3000/app/subscriptions"');
    const da = await t.app.inject({ method: 'GET', url: portalPath, headers: { cookie: 'lang=da' } });
    expect(da.body).toContain('Fornyes den');
    expect(da.body).toMatch(/99,00\s?kr\. pr\. år/);
    expect(session).toBeTruthy();
  });

  it('cancel at the period’s end and take it back: customer.subscription.updated each time, with what changed', async () => {
    const { customer, subscriptionId, act, portalPath } = await subscribed();
    const cancel = await act('cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(portalPath);
    const cancelled = await payments.retrieveSubscription(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const page = await t.app.inject({ method: 'GET', url: portalPath, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Ends on');
    expect(page.body).toContain('Keep the subscription');
    // Pressed twice: nothing more happens.
    expect((await act('cancel')).statusCode).toBe(303);
    expect((await act('resume')).statusCode).toBe(303);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });

    const updates = (await eventsOfCustomer(customer)).filter((e) => e.type === 'customer.subscription.updated');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.payload).toMatchObject({
      data: {
        object: {
          id: subscriptionId,
          cancel_at_period_end: true,
          cancel_at: Math.floor((cancelled?.currentPeriodEnd?.getTime() ?? 0) / 1000),
        },
        previous_attributes: { cancel_at_period_end: false, cancel_at: null },
      },
    });
    expect(updates[1]?.payload).toMatchObject({
      data: { object: { cancel_at_period_end: false, cancel_at: null }, previous_attributes: { cancel_at_period_end: true } },
    });
  });

  it('switches to another plan of the configuration, and to no other', async () => {
    const { customer, family, subscriptionId, act } = await subscribed();
    expect((await act('switch', `price=${family}`)).statusCode).toBe(303);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ items: [{ priceId: family, unitAmount: 29900 }] });
    const [update] = (await eventsOfCustomer(customer)).filter((e) => e.type === 'customer.subscription.updated');
    expect(update?.payload).toMatchObject({ data: { object: { items: { data: [{ price: { id: family, unit_amount: 29900 } }] } } } });

    const other = await payments.ensureRecurringPrice(yearly('OTHER', 1000));
    const refused = await act('switch', `price=${other}`);
    expect(refused.statusCode).toBe(409);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ items: [{ priceId: family }] });
  });

  it('renew now: the next period is billed (invoice.paid, subscription_cycle) and the subscription moves on to it', async () => {
    const { customer, subscriptionId, act } = await subscribed();
    const before = await payments.retrieveSubscription(subscriptionId);
    expect((await act('renew')).statusCode).toBe(303);
    const after = await payments.retrieveSubscription(subscriptionId);
    const days = ((after?.currentPeriodEnd?.getTime() ?? 0) - (before?.currentPeriodEnd?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    expect(after?.status).toBe('active');

    const events = (await eventsOfCustomer(customer)).slice(4);
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    const end = Math.floor((before?.currentPeriodEnd?.getTime() ?? 0) / 1000);
    expect(events[0]?.payload).toMatchObject({
      data: {
        object: {
          billing_reason: 'subscription_cycle',
          status: 'paid',
          amount_paid: 9900,
          lines: { data: [{ period: { start: end, end: Math.floor((after?.currentPeriodEnd?.getTime() ?? 0) / 1000) } }] },
          parent: { subscription_details: { subscription: subscriptionId } },
        },
      },
    });
    expect(events[2]?.payload).toMatchObject({
      data: { object: { items: { data: [{ current_period_start: end }] } }, previous_attributes: { items: expect.any(Object) } },
    });
    const portal = await payments.createPortalSession({
      customerId: customer,
      returnUrl: 'http://localhost:3000/',
      switchablePriceIds: [],
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(portal.url).pathname, headers: { 'accept-language': 'en' } });
    expect(page.body).not.toContain('Switch to');
    expect(page.body.match(/portal-status portal-active">Paid/g)).toHaveLength(2);
  });

  it('a failed renewal: invoice.payment_failed and past_due; renewing then pays the open invoice and it is active again', async () => {
    const { customer, subscriptionId, act, portalPath } = await subscribed();
    expect((await act('fail-renewal')).statusCode).toBe(303);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'past_due' });
    expect((await act('fail-renewal')).statusCode).toBe(409);
    const pastDue = await t.app.inject({ method: 'GET', url: portalPath, headers: { 'accept-language': 'en' } });
    expect(pastDue.body).toContain('Payment failed');
    expect(pastDue.body).toContain('Retry the payment (it succeeds)');
    expect(pastDue.body).toContain('Not paid');
    expect((await act('renew')).statusCode).toBe(303);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'active' });

    const events = (await eventsOfCustomer(customer)).slice(4);
    expect(events.map((e) => e.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(events[0]?.payload).toMatchObject({
      data: { object: { status: 'open', billing_reason: 'subscription_cycle', amount_paid: 0, amount_remaining: 9900 } },
    });
    expect(events[1]?.payload).toMatchObject({ data: { object: { status: 'past_due' }, previous_attributes: { status: 'active' } } });
    const failedInvoice = objectOf<{ id: string }>(events[0]).id;
    expect(events[2]?.payload).toMatchObject({ data: { object: { id: failedInvoice, status: 'paid', amount_paid: 9900 } } });
    expect(events[4]?.payload).toMatchObject({ data: { object: { status: 'active' }, previous_attributes: { status: 'past_due' } } });
  });

  it('set to cancel at the period’s end, renewing ends it: customer.subscription.deleted, then nothing more', async () => {
    const { customer, subscriptionId, act, portalPath } = await subscribed();
    await act('cancel');
    expect((await act('fail-renewal')).statusCode).toBe(409);
    expect((await act('renew')).statusCode).toBe(303);
    expect(await payments.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    const events = (await eventsOfCustomer(customer)).slice(4);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect(events[1]?.payload).toMatchObject({
      data: { object: { id: subscriptionId, status: 'canceled', ended_at: expect.any(Number) } },
    });
    for (const action of ['renew', 'cancel', 'resume']) expect((await act(action)).statusCode, action).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: portalPath, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Ended on');
    expect(page.body).not.toContain('Test controls');
  });

  it('a portal session reaches its own customer’s subscriptions only; an unknown one is not found', async () => {
    const mine = await subscribed();
    const theirs = await subscribed();
    const res = await t.app.inject({
      method: 'POST',
      url: `${mine.portalPath}/subscriptions/${theirs.subscriptionId}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: '',
    });
    expect(res.statusCode).toBe(404);
    expect(await payments.retrieveSubscription(theirs.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });
    const page = await t.app.inject({ method: 'GET', url: mine.portalPath });
    expect(page.body).not.toContain(theirs.subscriptionId);
    const unknown = await t.app.inject({ method: 'GET', url: '/dev-pay/portal/bps_unknown', headers: { 'accept-language': 'en' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('The portal session has expired or does not exist.');
    await expect(
      payments.createPortalSession({ customerId: 'cus_unknown', returnUrl: 'http://localhost:3000/', switchablePriceIds: [] }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
  });
});

describe('the webhook signature', () => {
  it('verifies what Stripe’s helper signs with the secret, and nothing else', () => {
    if (t.config.payments.kind === 'none') throw new Error('expected payments');
    const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.config.payments.webhookSecret });
    expect(payments.verifyWebhook(Buffer.from(payload), good)).toEqual({
      id: 'evt_test_1',
      type: 'invoice.paid',
      payload: JSON.parse(payload),
    });
    expect(
      payments.verifyWebhook(Buffer.from(payload), Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })),
    ).toBeNull();
    expect(payments.verifyWebhook(Buffer.from(`${payload}\n`), good)).toBeNull();
    expect(payments.verifyWebhook(Buffer.from(payload), undefined)).toBeNull();
    // Older than the tolerance: a replay.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: t.config.payments.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(payments.verifyWebhook(Buffer.from(payload), stale)).toBeNull();
  });
});

describe('when the provider is off', () => {
  it('serves nothing under /dev-pay', async () => {
    const off = await createTestApp({ DEV_PAYMENT_PROVIDER: 'false' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/dev-pay/checkout/cs_test_x' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'POST', url: '/dev-pay/v1/checkout/sessions', payload: {} })).statusCode).toBe(404);
      await expect(off.app.appContext.payments.createCheckoutSession(order())).rejects.toThrow();
    } finally {
      await off.close();
    }
  });
});
