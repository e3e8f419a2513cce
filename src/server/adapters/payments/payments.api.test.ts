import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { paymentEvents } from '../../db/schema.js';
import type { CheckoutSessionInput, PaymentsPort } from './port.js';

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
      paymentIntentId: expect.stringMatching(/^pi_test_/),
    });
    const events = await eventsFor(session.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'checkout.session.completed', processedAt: null });
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
      data: { object: { mode: 'subscription', subscription: expect.stringMatching(/^sub_test_/), payment_intent: null } },
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
