import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/mail.js';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, registered } from '../bikes/bike-test-factory.js';
import { bikeCredits, identities, nafMemberships, orders, paymentEvents, receipts, shipments } from '../db/schema.js';
import { processPaymentEvents } from './fulfilment.js';
import { reconcilePendingOrders } from './reconciliation.js';
import { captureOrder, refundOrder, revokeOrder } from './refunds.js';

// §7 Webshop orders, paid through the development payment provider (the Stripe SDK against /dev-pay): placing an
// order at the server's prices, the hosted page paying it, the provider's signed events fulfilling it once (credits,
// shipments, a receipt with a gapless number and its mail and PDF), and everything that must change nothing twice.

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  if (t.config.payments.kind === 'none') throw new Error('expected payments in tests');
  secret = t.config.payments.webhookSecret;
});
afterAll(() => t.close());

const ORDERS = '/api/webshop/orders';
const REGISTRATION = { family: 'registration', lines: [{ product: 'registration', quantity: 1 }] };

async function buyer(): Promise<SignedUpUser> {
  const user = await signUpUser(t.app);
  await t.database.db
    .update(identities)
    .set({ firstName: 'Ida', lastName: 'Holm', street: 'Nørregade 1', zipCode: '1165', city: 'København K', language: 'en' })
    .where(eq(identities.partyId, user.partyId));
  return user;
}

/** Places an order (201 expected) and answers it with its checkout session's id. */
async function place(user: SignedUpUser, body: unknown = REGISTRATION) {
  const res = await api(t.app, user.token, 'POST', `${ORDERS}/stripe`, body);
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { order: { id: string; status: string; gross_ore: number }; checkout_url: string };
  return { ...answer, sessionId: answer.checkout_url.split('/').pop() ?? '' };
}

