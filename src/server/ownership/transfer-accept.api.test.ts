import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../tests/support/mail.js';
import { authed, type SignedUpUser, uniqueEmail } from '../../../tests/support/test-app.js';
import { api, makePlates } from '../bikes/bike-test-factory.js';
import { bikeCredits, bikeEvents, bikeOwnerships, bikes, documents, pictures, storageTrash } from '../db/schema.js';
import { type OwnershipTest, ownershipTest, startTransfer, uploadDocument, uploadPicture } from './ownership-test-factory.js';

// §2 receive-bike: accepting moves the bike — the old ownership ends, the buyer's starts, the credit
// moves along, what was not handed over is deleted — and history is kept. Two accepts at once: one wins.

let o: OwnershipTest;
beforeAll(async () => {
  o = await ownershipTest();
});
afterAll(() => o.close());

const call = (...args: Parameters<typeof api> extends [unknown, ...infer R] ? R : never) => api(o.t.app, ...args);

const picture = (user: SignedUpUser, bikeId: string, kind = 'public') => uploadPicture(o.t, user, bikeId, kind);
const document = (user: SignedUpUser, bikeId: string) => uploadDocument(o.t, user, bikeId);

describe('accepting a transfer', () => {
  it('moves the bike, its credit and the handed-over pictures to the buyer; the rest is deleted; history is kept', async () => {
    const seller = await o.user({ language: 'en' });
    const buyer = await o.user();
    const [plate] = await makePlates(o.t.database.db, 1);
    const bike = await o.bike(seller, { bikekey_id: plate });
    const kept = await picture(seller, bike.id, 'public');
    const receipt = await document(seller, bike.id);
    const equipment = await call(seller.token, 'POST', `/api/bikes/${bike.id}/equipment/`, { item_type_memo: 'lock' });
    expect(equipment.statusCode).toBe(201);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email, {
      hand_over_pictures: true,
      hand_over_documents: false,
      price_dkk: 900,
    });
    const [receiptRow] = await o.t.database.db.select().from(documents).where(eq(documents.id, receipt.id));

    const res = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', my_side: 'buyer', has_bill_of_sale: false });

    // The old owner loses the bike; the new one has it, paid, with the plate, the equipment and the handed-over picture.
    expect((await call(seller.token, 'GET', `/api/bikes/${bike.id}/`)).statusCode).toBe(404);
    expect((await call(seller.token, 'GET', '/api/bikes/')).json()).toEqual([]);
    const mine = await call(buyer.token, 'GET', `/api/bikes/${bike.id}/`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ bikekey_id: plate, flags: { active: true } });
    expect(mine.json().pictures.map((p: { id: string }) => p.id)).toEqual([kept.id]);
    expect(mine.json().documents).toEqual([]);
    expect(mine.json().equipment).toHaveLength(1);

    const ownerships = await o.t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bike.id));
    expect(ownerships).toHaveLength(2);
    const old = ownerships.find((r) => r.partyId === seller.partyId);
    const next = ownerships.find((r) => r.partyId === buyer.partyId);
    expect(old).toMatchObject({ endReason: 'transferred' });
    expect(old?.endedAt).not.toBeNull();
    expect(next?.endedAt).toBeNull();
    const credits = await o.t.database.db
      .select()
      .from(bikeCredits)
      .where(eq(bikeCredits.bikeOwnershipId, next?.id ?? ''));
    expect(credits.map((c) => c.partyId)).toEqual([buyer.partyId]);

    // The document not handed over is gone, its file queued for removal and then removed.
    expect(await o.t.database.db.select().from(documents).where(eq(documents.id, receipt.id))).toEqual([]);
    expect(await o.stored(receiptRow?.storageKey ?? '')).toBeNull();
    expect(
      await o.t.database.db
        .select()
        .from(storageTrash)
        .where(eq(storageTrash.storageKey, receiptRow?.storageKey ?? '')),
    ).toEqual([]);

    const kinds = await o.t.database.db
      .select({ kind: bikeEvents.kind, ownershipId: bikeEvents.ownershipId, actor: bikeEvents.actorPartyId })
      .from(bikeEvents)
      .where(and(eq(bikeEvents.bikeId, bike.id), inArray(bikeEvents.kind, ['transferred_out', 'transferred_in'])));
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'transferred_out', ownershipId: old?.id, actor: buyer.partyId },
        { kind: 'transferred_in', ownershipId: next?.id, actor: buyer.partyId },
      ]),
    );
    expect((await latestMailTo(o.t.database.db, seller.email)).subject).toBe('Your bike was taken over');

    // The seller keeps the record of the transfer; the bike's transfer list is the new owner's now.
    expect((await call(seller.token, 'GET', `/api/ownership-transfers/${transfer.id}`)).json().status).toBe('accepted');
    expect((await call(seller.token, 'GET', `/api/bikes/${bike.id}/transfers`)).statusCode).toBe(404);
    expect((await call(buyer.token, 'GET', `/api/ownership-transfers/${transfer.id}`)).json().my_side).toBe('buyer');
    const again = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {});
    expect(again.json().code).toBe('transfer_not_pending');
  });

  it('deletes the pictures not handed over (files trashed) and moves the handed-over documents', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const bike = await o.bike(seller);
    const frame = await picture(seller, bike.id, 'frame_number');
    const receipt = await document(seller, bike.id);
    const [frameRow] = await o.t.database.db.select().from(pictures).where(eq(pictures.id, frame.id));
    const transfer = await startTransfer(o.t, seller, bike.id, uniqueEmail(), { hand_over_documents: true });

    const res = await call(buyer.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await call(buyer.token, 'GET', `/api/bikes/${bike.id}/`)).json();
    expect(mine.pictures).toEqual([]);
    expect(mine.documents.map((d: { id: string }) => d.id)).toEqual([receipt.id]);
    expect(await o.t.database.db.select().from(pictures).where(eq(pictures.bikeId, bike.id))).toEqual([]);
    expect(await o.stored(frameRow?.storageKey ?? '')).toBeNull();
    expect(await o.stored(frameRow?.thumbnailKey ?? '')).toBeNull();
  });

  it('refuses a stolen bike, the seller, a stranger without the link and a seller who no longer owns the bike', async () => {
    const seller = await o.user();
    const buyer = await o.user();
    const stranger = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, buyer.email);
    const accept = (token: string, body: unknown = {}) => call(token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, body);

    const self = await accept(seller.token);
    expect(self.statusCode).toBe(422);
    expect(self.json().detail[0].type).toBe('transfer_to_self');
    expect((await accept(stranger.token)).statusCode).toBe(404);
    expect((await accept(stranger.token, { token: 'guess' })).statusCode).toBe(404);
    expect((await accept(buyer.token, { token: 'x'.repeat(201) })).statusCode).toBe(422);
    expect((await call(null, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, {})).statusCode).toBe(401);

    await o.t.database.db.update(bikes).set({ reportedStolen: true }).where(eq(bikes.id, bike.id));
    const stolen = await accept(buyer.token);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('bike_reported_stolen');
    await o.t.database.db.update(bikes).set({ reportedStolen: false }).where(eq(bikes.id, bike.id));

    // The seller's ownership ended meanwhile (e.g. compensated by an insurer): nothing to take over.
    await o.t.database.db
      .update(bikeOwnerships)
      .set({ endedAt: new Date(), endReason: 'compensated' })
      .where(eq(bikeOwnerships.bikeId, bike.id));
    const ended = await accept(buyer.token);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('transfer_not_pending');
  });

  it('lets exactly one of two accepts at once take the bike', async () => {
    const seller = await o.user();
    const first = await o.user();
    const second = await o.user();
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, uniqueEmail());
    const results = await Promise.all(
      [first, second].map((user) => call(user.token, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token })),
    );
    const [won, lost] = [...results].sort((a, b) => a.statusCode - b.statusCode);
    expect(won?.statusCode).toBe(200);
    // The loser either waited on the lock and found it taken (409), or came after and is no longer its recipient (404).
    expect(['409 transfer_not_pending', '404 transfer_not_found']).toContain(`${lost?.statusCode} ${lost?.json().code}`);
    const current = await o.t.database.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bike.id));
    expect(current.filter((r) => r.endedAt === null)).toHaveLength(1);
    expect(current).toHaveLength(2);
  });

  it('lets an organisation take a bike over as the party its member acts as', async () => {
    const seller = await o.user();
    const member = await o.user();
    const created = await o.t.app.inject(
      authed(member.token, { method: 'POST', url: '/api/organisations/', payload: { name: 'Cykelsmeden ApS' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const orgToken = created.json().authentication_token as string;
    const bike = await o.bike(seller);
    const transfer = await startTransfer(o.t, seller, bike.id, member.email);
    const res = await call(orgToken, 'POST', `/api/ownership-transfers/${transfer.id}/accept`, { token: transfer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(orgToken, 'GET', `/api/bikes/${bike.id}/`)).statusCode).toBe(200);
    expect((await call(member.token, 'GET', `/api/bikes/${bike.id}/`)).statusCode).toBe(404);
  });
});
