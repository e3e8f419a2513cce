import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type SignedUpUser, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, makePlates, registered } from '../bikes/bike-test-factory.js';
import { bikeCredits, orders, outbox, paymentEvents, receipts, subscriptions } from '../db/schema.js';
import { reconcileLapsedSubscriptions } from './reconciliation.js';

// Subscriptions bought and kept through the development payment provider (it speaks Stripe's API and posts signed
// events): the checkout starts one, the portal cancels, switches and renews it, and the fulfilment worker applies
// each event through prepareSubscriptionEvent. Events late, duplicated or many at once change nothing twice.

let t: TestApp;
let webhookSecret: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  if (t.config.payments.kind === 'none') throw new Error('expected payments in tests');
  webhookSecret = t.config.payments.webhookSecret;
});
afterAll(() => t.close());

const year = 365 * 86_400_000;
const path = (url: string) => new URL(url).pathname;

/** Waits until the worker has applied every stored event (a failure shows its error). */
async function eventsApplied(): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await t.database.db.select().from(paymentEvents).where(isNull(paymentEvents.processedAt));
      const failed = waiting.find((row) => row.lastError);
      if (failed) throw new Error(`event ${failed.type} failed: ${failed.lastError}`);
      expect(waiting).toEqual([]);
    },
    { timeout: 15_000, interval: 20 },
  );
}

const rowOf = async (partyId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.partyId, partyId)))[0];
const overview = async (token: string) => (await api(t.app, token, 'GET', '/api/webshop/bike-ownership-credits/overview')).json();

/** Buys a subscription through the provider's checkout and waits for its events. */
async function subscribe(user: SignedUpUser, body: Record<string, unknown>) {
  const res = await api(t.app, user.token, 'POST', '/api/webshop/subscriptions/sessions', body);
  expect(res.statusCode, res.body).toBe(201);
  const { order_id, checkout_url } = res.json();
  const paid = await t.app.inject({ method: 'POST', url: `${path(checkout_url)}/pay` });
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toContain(`/purchase-subscription-redirect?order_id=${order_id}`);
  await eventsApplied();
  return order_id as string;
}