const press = (sessionId: string, action: 'pay' | 'decline' | 'expire' | 'pay-later' | 'payment-arrives' | 'payment-fails') =>
  t.app.inject({
    method: 'POST',
    url: `/dev-pay/checkout/${sessionId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const fulfil = () => processPaymentEvents(t.app.appContext);
const orderOf = async (user: SignedUpUser, id: string) => (await api(t.app, user.token, 'GET', `${ORDERS}/${id}`)).json();
const creditsOfOrder = (orderId: string) => t.database.db.select().from(bikeCredits).where(eq(bikeCredits.orderId, orderId));

/** Posts an event to the webhook, signed as the provider signs. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webshop/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('placing an order', () => {
  it('writes a pending order at the server’s prices and answers the provider’s checkout page', async () => {
    const user = await buyer();
    // A price, total or plan from the client is not read.
    const res = await api(t.app, user.token, 'POST', `${ORDERS}/stripe`, {
      family: 'plates',
      lines: [{ product: 'extra_plate', quantity: 3, unit_amount_ore: 1 }],
      gross_ore: 3,
      plan_type: 'FAMILY',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, checkout_url } = res.json();
    expect(checkout_url).toMatch(/^http:\/\/localhost:3000\/dev-pay\/checkout\/cs_test_/);
    expect(order).toMatchObject({
      status: 'pending',
      kind: 'one_time',
      region: 'dk',
      currency: 'DKK',
      lines: [
        { product: 'extra_plate', name: 'Extra plate', quantity: 3, unit_amount_ore: 10_000, gross_ore: 30_000, vat_amount_ore: 6_000 },
      ],
      gross_ore: 30_000,
      vat_ore: 6_000,
      payment: { state: 'none', captured_at: null },
      receipt: null,
      shipments: [],
    });
    const session = await t.app.appContext.payments.retrieveCheckoutSession(checkout_url.split('/').pop());
    expect(session).toMatchObject({ amountTotal: 30_000, currency: 'dkk', metadata: { order_id: order.id } });
  });

  it('gives a NAF member the member price', async () => {
    const user = await buyer();
    await t.database.db.insert(nafMemberships).values({ partyId: user.partyId, memberNumber: 'NAF1234' });
    const { order } = await place(user);
    expect(order.gross_ore).toBe(11_900); // 149 kr less 20 %, in whole kroner
  });

  it('refuses what cannot be bought here, each at its place', async () => {
    const user = await buyer();
    const cases: [unknown, number, string, (string | number)[]?][] = [
      [{ family: 'x', lines: [] }, 422, 'order_empty', ['body', 'lines']],
      [{ family: 'x', lines: [{ product: 'gold_plate', quantity: 1 }] }, 422, 'product_unknown', ['body', 'lines', 0, 'product']],
      [{ family: 'x', lines: [{ product: 'extra_plate', quantity: 0 }] }, 422, 'quantity_invalid', ['body', 'lines', 0, 'quantity']],
      [{ family: 'x', lines: [{ product: 'extra_plate', quantity: 1.5 }] }, 422, 'quantity_invalid'],
      [{ family: 'x', lines: [{ product: 'extra_plate', quantity: 21 }] }, 422, 'quantity_invalid'],
      [{ family: 'x', lines: [{ product: 'extra_plate', quantity: '2' }] }, 422, 'quantity_invalid'],
      [{ family: 'x', currency: 'NOK', lines: [{ product: 'extra_plate', quantity: 1 }] }, 422, 'currency_invalid', ['body', 'currency']],
      [{ family: 'x', currency: 'EUR', lines: [{ product: 'extra_plate', quantity: 1 }] }, 422, 'currency_invalid'],
      [
        { family: 'x', lines: [{ product: 'subscription_single', quantity: 1 }] },
        422,
        'product_not_one_time',
        ['body', 'lines', 0, 'product'],
      ],
      [{ family: 'x', lines: [{ product: 'registration', quantity: 1 }], bike_id: 'nope' }, 422, 'field_invalid'],
      [{ family: 'x', lines: [{ product: 'registration', quantity: 1 }], bike_id: crypto.randomUUID() }, 404, 'bike_not_found'],
      [{ family: 'Not a family!', lines: [{ product: 'registration', quantity: 1 }] }, 422, 'field_invalid'],
      [{ lines: [{ product: 'registration', quantity: 1 }] }, 422, 'field_invalid', ['body', 'family']],
    ];
    for (const [body, status, code, loc] of cases) {
      const res = await api(t.app, user.token, 'POST', `${ORDERS}/stripe`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const answer = res.json();
      if (status === 422) {
        expect(answer.detail[0].type, JSON.stringify(body)).toBe(code);
        if (loc) expect(answer.detail[0].loc).toEqual(loc);
      } else expect(answer.code).toBe(code);
    }
    const unknown = await api(t.app, user.token, 'POST', `${ORDERS}/paypal`, REGISTRATION);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('payment_provider_unknown');
    expect((await api(t.app, null, 'POST', `${ORDERS}/stripe`, REGISTRATION)).statusCode).toBe(401);
    const written = await t.database.db.select().from(orders).where(eq(orders.partyId, user.partyId));
    expect(written).toHaveLength(0);
  });

  it('a registration for a bike must be for my current bike', async () => {
    const owner = await buyer();
    await giveCredits(t.database.db, owner.partyId);
    const bike = await registered(t, owner.token, { frame_number: frameNumber() });
    const stranger = await buyer();
    const res = await api(t.app, stranger.token, 'POST', `${ORDERS}/stripe`, { ...REGISTRATION, bike_id: bike.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('bike_not_found');
  });
});

describe('plates need an address', () => {
  it('a plate order without a full address in the profile is refused before any checkout: 422 delivery_address_missing', async () => {
    const user = await signUpUser(t.app);
    await t.database.db
      .update(identities)
      .set({ zipCode: '2100', city: 'København Ø', language: 'en' })
      .where(eq(identities.partyId, user.partyId));
    const res = await api(t.app, user.token, 'POST', `${ORDERS}/stripe`, {
      family: 'plates',
      lines: [{ product: 'extra_plate', quantity: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      type: 'delivery_address_missing',
      msg: 'Add your address to your profile so that we can send you the plates.',
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.partyId, user.partyId))).toHaveLength(0);
    // A registration needs no address.
    expect((await api(t.app, user.token, 'POST', `${ORDERS}/stripe`, REGISTRATION)).statusCode).toBe(201);
  });
});

describe('paying', () => {
  it('pay: the order is paid once the provider’s event is processed; credit, receipt, mail and PDF follow', async () => {
    const user = await buyer();
    const placed = await place(user, { family: 'registration', lines: [{ product: 'registration', quantity: 2 }] });
    expect((await press(placed.sessionId, 'pay')).headers.location).toBe(
      `http://localhost:3000/purchase-complete-redirect?order_id=${placed.order.id}`,
    );
    await fulfil();

    const order = await orderOf(user, placed.order.id);
    expect(order).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
      payment: { state: 'captured', captured_at: expect.any(String), refunded_at: null },
      receipt: { id: expect.any(String), number: expect.stringMatching(/^DK-\d{6}$/), issued_at: expect.any(String) },
    });
    const credits = await creditsOfOrder(placed.order.id);
    expect(credits).toHaveLength(2);
    expect(credits.every((c) => c.source === 'purchase' && c.planType === 'SINGLE' && c.partyId === user.partyId)).toBe(true);

    const [mail] = await mailsTo(t.database.db, user.email, `Your receipt ${order.receipt.number}`);
    expect(mail?.text).toMatch(/2 × Bike registration: DKK\s298\.00 \(DKK\s149\.00 each, incl\. 25 % VAT DKK\s59\.60\)/);
    expect(mail?.text).toMatch(/Total DKK\s298\.00 incl\. VAT DKK\s59\.60 \(excl\. VAT DKK\s238\.40\)\./);
    expect(mail?.text).toContain('14-day right of withdrawal');
    expect(mail?.text).toContain(`/app/settings/orders/${placed.order.id}`);
    expect(mail?.text).toContain('CVR 12345678');

    const pdf = await api(t.app, user.token, 'GET', `/api/webshop/receipts/${order.receipt.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Someone else sees neither the order nor the receipt, nor finds it in their list.
    const stranger = await buyer();
    const theirs = await api(t.app, stranger.token, 'GET', `${ORDERS}/${placed.order.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('order_not_found');
    const theirPdf = await api(t.app, stranger.token, 'GET', `/api/webshop/receipts/${order.receipt.id}/pdf`);
    expect(theirPdf.statusCode).toBe(404);
    expect(theirPdf.json().code).toBe('receipt_not_found');
    expect((await api(t.app, stranger.token, 'GET', `${ORDERS}/`)).json()).toEqual({ items: [], total: 0, next_offset: null });
    expect((await api(t.app, user.token, 'GET', `${ORDERS}/not-an-id`)).statusCode).toBe(404);
    expect((await api(t.app, user.token, 'GET', '/api/webshop/receipts/not-an-id/pdf')).statusCode).toBe(404);
  });

  it('lists my orders newest first, a page at a time', async () => {
    const user = await buyer();
    const first = await place(user);
    const second = await place(user);
    const list = await api(t.app, user.token, 'GET', `${ORDERS}/`);
    expect(list.json()).toMatchObject({ total: 2, next_offset: null });
    expect(list.json().items.map((o: { id: string }) => o.id)).toEqual([second.order.id, first.order.id]);
    expect((await api(t.app, user.token, 'GET', `${ORDERS}/?offset=-1`)).statusCode).toBe(422);
  });

  it('a registration bought for my bike is put on it', async () => {
    const user = await buyer();
    await giveCredits(t.database.db, user.partyId);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    // The bike's registration ended (e.g. its credit was taken back): it can be bought again for this bike.
    await t.database.db.delete(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, bike.bike_ownership_id));
    const services = await api(t.app, user.token, 'POST', `/api/webshop/bike-services/${bike.id}`);
    expect(services.json()).toMatchObject({
      has_products: true,
      products: [
        { product: 'registration', unit_amount_ore: 14_900 },
        { product: 'extra_plate', unit_amount_ore: 10_000 },
      ],
    });

    const placed = await place(user, { ...REGISTRATION, bike_id: bike.id });
    await press(placed.sessionId, 'pay');
    await fulfil();
    expect(await creditsOfOrder(placed.order.id)).toMatchObject([{ bikeOwnershipId: bike.bike_ownership_id }]);
    const after = await api(t.app, user.token, 'POST', `/api/webshop/bike-services/${bike.id}`);
    expect(after.json().products.map((p: { product: string }) => p.product)).toEqual(['extra_plate']);
    const stranger = await buyer();
    expect((await api(t.app, stranger.token, 'POST', `/api/webshop/bike-services/${bike.id}`)).statusCode).toBe(404);
  });

  it('20 deliveries of the paid event at once, and late or out-of-order events, grant once', async () => {
    const user = await buyer();
    const placed = await place(user);
    await press(placed.sessionId, 'pay');
    const session = { id: placed.sessionId, object: 'checkout.session', metadata: { order_id: placed.order.id } };
    await Promise.all(Array.from({ length: 20 }, () => deliver('checkout.session.completed', session)));
    await fulfil();
    // Late and out of order: an expiry, a failure, a success again.
    await deliver('checkout.session.expired', session);
    await deliver('checkout.session.async_payment_failed', session);
    await deliver('checkout.session.async_payment_succeeded', session);
    await fulfil();

    expect(await creditsOfOrder(placed.order.id)).toHaveLength(1);
    expect(await t.database.db.select().from(receipts).where(eq(receipts.orderId, placed.order.id))).toHaveLength(1);
    expect((await orderOf(user, placed.order.id)).status).toBe('paid');
    const pending = await t.database.db.select().from(paymentEvents).where(sql`${paymentEvents.processedAt} is null`);
    expect(pending).toEqual([]);
  });

  it('an event the provider contradicts changes nothing: a “paid” event for a session still open', async () => {
    const user = await buyer();
    const placed = await place(user);
    await deliver('checkout.session.completed', {
      id: placed.sessionId,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      metadata: { order_id: placed.order.id },
    });
    await fulfil();
    expect((await orderOf(user, placed.order.id)).status).toBe('pending');
    expect(await creditsOfOrder(placed.order.id)).toHaveLength(0);
  });

  it('declined: nothing granted, the order waits; expired: cancelled', async () => {
    const user = await buyer();
    const placed = await place(user);
    const declined = await press(placed.sessionId, 'decline');
    expect(declined.headers.location).toBe(`http://localhost:3000/purchase-failed?order_id=${placed.order.id}`);
    await fulfil();
    expect((await orderOf(user, placed.order.id)).status).toBe('pending');
    await press(placed.sessionId, 'expire');
    await fulfil();
    expect((await orderOf(user, placed.order.id)).status).toBe('cancelled');
    expect(await creditsOfOrder(placed.order.id)).toHaveLength(0);
  });

  it('back from a declined checkout, the order is given up: cancelled at once, nothing granted; only by its owner; a paid one stays paid', async () => {
    const user = await buyer();
    const placed = await place(user);
    await press(placed.sessionId, 'decline');
    const stranger = await buyer();
    expect((await api(t.app, stranger.token, 'POST', `${ORDERS}/${placed.order.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await api(t.app, user.token, 'POST', `${ORDERS}/${placed.order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: placed.order.id, status: 'cancelled' });
    // The checkout is over: it can no longer be paid by mistake.
    expect((await press(placed.sessionId, 'pay')).statusCode).not.toBe(303);
    await fulfil();
    expect((await orderOf(user, placed.order.id)).status).toBe('cancelled');
    expect(await creditsOfOrder(placed.order.id)).toHaveLength(0);

    const paid = await place(user);
    await press(paid.sessionId, 'pay');
    await fulfil();
    expect((await api(t.app, user.token, 'POST', `${ORDERS}/${paid.order.id}/cancel`)).json()).toMatchObject({ status: 'paid' });
    expect(await creditsOfOrder(paid.order.id)).toHaveLength(1);
  });

  it('paid later: pending until the payment arrives, then paid; or failed when it fails, with nothing granted', async () => {
    const user = await buyer();
    const arrives = await place(user);
    await press(arrives.sessionId, 'pay-later');
    await fulfil();
    expect((await orderOf(user, arrives.order.id)).status).toBe('pending');
    await press(arrives.sessionId, 'payment-arrives');
    await fulfil();
    expect((await orderOf(user, arrives.order.id)).status).toBe('paid');
    expect(await creditsOfOrder(arrives.order.id)).toHaveLength(1);

    const fails = await place(user);
    await press(fails.sessionId, 'pay-later');
    await press(fails.sessionId, 'payment-fails');
    await fulfil();
    expect((await orderOf(user, fails.order.id)).status).toBe('failed');
    expect(await creditsOfOrder(fails.order.id)).toHaveLength(0);
    expect((await orderOf(user, fails.order.id)).receipt).toBeNull();
  });

  it('receipt numbers have no gaps across payments made at once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => buyer()));
    const placed = await Promise.all(users.map((u) => place(u)));
    await Promise.all(placed.map((p) => press(p.sessionId, 'pay')));
    await fulfil();
    const numbers = (
      await t.database.db.select({ n: receipts.number }).from(receipts).where(eq(receipts.series, 'dk')).orderBy(asc(receipts.number))
    ).map((r) => r.n);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    for (const p of placed) expect(await t.database.db.select().from(receipts).where(eq(receipts.orderId, p.order.id))).toHaveLength(1);
  });
});

