import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../tests/support/test-app.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { identities } from '../db/schema.js';
import { recordBikeEvent } from '../shared/bike-history.js';
import { type OwnershipTest, ownershipTest, startTransfer } from './ownership-test-factory.js';

// Issue 5: every state change is recorded (who, when) and shown on the bike's history — to its current
// owner only, earlier owners' part without naming anyone and without their price.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);
type Event = { kind: string; actor: string; data: Record<string, unknown> | null; created_at: string };
const historyOf = async (token: string, bikeId: string) => {
  const res = await call(token, 'GET', `/api/bikes/${bikeId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event[];
};

describe('a bike’s history', () => {
  it('records the registration and the names of changed fields (not their values), newest first', async () => {
    const owner = await o.user();
    const [plate] = await makePlates(o.t.database.db, 1);
    const bike = await o.bike(owner);
    expect(
      (await call(owner.token, 'PATCH', `/api/bikes/${bike.id}/`, { model: 'Secret model', color_id: 'black', bikekey_id: plate }))
        .statusCode,
    ).toBe(200);
    // Sending what the bike already has changes nothing and records nothing.
    expect((await call(owner.token, 'PATCH', `/api/bikes/${bike.id}/`, { model: 'Secret model' })).statusCode).toBe(200);

    const events = await historyOf(owner.token, bike.id);
    expect(events.map((e) => [e.kind, e.actor, e.data])).toEqual([
      ['updated', 'you', { fields: ['model', 'bikekey_id'] }],
      ['registered', 'you', null],
    ]);
    expect(JSON.stringify(events)).not.toContain('Secret model');
    expect(Date.parse(events[0]?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(events[1]?.created_at ?? ''));
  });

  it('is the current owner’s only', async () => {
    const owner = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(owner);
    const res = await call(stranger.token, 'GET', `/api/bikes/${bike.id}/history`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('bike_not_found');
    expect((await call(null, 'GET', `/api/bikes/${bike.id}/history`)).statusCode).toBe(401);
    expect((await call(owner.token, 'GET', '/api/bikes/nope/history')).statusCode).toBe(404);
  });

  it('shows a new owner the earlier life of the bike anonymously, without the earlier price; the old owner no longer sees it', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const staff = await o.user();
    await o.t.database.db.update(identities).set({ role: 'staff' }).where(eq(identities.partyId, staff.partyId));
    const bike = await o.bike(seller);
    // An abandoned transfer to someone else, then the sale.
    const first = await startTransfer(o.t, seller, bike.id, uniqueEmail(), { price_dkk: 100 });
    const stranger = await o.user();
    expect((await call(stranger.token, 'POST', `/api/ownership-transfers/${first.id}/decline`, { token: first.token })).statusCode).toBe(
      200,
    );
    const sale = await startTransfer(o.t, seller, bike.id, buyer.email, { price_dkk: 4000 });
    expect((await call(buyer.token, 'POST', `/api/ownership-transfers/${sale.id}/accept`)).statusCode).toBe(200);
    await recordBikeEvent(o.t.database.db, { bikeId: bike.id, kind: 'ownership_verification_rejected', actorPartyId: staff.partyId });

    const events = await historyOf(buyer.token, bike.id);
    expect(events.map((e) => [e.kind, e.actor, e.data])).toEqual([
      ['ownership_verification_rejected', 'staff', null],
      ['transferred_in', 'you', {}],
      ['transferred_out', 'you', {}],
      ['transfer_started', 'previous_owner', { hand_over_pictures: false, hand_over_documents: false, from_request: false }],
      ['transfer_declined', 'new_owner', null],
      ['transfer_started', 'previous_owner', { hand_over_pictures: false, hand_over_documents: false, from_request: false }],
      ['registered', 'previous_owner', null],
    ]);
    const text = JSON.stringify(events);
    for (const secret of [seller.partyId, stranger.partyId, seller.email]) expect(text).not.toContain(secret);
    // The earlier price as a number anywhere (a bare '4000' also turns up inside random ids now and then).
    expect(text).not.toMatch(/[:[,]4000[,}\]]/);
    expect((await call(seller.token, 'GET', `/api/bikes/${bike.id}/history`)).statusCode).toBe(404);
  });

  it('shows an owner the price of their own transfer', async () => {
    const seller = await o.user();
    const bike = await o.bike(seller);
    await startTransfer(o.t, seller, bike.id, uniqueEmail(), { price_dkk: 750, hand_over_documents: true });
    const [started] = await historyOf(seller.token, bike.id);
    expect(started).toMatchObject({ kind: 'transfer_started', actor: 'you', data: { price_dkk: 750, hand_over_documents: true } });
  });
});
