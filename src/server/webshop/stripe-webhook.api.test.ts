import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { paymentEvents } from '../db/schema.js';

// Issue 12: the payment provider's webhook (POST /api/webshop/webhooks/stripe). The signature on the raw body is
// checked with Stripe's own SDK (300 s tolerance); each verified event is stored once, under its event id.
// The headers here are made with Stripe's test helper, the way Stripe itself signs.

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  if (t.config.payments.kind === 'none') throw new Error('expected payments to be configured in tests');
  secret = t.config.payments.webhookSecret;
});
afterAll(() => t.close());

const URL = '/api/webshop/webhooks/stripe';

function event(type = 'checkout.session.completed') {
  const id = `evt_test_${randomBytes(12).toString('hex')}`;
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: `cs_test_${randomBytes(12).toString('hex')}`, object: 'checkout.session', payment_status: 'paid' } },
  };
}

const sign = (payload: string, options: { timestamp?: number; secret?: string } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });

const post = (payload: string, header: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === undefined ? {} : { 'stripe-signature': header }) },
    payload,
  });

const rowsOf = (id: string) => t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));

describe('the payment webhook', () => {
  it('stores a well-signed event once and answers 200 at once, leaving it to fulfilment', async () => {
    const e = event();
    const payload = JSON.stringify(e, null, 2);
    const res = await post(payload, sign(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const rows = await rowsOf(e.id);
    expect(rows).toHaveLength(1);
    // The fulfilment worker is kicked after the answer, so processed_at may already be set.
    expect(rows[0]).toMatchObject({ id: e.id, type: 'checkout.session.completed', payload: e });
    expect(rows[0]?.receivedAt).toBeInstanceOf(Date);
  });

  it('stores the same event delivered twice only once', async () => {
    const e = event('invoice.paid');
    const payload = JSON.stringify(e);
    expect((await post(payload, sign(payload))).statusCode).toBe(200);
    // A redelivery is signed again, at another time.
    expect((await post(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 5 }))).statusCode).toBe(200);
    expect(await rowsOf(e.id)).toHaveLength(1);
  });

  it('20 concurrent deliveries of one event: all answered 200, one row', async () => {
    const e = event();
    const payload = JSON.stringify(e);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(payload, sign(payload))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await rowsOf(e.id)).toHaveLength(1);
  });

  it('refuses a bad signature, a missing header, a stale timestamp and a body changed after signing: 400, nothing stored', async () => {
    const cases: [string, (payload: string, e: ReturnType<typeof event>) => Promise<Awaited<ReturnType<typeof post>>>][] = [
      ['signed with another secret', (p) => post(p, sign(p, { secret: `whsec_${randomBytes(24).toString('base64url')}` }))],
      ['a forged signature', (p) => post(p, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)],
      ['garbage in the header', (p) => post(p, 'not a signature')],
      ['no header', (p) => post(p, undefined)],
      ['an empty header', (p) => post(p, '')],
      ['signed 301 s ago', (p) => post(p, sign(p, { timestamp: Math.floor(Date.now() / 1000) - 301 }))],
      ['the body changed after signing', (p, e) => post(p.replace(e.type, 'checkout.session.expired'), sign(p))],
      ['a body with a space added after signing', (p) => post(`${p} `, sign(p))],
    ];
    for (const [name, send] of cases) {
      const e = event();
      const payload = JSON.stringify(e);
      const res = await send(payload, e);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ detail: expect.any(String), code: 'webhook_signature_invalid' });
      expect(await rowsOf(e.id), name).toHaveLength(0);
    }
  });

  it('accepts an event signed just within the 300 s tolerance', async () => {
    const e = event();
    const payload = JSON.stringify(e);
    expect((await post(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 290 }))).statusCode).toBe(200);
    expect(await rowsOf(e.id)).toHaveLength(1);
  });

  it('refuses a well-signed body that is not an event: 400, nothing stored', async () => {
    for (const payload of ['not json', '[]', JSON.stringify({ id: 42, type: 'x' }), JSON.stringify({ object: 'event', type: 'x' })]) {
      const res = await post(payload, sign(payload));
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'x'))).toHaveLength(0);
  });

  it('does not change how JSON is read elsewhere in the API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: 'not-an-email', password: 'x'.repeat(12) },
    });
    // The body was parsed as JSON and checked field by field, not taken as raw bytes.
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'email']);
  });
});