describe('plates', () => {
  it('a plate order is only authorised: shipments to my address, a receipt saying when it is charged; captured at dispatch', async () => {
    const user = await buyer();
    const placed = await place(user, { family: 'plates', lines: [{ product: 'extra_plate', quantity: 2 }] });
    await press(placed.sessionId, 'pay');
    await fulfil();
    const order = await orderOf(user, placed.order.id);
    expect(order).toMatchObject({
      status: 'paid',
      payment: { state: 'authorised', captured_at: null },
      receipt: { number: expect.stringMatching(/^DK-/) },
      shipments: [{ status: 'ordered', plate_ids: [], shipped_at: null, delivered_at: null }],
    });
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.partyId, user.partyId));
    expect(shipment?.address).toEqual({ name: 'Ida Holm', address: 'Nørregade 1', postalCode: '1165', city: 'København K', country: 'DK' });
    const [mail] = await mailsTo(t.database.db, user.email, `Your receipt ${order.receipt.number}`);
    expect(mail?.text).toContain('charged when the plates are dispatched');

    await captureOrder(t.app.appContext, placed.order.id);
    expect((await orderOf(user, placed.order.id)).payment).toMatchObject({ state: 'captured', captured_at: expect.any(String) });
    await expect(captureOrder(t.app.appContext, placed.order.id)).rejects.toMatchObject({ code: 'order_not_capturable' });
  });
});