/** Opens my portal and answers a function acting in it on my subscription. */
async function portalOf(user: SignedUpUser) {
  const res = await api(t.app, user.token, 'POST', '/api/webshop/customers/sessions', { return_path: '/app/my-bikes?from=portal' });
  expect(res.statusCode, res.body).toBe(200);
  const portal = path(res.json().session_url);
  const page = async () => (await t.app.inject({ method: 'GET', url: portal })).body;
  return {
    page,
    async act(action: string, form: Record<string, string> = {}) {
      const subscriptionId = (await rowOf(user.partyId))?.providerSubscriptionId;
      const done = await t.app.inject({
        method: 'POST',
        url: `${portal}/subscriptions/${subscriptionId}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      expect(done.statusCode, done.body).toBe(303);
      await eventsApplied();
    },
  };
}

/** Posts an event signed as the provider signs, as a new delivery (its own id) of what `like` says. */
async function deliver(like: { type: string; payload: unknown }, created?: number) {
  const payload = like.payload as Record<string, unknown>;
  const body = JSON.stringify({ ...payload, id: `evt_test_${randomBytes(12).toString('hex')}`, ...(created ? { created } : {}) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webshop/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
    },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

async function lastEvent(type: string) {
  const rows = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, type));
  const last = rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).at(-1);
  if (!last) throw new Error(`no ${type} event`);
  return last;
}

describe('a subscription bought at checkout', () => {
  it('starts active with its period end from the items, plan and quantity; the plate’s bike goes on it', async () => {
    const user = await signUpUser(t.app);
    const [plate] = await makePlates(t.database.db, 1);
    await giveCredits(t.database.db, user.partyId, 1);
    const bike = await registered(t, user.token, { bikekey_id: plate });
    await t.database.db.delete(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, bike.bike_ownership_id));

    const orderId = await subscribe(user, { plan_type: 'FAMILY', already_activated_plate_id: plate?.toLowerCase() });
    const row = await rowOf(user.partyId);
    expect(row).toMatchObject({ planType: 'FAMILY', providerStatus: 'active', cancelAtPeriodEnd: false, quantity: 1 });
    expect(row?.providerSubscriptionId).toMatch(/^sub_/);
    expect(Math.abs((row?.currentPeriodEnd?.getTime() ?? 0) - (Date.now() + year))).toBeLessThan(2 * 86_400_000);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', kind: 'subscription', planType: 'FAMILY', grossOre: 19900 });
    expect((await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/`)).json().flags.active).toBe(true);
    expect((await overview(user.token)).subscription).toMatchObject({
      plan_type: 'FAMILY',
      status: 'active',
      active: true,
      bikes_limit: 5,
      bikes_used: 1,
      bikes_remaining: 4,
    });
    // A second one is refused while this one is open.
    const again = await api(t.app, user.token, 'POST', '/api/webshop/subscriptions/sessions', { plan_type: 'SINGLE' });
    expect(again.json()).toMatchObject({ code: 'subscription_exists' });
  });

  it('a NAF member pays the member price', async () => {
    const user = await signUpUser(t.app);
    await api(t.app, user.token, 'POST', '/api/webshop/naf/', { member_number: 'NAF5001' });
    const orderId = await subscribe(user, { plan_type: 'SINGLE' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ grossOre: 7900, nafMemberNumber: 'NAF5001' });
    expect(await rowOf(user.partyId)).toMatchObject({ planType: 'SINGLE', providerStatus: 'active' });
  });

  it('an organisation’s subscription covers the bikes paid for', async () => {
    const admin = await signUpUser(t.app);
    const created = (await api(t.app, admin.token, 'POST', '/api/organisations/', { name: 'Budfirma ApS' })).json();
    const org = { ...admin, token: created.authentication_token, partyId: created.organisation.party_id };
    const res = await api(t.app, org.token, 'POST', '/api/webshop/subscriptions/sessions', { plan_type: 'ORGANISATION', quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `${path(res.json().checkout_url)}/pay` });
    expect(paid.headers.location).toContain('/organisation-payment-complete-redirect?order_id=');
    await eventsApplied();
    expect(await rowOf(org.partyId)).toMatchObject({ planType: 'ORGANISATION', quantity: 3, providerStatus: 'active' });
    for (let i = 0; i < 3; i += 1) await registered(t, org.token, { frame_number: frameNumber() });
    expect((await api(t.app, org.token, 'POST', '/api/bikes/', { frame_number: frameNumber() })).json()).toMatchObject({
      code: 'subscription_full',
    });
  });
});

