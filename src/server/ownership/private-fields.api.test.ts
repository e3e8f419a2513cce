import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../../../tests/support/test-app.js';
import { api } from '../bikes/bike-test-factory.js';
import { bikeOwnerships } from '../db/schema.js';
import { type OwnershipTest, ownershipTest, startTransfer } from './ownership-test-factory.js';

// Hardening: a bike's nickname, purchase price and purchase date are its owner's, not the bike's. A new
// owner starts without them (whichever way the bike came: a transfer by email or an accepted ownership
// request), and the previous owner's values stay with the ownership that wrote them.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);

const PRIVATE = { nickname: 'Min røde lyn', normal_price_dkk: 12345, purchase_date: '2022-05-17' };

/** A bike of the seller with the private fields set through an edit (so the history has an "updated" event). */
async function bikeWithPrivateFields(seller: SignedUpUser) {
  const bike = await o.bike(seller, { nickname: 'Første navn' });
  const edited = await call(seller.token, 'PATCH', `/api/bikes/${bike.id}/`, PRIVATE);
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject(PRIVATE);
  const model = await call(seller.token, 'PATCH', `/api/bikes/${bike.id}/`, { model: 'Logic 2', nickname: 'Min røde lyn' });
  expect(model.statusCode, model.body).toBe(200);
  return bike;
}

/** Everything the new owner can read about the bike: the bike, the list, its history, its transfers. */
async function whatTheNewOwnerSees(buyer: SignedUpUser, bikeId: string): Promise<string> {
  const bike = await call(buyer.token, 'GET', `/api/bikes/${bikeId}/`);
  expect(bike.statusCode, bike.body).toBe(200);
  expect(bike.json()).toMatchObject({ nickname: null, normal_price_dkk: null, purchase_date: null });
  const list = await call(buyer.token, 'GET', '/api/bikes/');
  expect(list.json()).toEqual([expect.objectContaining({ id: bikeId, nickname: null, normal_price_dkk: null, purchase_date: null })]);
  const history = await call(buyer.token, 'GET', `/api/bikes/${bikeId}/history`);
  expect(history.statusCode, history.body).toBe(200);
  // Not even which of them the previous owner changed: the previous owner's edits name only the bike's fields.
  const earlier = (history.json() as { actor: string; kind: string; data: { fields?: string[] } | null }[]).filter(
    (e) => e.actor === 'previous_owner' && e.kind === 'updated',
  );
  expect(earlier.flatMap((e) => e.data?.fields ?? [])).toEqual(['model']);
  const transfers = await call(buyer.token, 'GET', '/api/ownership-transfers/incoming');
  const plates = await call(buyer.token, 'GET', '/api/plates/mine');
  return [bike.body, list.body, history.body, transfers.body, plates.body].join('\n');
}

function expectNoneOfTheSellers(seen: string): void {
  expect(seen).not.toContain(PRIVATE.nickname);
  expect(seen).not.toContain('Første navn');
  expect(seen).not.toContain(String(PRIVATE.normal_price_dkk));
  expect(seen).not.toContain(PRIVATE.purchase_date);
}

describe('the private fields of a bike after it changes hands', () => {
  it('a transfer by email: the new owner sees none of them; the seller’s ownership keeps them', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await bikeWithPrivateFields(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email, { price_dkk: 4000 });
    const accepted = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token });
    expect(accepted.statusCode, accepted.body).toBe(200);

    expectNoneOfTheSellers(await whatTheNewOwnerSees(buyer, bike.id));

    const [old] = await o.t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    expect(old).toMatchObject({
      nickname: PRIVATE.nickname,
      normalPriceDkk: PRIVATE.normal_price_dkk,
      purchaseDate: PRIVATE.purchase_date,
    });
    expect(old?.endedAt).not.toBeNull();

    // The new owner's own values are theirs alone, and do not overwrite the seller's.
    const own = await call(buyer.token, 'PATCH', `/api/bikes/${bike.id}/`, { nickname: 'Købt brugt', normal_price_dkk: 4000 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ nickname: 'Købt brugt', normal_price_dkk: 4000, purchase_date: null });
    const [still] = await o.t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    expect(still).toMatchObject({ nickname: PRIVATE.nickname, normalPriceDkk: PRIVATE.normal_price_dkk });
  });

  it('an accepted ownership request: the requester sees none of them', async () => {
    const owner = await o.user();
    const requester = await o.user();
    const bike = await bikeWithPrivateFields(owner);
    const asked = await call(requester.token, 'POST', `/api/bikes/${bike.id}/ownership-requests`, { content: 'Jeg har cyklen nu.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const accepted = await call(owner.token, 'POST', `/api/ownership-requests/${asked.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const taken = await call(requester.token, 'POST', `/api/ownership-transfers/${accepted.json().transfer_id}/accept`);
    expect(taken.statusCode, taken.body).toBe(200);

    expectNoneOfTheSellers(await whatTheNewOwnerSees(requester, bike.id));
  });
});