describe('refunds', () => {
  it('refundOrder refunds at the provider and takes back what was not used', async () => {
    const user = await buyer();
    const placed = await place(user, { family: 'registration', lines: [{ product: 'registration', quantity: 3 }] });
    await expect(refundOrder(t.app.appContext, placed.order.id)).rejects.toMatchObject({ code: 'order_not_refundable' });
    await press(placed.sessionId, 'pay');
    await fulfil();
    await registered(t, user.token, { frame_number: frameNumber() });
    await refundOrder(t.app.appContext, placed.order.id);
    expect((await creditsOfOrder(placed.order.id)).map((c) => c.bikeOwnershipId !== null)).toEqual([true]);
    expect((await orderOf(user, placed.order.id)).status).toBe('refunded');
    await expect(refundOrder(t.app.appContext, placed.order.id)).rejects.toMatchObject({ code: 'order_not_refundable' });
  });

  it('a refund takes back the unused credits of the order, keeps the used ones, and happens once (charge.refunded)', async () => {
    const user = await buyer();
    const placed = await place(user, { family: 'registration', lines: [{ product: 'registration', quantity: 2 }] });
    await press(placed.sessionId, 'pay');
    await fulfil();
    // One of the two is used for a bike.
    await registered(t, user.token, { frame_number: frameNumber() });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    const charge = { id: 'ch_test_1', object: 'charge', payment_intent: row?.providerPaymentIntentId, refunded: true };
    await deliver('charge.refunded', charge);
    await deliver('charge.refunded', charge);
    await fulfil();

    const left = await creditsOfOrder(placed.order.id);
    expect(left).toHaveLength(1);
    expect(left[0]?.bikeOwnershipId).not.toBeNull();
    expect(await orderOf(user, placed.order.id)).toMatchObject({ status: 'refunded', payment: { state: 'refunded' } });
  });

  it('unsent plates are cancelled', async () => {
    const user = await buyer();
    const placed = await place(user, { family: 'plates', lines: [{ product: 'extra_plate', quantity: 2 }] });
    await press(placed.sessionId, 'pay');
    await fulfil();
    expect((await orderOf(user, placed.order.id)).shipments).toMatchObject([{ status: 'ordered' }]);
    await t.database.db.transaction((tx) => revokeOrder(tx, placed.order.id));
    expect(await orderOf(user, placed.order.id)).toMatchObject({ status: 'refunded', shipments: [{ status: 'cancelled' }] });
  });
});