describe('the portal and the events that follow', () => {
  it('cancel at period end keeps it active; switching the plan, renewing, a failed renewal and the end all reach the row', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user, { plan_type: 'FAMILY' });
    const first = await rowOf(user.partyId);
    const portal = await portalOf(user);
    expect(await portal.page()).toContain('/app/my-bikes?from=portal');

    await portal.act('cancel');
    expect(await rowOf(user.partyId)).toMatchObject({ cancelAtPeriodEnd: true, providerStatus: 'active' });
    expect((await overview(user.token)).subscription).toMatchObject({ active: true, cancel_at_period_end: true });
    await portal.act('resume');
    expect(await rowOf(user.partyId)).toMatchObject({ cancelAtPeriodEnd: false });

    // The portal offers the region's single plan to switch to.
    const single = /name="price" value="(price_[^"]+)"/.exec(await portal.page())?.[1];
    expect(single).toBeDefined();
    await portal.act('switch', { price: single ?? '' });
    expect(await rowOf(user.partyId)).toMatchObject({ planType: 'SINGLE' });

    // A paid renewal moves the period on a year and gets its receipt.
    await portal.act('renew');
    const renewed = await rowOf(user.partyId);
    expect((renewed?.currentPeriodEnd?.getTime() ?? 0) - (first?.currentPeriodEnd?.getTime() ?? 0)).toBeGreaterThan(360 * 86_400_000);
    const renewalReceipts = await t.database.db.select().from(receipts).where(eq(receipts.partyId, user.partyId));
    expect(renewalReceipts.filter((r) => r.providerInvoiceId !== null)).toMatchObject([{ grossOre: 9900, currency: 'DKK' }]);

    // A failed renewal: past due, the period not moved on (it lapses), one mail to the owner.
    await portal.act('fail-renewal');
    expect(await rowOf(user.partyId)).toMatchObject({ providerStatus: 'past_due', currentPeriodEnd: renewed?.currentPeriodEnd });
    const mails = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.partyId, user.partyId), eq(outbox.subject, 'Betalingen for dit abonnement gik ikke igennem')));
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]?.text).toContain('abonnementsportalen');

    // The same event delivered again, twenty times at once, and an older one: nothing changes twice.
    const failed = await lastEvent('invoice.payment_failed');
    const before = await rowOf(user.partyId);
    await Promise.all(Array.from({ length: 20 }, () => deliver(failed)));
    await deliver(await lastEvent('customer.subscription.updated'), Math.floor(Date.now() / 1000) - 3600);
    await eventsApplied();
    expect(await mails()).toHaveLength(1);
    expect(await rowOf(user.partyId)).toEqual({ ...before, updatedAt: expect.any(Date) });

    // The card is fixed: the open invoice is paid and the period runs again.
    await portal.act('renew');
    expect(await rowOf(user.partyId)).toMatchObject({ providerStatus: 'active' });
    expect((await rowOf(user.partyId))?.currentPeriodEnd?.getTime()).toBeGreaterThan(renewed?.currentPeriodEnd?.getTime() ?? 0);

    // Cancelled, then its period's end comes (customer.subscription.deleted): it is over at the provider, runs to the
    // end the provider reports, and a new one may be bought; once that end has passed, it adds no more bikes.
    await portal.act('cancel');
    await portal.act('renew');
    expect(await rowOf(user.partyId)).toMatchObject({ providerStatus: 'canceled' });
    expect((await overview(user.token)).subscription).toMatchObject({ status: 'canceled' });
    const next = await api(t.app, user.token, 'POST', '/api/webshop/subscriptions/sessions', { plan_type: 'SINGLE' });
    expect(next.statusCode, next.body).toBe(201);
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.partyId, user.partyId));
    expect((await overview(user.token)).subscription).toMatchObject({ active: false });
    expect((await api(t.app, user.token, 'POST', '/api/bikes/', { frame_number: frameNumber() })).statusCode).toBe(402);
  });

  it('someone else cannot open my portal: theirs has no subscription', async () => {
    const [me, other] = [await signUpUser(t.app), await signUpUser(t.app)];
    await subscribe(me, { plan_type: 'SINGLE' });
    const res = await api(t.app, other.token, 'POST', '/api/webshop/customers/sessions', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'subscription_not_found' });
  });
});

describe('POST /api/webshop/customer-session-for-pricing-table', () => {
  it('answers a client secret and its expiry, making the customer when missing', async () => {
    const user = await signUpUser(t.app);
    const res = await api(t.app, user.token, 'POST', '/api/webshop/customer-session-for-pricing-table');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ client_secret: expect.any(String), expires_at: expect.any(String) });
    expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await api(t.app, null, 'POST', '/api/webshop/customer-session-for-pricing-table')).statusCode).toBe(401);
  });
});

describe('reconciliation of subscriptions', () => {
  it('a renewal whose webhook was lost does not lapse a paying customer: the provider is asked once the period has passed', async () => {
    const user = await signUpUser(t.app);
    await subscribe(user, { plan_type: 'SINGLE' });
    const paidUntil = (await rowOf(user.partyId))?.currentPeriodEnd;
    // As if the period had ended and the renewal's events never came.
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.partyId, user.partyId));
    expect((await overview(user.token)).active).toBe(false);

    expect(await reconcileLapsedSubscriptions(t.app.appContext)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(user.partyId))?.currentPeriodEnd).toEqual(paidUntil);
    expect((await overview(user.token)).active).toBe(true);
    // Nothing left to ask about for this one.
    const after = await t.database.db.select().from(subscriptions).where(eq(subscriptions.partyId, user.partyId));
    expect(after[0]?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());
  });
});
