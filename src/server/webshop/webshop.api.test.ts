import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../tests/support/test-app.js';
import { api, frameNumber, giveCredits, registered } from '../bikes/bike-test-factory.js';
import { bikeCredits, identities } from '../db/schema.js';
import { createVoucher } from './service.js';

// §7 Webshop: credits and their activation, the overview (§4), vouchers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const overview = async (token: string) => (await api(t.app, token, 'GET', '/api/webshop/bike-ownership-credits/overview')).json();
const redeem = (token: string, code: unknown) => api(t.app, token, 'POST', '/api/webshop/vouchers/redeem', { code });

describe('vouchers', () => {
  it('redeems a code into credits once per user, up to its limit', async () => {
    await createVoucher(t.database.db, { code: 'SPRING2026', credits: 2, maxRedemptions: 2 });
    const [a, b, c] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const res = await redeem(a.token, ' spring 2026 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      credits_added: 2,
      overview: { credits: 2, current_period_end: expect.any(String), active: true, vip: true, plan_type: 'SINGLE', subscription: null },
    });
    const again = await redeem(a.token, 'SPRING2026');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ detail: [{ loc: ['body', 'code'], msg: 'The code has already been used', type: 'voucher_used' }] });
    expect((await redeem(b.token, 'SPRING2026')).statusCode).toBe(200);
    expect((await redeem(c.token, 'SPRING2026')).json().detail[0].type).toBe('voucher_used');
  });

  it('refuses unknown and expired codes, and bad input', async () => {
    await createVoucher(t.database.db, { code: 'OLD2020', credits: 1, maxRedemptions: 10, expiresAt: new Date('2021-01-01') });
    const user = await signUpUser(t.app);
    for (const code of ['NOPE', 'OLD2020']) {
      const res = await redeem(user.token, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'code'], msg: 'The code is invalid or expired' });
    }
    for (const code of ['', 42, null, 'x'.repeat(41)]) expect((await redeem(user.token, code)).statusCode).toBe(422);
    expect((await api(t.app, null, 'POST', '/api/webshop/vouchers/redeem', { code: 'NOPE' })).statusCode).toBe(401);
  });

  it('two redemptions at once by one user: one 200', async () => {
    await createVoucher(t.database.db, { code: 'RACE1', credits: 1, maxRedemptions: 100 });
    const user = await signUpUser(t.app);
    const results = await Promise.all([redeem(user.token, 'RACE1'), redeem(user.token, 'RACE1')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await overview(user.token)).credits).toBe(1);
  });
});

describe('credits overview (§4)', () => {
  it('no credits, no subscription: inactive', async () => {
    const user = await signUpUser(t.app);
    expect(await overview(user.token)).toEqual({
      credits: 0,
      current_period_end: null,
      active: false,
      vip: false,
      plan_type: null,
      subscription: null,
    });
  });

  it('counts unused credits only', async () => {
    const user = await signUpUser(t.app);
    await giveCredits(t.database.db, user.partyId, 2);
    await registered(t, user.token, { frame_number: frameNumber() });
    expect((await overview(user.token)).credits).toBe(1);
  });

  it('a legacy identity (signed up before 2023-02-07) with credits holds 100 placeholder credits, VIP, and can register with them', async () => {
    const user = await signUpUser(t.app);
    await t.database.db
      .update(identities)
      .set({ signedUpAt: new Date('2022-06-01') })
      .where(eq(identities.partyId, user.partyId));
    await giveCredits(t.database.db, user.partyId, 1);
    const state = await overview(user.token);
    expect(state).toMatchObject({ active: true, vip: true });
    expect(state.credits).toBeGreaterThanOrEqual(100);
    await registered(t, user.token, { frame_number: frameNumber() });
    await registered(t, user.token, { frame_number: frameNumber() });
    const sources = (await t.database.db.select().from(bikeCredits).where(eq(bikeCredits.partyId, user.partyId)))
      .map((c) => c.source)
      .sort();
    expect(sources).toEqual(['seed', 'staff']);
  });
});

describe('activations', () => {
  it('lists my credits and activates an inactive bike with an unused one', async () => {
    const user = await signUpUser(t.app);
    await giveCredits(t.database.db, user.partyId, 1);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    // Make the bike inactive (its credit gone), then give a new credit.
    await t.database.db.delete(bikeCredits).where(eq(bikeCredits.bikeOwnershipId, bike.bike_ownership_id));
    await giveCredits(t.database.db, user.partyId, 1);
    const list = (await api(t.app, user.token, 'GET', '/api/webshop/bike-activations')).json();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual([
      'bike_ownership_id',
      'created_on',
      'id',
      'modified_on',
      'party_id',
      'plan_type',
      'subscription_id',
    ]);
    expect((await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/`)).json().flags.active).toBe(false);
    const res = await api(t.app, user.token, 'POST', `/api/webshop/bike-activations/${list[0].id}`, {
      bike_ownership_id: bike.bike_ownership_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: list[0].id, bike_ownership_id: bike.bike_ownership_id });
    expect((await api(t.app, user.token, 'GET', `/api/bikes/${bike.id}/`)).json().flags.active).toBe(true);
  });

  it('refuses an active bike (409), a used or foreign or unknown credit (404), a foreign bike (404), bad input (422)', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    await giveCredits(t.database.db, user.partyId, 2);
    await giveCredits(t.database.db, stranger.partyId, 2);
    const bike = await registered(t, user.token, { frame_number: frameNumber() });
    const strangerBike = await registered(t, stranger.token, { frame_number: frameNumber() });
    const mine = (await api(t.app, user.token, 'GET', '/api/webshop/bike-activations')).json() as {
      id: string;
      bike_ownership_id: string | null;
    }[];
    const unused = mine.find((c) => c.bike_ownership_id === null)?.id ?? '';
    const used = mine.find((c) => c.bike_ownership_id !== null)?.id ?? '';
    const theirs = (await api(t.app, stranger.token, 'GET', '/api/webshop/bike-activations')).json()[0].id;
    const activate = (creditId: string, body: unknown) => api(t.app, user.token, 'POST', `/api/webshop/bike-activations/${creditId}`, body);
    const active = await activate(unused, { bike_ownership_id: bike.bike_ownership_id });
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('ownership_already_active');
    for (const creditId of [used, theirs, randomUUID(), 'not-a-uuid']) {
      const res = await activate(creditId, { bike_ownership_id: bike.bike_ownership_id });
      expect(res.statusCode, creditId).toBe(404);
      expect(res.json().code).toBe('credit_not_found');
    }
    const foreign = await activate(unused, { bike_ownership_id: strangerBike.bike_ownership_id });
    expect(foreign.statusCode).toBe(404);
    expect((await activate(unused, { bike_ownership_id: 'nope' })).statusCode).toBe(422);
    expect((await activate(unused, {})).statusCode).toBe(422);
    expect((await api(t.app, null, 'GET', '/api/webshop/bike-activations')).statusCode).toBe(401);
  });
});