/** Pays while the webhook is lost: the database drops the provider's events meanwhile. */
async function payWithWebhookLost(sessionId: string) {
  const db = t.database.db;
  await db.execute(sql`create function drop_payment_events() returns trigger language plpgsql as $$ begin return null; end $$`);
  await db.execute(
    sql`create trigger drop_payment_events before insert on payment_event for each row execute function drop_payment_events()`,
  );
  try {
    await press(sessionId, 'pay');
  } finally {
    await db.execute(sql`drop trigger drop_payment_events on payment_event`);
    await db.execute(sql`drop function drop_payment_events()`);
  }
}

describe('reconciliation', () => {
  it('heals a missed webhook: the provider is asked about orders still pending', async () => {
    const user = await buyer();
    const placed = await place(user);
    await payWithWebhookLost(placed.sessionId);
    await fulfil();
    expect(
      await t.database.db.select().from(paymentEvents).where(sql`${paymentEvents.payload}->'data'->'object'->>'id' = ${placed.sessionId}`),
    ).toEqual([]);
    expect((await orderOf(user, placed.order.id)).status).toBe('pending');

    // Too new to ask about yet; a few minutes later, it is paid and fulfilled once.
    await reconcilePendingOrders(t.app.appContext);
    expect((await orderOf(user, placed.order.id)).status).toBe('pending');
    await reconcilePendingOrders(t.app.appContext, new Date(Date.now() + 10 * 60_000));
    await reconcilePendingOrders(t.app.appContext, new Date(Date.now() + 10 * 60_000));
    expect(await orderOf(user, placed.order.id)).toMatchObject({ status: 'paid', receipt: { number: expect.any(String) } });
    expect(await creditsOfOrder(placed.order.id)).toHaveLength(1);
  });

  it('the waiting page’s poll asks the provider about its order a few seconds on', async () => {
    const user = await buyer();
    const placed = await place(user);
    await payWithWebhookLost(placed.sessionId);
    expect((await orderOf(user, placed.order.id)).status).toBe('pending');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 30_000) })
      .where(and(eq(orders.id, placed.order.id)));
    expect((await orderOf(user, placed.order.id)).status).toBe('paid');
  });
});

describe('quotes', () => {
  const quote = (user: SignedUpUser, configId: string, body?: unknown) =>
    api(t.app, user.token, 'POST', `${ORDERS}/initiations?config_id=${configId}`, body);

  it('prices a preset without writing anything', async () => {
    const user = await buyer();
    const res = await quote(user, 'registration_and_plate', { quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await quote(user, 'registration')).json()).toMatchObject({ gross_ore: 14_900, withdrawal_days: 14 });
    expect(res.json()).toEqual({
      config_id: 'registration_and_plate',
      region: 'dk',
      currency: 'DKK',
      kind: 'one_time',
      lines: [
        expect.objectContaining({ product: 'registration', name: 'Bike registration', quantity: 1, unit_amount_ore: 14_900 }),
        expect.objectContaining({ product: 'extra_plate', quantity: 2, gross_ore: 20_000, vat_amount_ore: 4_000, vat_rate_percent: 25 }),
      ],
      gross_ore: 34_900,
      vat_ore: 6_980,
      net_ore: 27_920,
      interval: null,
      member_discount_applied: false,
      withdrawal_days: 14,
    });
    const family = await quote(user, 'subscription_family', { region: 'no' });
    expect(family.json()).toMatchObject({ currency: 'NOK', kind: 'subscription', interval: 'year', gross_ore: 19_900 });
    expect((await quote(user, 'subscription_organisation', { quantity: 12 })).json()).toMatchObject({ gross_ore: 12 * 7_900 });
    expect(await t.database.db.select().from(orders).where(eq(orders.partyId, user.partyId))).toEqual([]);
  });

  it('refuses an unknown preset and a quantity out of range', async () => {
    const user = await buyer();
    const unknown = await quote(user, 'gold');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['querystring', 'config_id']);
    const tooMany = await quote(user, 'extra_plate', { quantity: 21 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail[0]).toMatchObject({ loc: ['body', 'quantity'], type: 'quantity_invalid' });
  });
});
